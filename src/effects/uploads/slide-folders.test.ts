// Dropped or picked folders sorted into uploads (slide-folders.ts) and the zip made of a set
// (folder-zip.ts), read back by yauzl as the server reads it: same names, same bytes, CRCs that check.
import { buffer } from "node:stream/consumers"
import { crc32 } from "node:zlib"
import { describe, expect, it } from "vitest"
import yauzl from "yauzl"
import { crc32Of, zipFolder } from "./folder-zip.ts"
import { sortPicked } from "./slide-folders.ts"

const file = (path: string, text = path) => ({ path, file: new File([text], path.slice(path.lastIndexOf("/") + 1)) })
const paths = (set: { files: ReadonlyArray<{ path: string }> }) => set.files.map((f) => f.path).sort()

describe("sortPicked", () => {
  it("makes an MRXS folder and its .mrxs one set named after it; other files stay loose, hidden ones go", () => {
    const { sets, loose } = sortPicked([
      file("Slide 1.mrxs"),
      file("Slide 1/Slidedat.ini"),
      file("Slide 1/Index.dat"),
      file("Slide 1/Data0000.dat"),
      file("Slide 1/.DS_Store"),
      file("photo.jpg")
    ])
    expect(sets.map((s) => s.name)).toEqual(["Slide 1.zip"])
    expect(paths(sets[0]!)).toEqual(["Slide 1.mrxs", "Slide 1/Data0000.dat", "Slide 1/Index.dat", "Slide 1/Slidedat.ini"])
    expect(loose.map((f) => f.name)).toEqual(["photo.jpg"])
  })

  it("finds each slide in a picked folder of several, and the folder alone without its .mrxs", () => {
    const { sets, loose } = sortPicked([
      file("Scans/A.mrxs"),
      file("Scans/A/Slidedat.ini"),
      file("Scans/A/Data0000.dat"),
      file("Scans/B/Slidedat.ini"),
      file("Scans/B/Data0000.dat"),
      file("Scans/notes.txt")
    ])
    expect(sets.map((s) => s.name)).toEqual(["A.zip", "B.zip"])
    expect(paths(sets[0]!)).toEqual(["A.mrxs", "A/Data0000.dat", "A/Slidedat.ini"])
    expect(paths(sets[1]!)).toEqual(["B/Data0000.dat", "B/Slidedat.ini"])
    expect(loose.map((f) => f.name)).toEqual(["notes.txt"])
  })

  it("makes a VMS folder and a DICOM series a set each; a folder of pictures is no set", () => {
    const { sets, loose } = sortPicked([
      file("V/case.vms"),
      file("V/case.jpg"),
      file("V/case_map.jpg"),
      file("Series/1.dcm"),
      file("Series/2.dcm"),
      file("Pictures/a.jpg"),
      file("Pictures/b.png")
    ])
    expect(sets.map((s) => s.name)).toEqual(["case.zip", "Series.zip"])
    expect(paths(sets[0]!)).toEqual(["case.jpg", "case.vms", "case_map.jpg"])
    expect(paths(sets[1]!)).toEqual(["1.dcm", "2.dcm"])
    expect(loose.map((f) => f.name)).toEqual(["a.jpg", "b.png"])
  })
})

describe("zipFolder", () => {
  it("writes a zip yauzl reads back whole: names, bytes, CRCs", async () => {
    const big = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251)
    const files = [
      { path: "Slide 1.mrxs", file: new Blob(["MIRAX"]) },
      { path: "Slide 1/Data0000.dat", file: new Blob([big]) },
      { path: "Slide 1/Ünïcode.ini", file: new Blob(["[GENERAL]\n"]) }
    ]
    const zipped = await zipFolder(files, "Slide 1.zip")
    expect(zipped.name).toBe("Slide 1.zip")
    // Eight bytes a step, and the bytes left over at any length.
    for (const length of [0, 1, 7, 9, 299_997, big.length])
      expect(await crc32Of(new Blob([big.subarray(0, length)]))).toBe(crc32(big.subarray(0, length)))
    const zip = await yauzl.fromBufferPromise(Buffer.from(await zipped.arrayBuffer()), { lazyEntries: true, validateEntrySizes: true })
    const read: Record<string, Buffer> = {}
    for await (const entry of zip.eachEntry()) {
      const data = await buffer(await zip.openReadStreamPromise(entry))
      expect(crc32(data)).toBe(entry.crc32)
      expect(entry.compressionMethod).toBe(0)
      read[entry.fileName] = data
    }
    expect(Object.keys(read)).toEqual(files.map((f) => f.path))
    expect(read["Slide 1/Data0000.dat"]!.equals(Buffer.from(big))).toBe(true)
    expect(read["Slide 1.mrxs"]!.toString()).toBe("MIRAX")
  })
})
