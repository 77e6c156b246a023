// The frames of encapsulated DICOM pixel data, found by walking the items in the file instead of
// parsing it whole: one fragment per frame (tiled), fragments grouped by the Basic Offset Table, a
// single frame in several fragments; and a clear refusal where the frames cannot be told apart.
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { frameRanges, frameReader } from "../../server/images/dicom-frames.ts"

const item = (element: number, body: Uint8Array) => {
  const out = new Uint8Array(8 + body.length)
  const view = new DataView(out.buffer)
  view.setUint16(0, 0xfffe, true)
  view.setUint16(2, element, true)
  view.setUint32(4, body.length, true)
  out.set(body, 8)
  return out
}
const table = (offsets: ReadonlyArray<number>) => {
  const bytes = new Uint8Array(offsets.length * 4)
  const view = new DataView(bytes.buffer)
  for (const [i, o] of offsets.entries()) view.setUint32(i * 4, o, true)
  return bytes
}
/** A file of `prefix` bytes of anything, then the pixel data's items; answers its path and where they start. */
const file = (items: ReadonlyArray<Uint8Array>) => {
  const prefix = new Uint8Array(300).fill(7)
  const end = item(0xe0dd, new Uint8Array(0))
  const path = join(mkdtempSync(join(tmpdir(), "frames-")), "instance.dcm")
  writeFileSync(path, Buffer.concat([prefix, ...items, end]))
  return { path, pixelData: prefix.length }
}
const bytes = (...values: number[]) => new Uint8Array(values)
const read = async (path: string, ranges: Awaited<ReturnType<typeof frameRanges>>) => {
  const reader = await frameReader(path)
  try {
    return await Promise.all(ranges.map((range) => reader.read(range).then((b) => [...b])))
  } finally {
    await reader.close()
  }
}

describe("frames of encapsulated pixel data, read from the file", () => {
  it("one fragment per frame, with an empty offset table", async () => {
    const { path, pixelData } = file([item(0xe000, new Uint8Array(0)), item(0xe000, bytes(1, 2)), item(0xe000, bytes(3, 4, 5, 6))])
    expect(await read(path, await frameRanges(path, pixelData, 2))).toEqual([
      [1, 2],
      [3, 4, 5, 6]
    ])
  })

  it("fragments grouped into frames by the offset table", async () => {
    // Frame 0: fragments of 2 and 4 bytes (items of 10 and 12 bytes); frame 1 starts 22 bytes in.
    const { path, pixelData } = file([
      item(0xe000, table([0, 22])),
      item(0xe000, bytes(1, 2)),
      item(0xe000, bytes(3, 4, 5, 6)),
      item(0xe000, bytes(9, 9))
    ])
    expect(await read(path, await frameRanges(path, pixelData, 2))).toEqual([
      [1, 2, 3, 4, 5, 6],
      [9, 9]
    ])
  })

  it("a single frame in several fragments", async () => {
    const { path, pixelData } = file([item(0xe000, new Uint8Array(0)), item(0xe000, bytes(1, 2)), item(0xe000, bytes(3, 4))])
    expect(await read(path, await frameRanges(path, pixelData, 1))).toEqual([[1, 2, 3, 4]])
  })

  it("refuses more fragments than frames without a table, and a broken item", async () => {
    const { path, pixelData } = file([
      item(0xe000, new Uint8Array(0)),
      item(0xe000, bytes(1, 2)),
      item(0xe000, bytes(3, 4)),
      item(0xe000, bytes(5, 6))
    ])
    await expect(frameRanges(path, pixelData, 2)).rejects.toThrow(/3 fragments for 2 frames/)
    await expect(frameRanges(path, pixelData + 1, 2)).rejects.toThrow(/no item/)
  })
})
