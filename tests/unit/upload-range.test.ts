// Chunked upload rules: reading Content-Range, and what a chunk means against the bytes held.
import { describe, expect, it } from "vitest"
import { decideChunk, parseContentRange } from "../../server/domain/upload-range.ts"

describe("parseContentRange", () => {
  it("reads start, inclusive end and total", () => {
    expect(parseContentRange("bytes 0-8388607/20000000")).toEqual({ start: 0, end: 8_388_607, total: 20_000_000 })
    expect(parseContentRange("Bytes 5-5/6")).toEqual({ start: 5, end: 5, total: 6 })
  })

  it("refuses what is not a range inside its total", () => {
    for (const header of [
      undefined,
      "",
      "bytes */100",
      "bytes 0-9/*",
      "bytes 10-9/20",
      "bytes 0-20/20",
      "items 0-1/2",
      "bytes -1-2/3",
      "bytes 0-1/99999999999999999"
    ]) {
      expect(parseContentRange(header), String(header)).toBeUndefined()
    }
  })
})

describe("decideChunk", () => {
  const held = { received: 100, total: 300 }
  it("appends a chunk that starts where the held bytes end", () => {
    expect(decideChunk(held, { start: 100, end: 199, total: 300 })).toEqual({ kind: "append" })
  })

  it("answers a chunk held already as a duplicate, changing nothing", () => {
    expect(decideChunk(held, { start: 0, end: 99, total: 300 })).toEqual({ kind: "duplicate" })
    expect(decideChunk(held, { start: 50, end: 60, total: 300 })).toEqual({ kind: "duplicate" })
  })

  it("refuses a gap or a partial overlap with the held offset", () => {
    expect(decideChunk(held, { start: 200, end: 299, total: 300 })).toEqual({ kind: "mismatch", offset: 100 })
    expect(decideChunk(held, { start: 50, end: 149, total: 300 })).toEqual({ kind: "mismatch", offset: 100 })
  })

  it("refuses a chunk of a file of another size", () => {
    expect(decideChunk(held, { start: 100, end: 199, total: 301 })).toEqual({ kind: "wrong-total" })
  })
})
