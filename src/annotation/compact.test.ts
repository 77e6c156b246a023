import { describe, expect, it } from "vitest"
import { shapesOfCompact } from "./store/shape.ts"
import { type CompactHeader, CompactError, decodeCompact, KINDS, encodeCompact, float64Bytes, float64sOf } from "./compact.ts"

const hex = (values: Float64Array) => Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("hex")

/** Numbers a decimal round trip or a float32 would change, and -0 and a subnormal, which only bits tell apart. */
const awkward = Float64Array.from([0.1, 0.2, 0.30000000000000004, 1e-7, 16_777_216, 123_456.789_012_345_67, -0, 5e-324, 2 / 3, -5.5])

const header = (id: string, rows: ReadonlyArray<number>): CompactHeader => ({
  count: rows.length,
  labels: [{ id: "l1", name: "Tumour", color: "#FF0000" }],
  authors: [
    { id: "u1", name: "Ada", email: "ada@example.com" },
    { id: "u2", name: "", email: "bob@example.com" }
  ],
  times: ["2025-01-01T00:00:00.000Z"],
  ids: rows.map((_, i) => `${id}${i}`),
  versions: rows.map((_, i) => i + 1),
  kinds: rows.map((_, i) => i % 4),
  label: rows.map(() => 0),
  author: rows.map((_, i) => i % 2),
  visible: rows.map((_, i) => (i === 0 ? 0 : 1)),
  vertices: rows,
  created: rows.map(() => 0),
  comments: rows.length > 1 ? { 1: ["mitosis", "and another"] } : {}
})

const encode = (h: CompactHeader, coords: Float64Array) => {
  const rows: Array<Uint8Array> = []
  let at = 0
  for (const n of h.vertices) {
    rows.push(float64Bytes(coords.subarray(at, at + n * 2)))
    at += n * 2
  }
  return encodeCompact(h, rows)
}

describe("the compact answer", () => {
  it("reads back the header and every coordinate bit for bit, viewed in place, whatever the header's length", () => {
    // Ids of every length from 1 to 9 characters move the coordinates across every padding.
    for (let extra = 1; extra <= 9; extra++) {
      const h = header("x".repeat(extra), [2, 3])
      const bytes = encode(h, awkward)
      const read = decodeCompact(bytes)
      expect(hex(read.coords)).toBe(hex(awkward))
      expect(Object.is(read.coords[6], -0)).toBe(true)
      expect(read.coords.buffer).toBe(bytes.buffer)
      expect(read.coords.byteOffset % 8).toBe(0)
      const { coords: _, ...rest } = read
      const plain = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v]))
      expect(plain).toEqual({ ...JSON.parse(JSON.stringify(h)), detection: [0, 0] })
    }
  })

  it("copies coordinates that do not sit on an 8-byte boundary", () => {
    const bytes = encode(header("a", [2, 3]), awkward)
    const shifted = new Uint8Array(bytes.length + 1)
    shifted.set(bytes, 1)
    const read = decodeCompact(shifted.subarray(1))
    expect(hex(read.coords)).toBe(hex(awkward))
    expect(hex(float64sOf(float64Bytes(awkward)))).toBe(hex(awkward))
  })

  it("sends the ids as one string joined by commas, and refuses one that does not split into a row each", () => {
    const bytes = encode(header("a", [2, 3]), awkward)
    const length = new DataView(bytes.buffer).getUint32(0, true)
    const sent = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))) as { ids: unknown }
    expect(sent.ids).toBe("a0,a1")
    expect(decodeCompact(encodeCompact({ ...header("a", [2, 3]), ids: "a0,a1" }, [float64Bytes(awkward)])).ids).toEqual(["a0", "a1"])
    expect(() => decodeCompact(encodeCompact({ ...header("a", [2, 3]), ids: "a0,a1,a2" }, [float64Bytes(awkward)]))).toThrow(
      /ids column does not have 2 rows/
    )
  })

  it("reads an empty slide", () => {
    const read = decodeCompact(encode(header("a", []), new Float64Array(0)))
    expect(read.count).toBe(0)
    expect(read.coords).toHaveLength(0)
  })

  it("refuses an answer whose header does not match what follows", () => {
    const good = header("a", [2, 3])
    const refused = (h: CompactHeader) => expect(() => decodeCompact(encode(h, awkward))).toThrow(CompactError)
    expect(() => decodeCompact(encodeCompact({ ...good, vertices: [2, 2] }, [float64Bytes(awkward)]))).toThrow(/counts 4 vertices/)
    refused({ ...good, ids: ["only one"] })
    refused({ ...good, label: [0, 1] })
    expect(() => encode({ ...good, author: [0, -1] }, awkward)).toThrow(/author column holds -1/)
    refused({ ...good, kinds: [0, KINDS.length] })
    refused({ ...good, visible: [1, 2] })
    expect(() => encode({ ...good, created: [0, 0.5] }, awkward)).toThrow(/created column holds 0.5/)
    // Columns that run past the header.
    const cut = encode(good, awkward).slice()
    new DataView(cut.buffer).setUint32(4, 16, true)
    expect(() => decodeCompact(cut)).toThrow(CompactError)
    refused({ ...good, comments: { 2: ["past the end"] } })
    refused({ ...good, props: { 2: { name: "past the end" } } })
    refused({ ...good, props: { "-1": { locked: true } } })
    refused({ ...good, detection: [0] })
    refused({ ...good, detection: [0, 2] })
    const bytes = encode(good, awkward)
    expect(() => decodeCompact(bytes.subarray(0, bytes.length - 8))).toThrow(CompactError)
    expect(() => decodeCompact(bytes.subarray(0, bytes.length - 3))).toThrow(CompactError)
    expect(() => decodeCompact(bytes.subarray(0, 10))).toThrow(CompactError)
    expect(() => decodeCompact(new Uint8Array(2))).toThrow(CompactError)
  })

  it("gives an analysis' detections one shared lock and no props of their own; a drawn shape keeps its own", () => {
    const h = { ...header("d", [1, 1, 1]), kinds: [3, 3, 3], props: { 0: { name: "Mitosis" } }, detection: [0, 1, 1] }
    const shapes = shapesOfCompact(decodeCompact(encode(h, Float64Array.from([1, 2, 3, 4, 5, 6]))))
    expect(shapes.map((shape) => [shape.detection ?? false, shape.props])).toEqual([
      [false, { name: "Mitosis" }],
      [true, { locked: true }],
      [true, { locked: true }]
    ])
    expect(shapes[1]!.props).toBe(shapes[2]!.props)
    expect(shapes[2]!.coords).toEqual(Float64Array.from([5, 6]))
  })
})
