// What a Deep Zoom import must be: the descriptor read strictly, the levels and tiles it implies
// (as libvips writes them), and the zip entry names accepted.
import { describe, expect, it } from "vitest"
import { classifyEntry, expectedTiles, missingOrExtra } from "../../server/domain/dzi-archive.ts"
import {
  DZI_MAX_BYTES,
  type DziDescriptor,
  dziXml,
  levelsOf,
  maxLevel,
  parseDzi,
  tileDimensions
} from "../../server/domain/dzi-descriptor.ts"
import { fastest } from "../support/timing.ts"

const xml = (image: string, size = 'Width="700" Height="500"') =>
  `<?xml version="1.0"?><Image xmlns="http://schemas.microsoft.com/deepzoom/2008" ${image}><Size ${size}/></Image>`

describe("parseDzi", () => {
  it("reads tile size, overlap, format and size, and writes it back canonically", () => {
    const d = parseDzi(xml('TileSize="254" Overlap="1" Format="jpg"')) as DziDescriptor
    expect(d).toEqual({ tileSize: 254, overlap: 1, format: "jpg", width: 700, height: 500 })
    expect(parseDzi(dziXml(d))).toEqual(d)
  })

  it("refuses what is missing, unsupported or dangerous", () => {
    const refused = [
      xml('Overlap="1" Format="jpeg"'),
      xml('TileSize="256" Overlap="1" Format="gif"'),
      xml('TileSize="63" Overlap="1" Format="jpeg"'),
      xml('TileSize="256" Overlap="200" Format="png"'),
      xml('TileSize="256" Overlap="1" Format="png"', 'Width="0" Height="5"'),
      xml('TileSize="256" Overlap="1" Format="png"', 'Width="-5" Height="5"'),
      `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${xml('TileSize="256" Overlap="1" Format="png"')}`,
      `${xml('TileSize="256" Overlap="1" Format="png"')}${xml('TileSize="256" Overlap="1" Format="png"')}`,
      xml('TileSize="256" Overlap="1" Format="png"').replace("</Image>", "<DisplayRects></DisplayRects></Image>")
    ]
    for (const text of refused) expect(parseDzi(text), text).toHaveProperty("error")
  })

  // Many "<Image" that never close each used to be read to the end of the text: quadratic, a third
  // of a second for one descriptor at the size limit. Against a plain descriptor of the same size.
  it("refuses a descriptor of unclosed tags as fast as it reads a plain one of the same size", () => {
    const hostile = "<Image<m".repeat(DZI_MAX_BYTES / 8 - 1)
    const valid = xml('TileSize="254" Overlap="1" Format="jpg"')
    const plain = valid.replace("</Image>", `${" ".repeat(hostile.length - valid.length)}</Image>`)
    expect(parseDzi(hostile)).toHaveProperty("error")
    expect(parseDzi(plain)).toEqual({ tileSize: 254, overlap: 1, format: "jpg", width: 700, height: 500 })
    const plainTime = fastest(() => parseDzi(plain))
    const hostileTime = fastest(() => parseDzi(hostile))
    // Both linear, they differ by a small factor (8,000 tag starts against two); quadratic, by thousands.
    expect(hostileTime / plainTime, `${hostileTime.toFixed(2)} ms against ${plainTime.toFixed(2)} ms`).toBeLessThan(50)
  })
})

describe("levels and tiles", () => {
  const d: DziDescriptor = { tileSize: 256, overlap: 1, format: "jpeg", width: 700, height: 500 }

  it("halves rounding up from full size down to one pixel", () => {
    expect(maxLevel(700, 500)).toBe(10)
    expect(maxLevel(1, 1)).toBe(0)
    expect(maxLevel(1024, 3)).toBe(10)
    const levels = levelsOf(d)
    expect(levels).toHaveLength(11)
    expect(levels[10]).toEqual({ level: 10, width: 700, height: 500, cols: 3, rows: 2 })
    expect(levels[9]).toEqual({ level: 9, width: 350, height: 250, cols: 2, rows: 1 })
    expect(levels[0]).toEqual({ level: 0, width: 1, height: 1, cols: 1, rows: 1 })
  })

  it("sizes each tile with the overlap on its inner edges", () => {
    const top = levelsOf(d)[10]!
    expect(tileDimensions(d, top, 0, 0)).toEqual({ width: 257, height: 257 })
    expect(tileDimensions(d, top, 1, 1)).toEqual({ width: 258, height: 245 })
    expect(tileDimensions(d, top, 2, 0)).toEqual({ width: 189, height: 257 })
  })

  it("expects exactly the tiles of every level", () => {
    const expected = expectedTiles(d)
    expect(expected.size).toBe(6 + 2 + 9)
    expect(missingOrExtra(expected, new Set(expected))).toBeUndefined()
    const short = new Set(expected)
    short.delete("10/2_1")
    expect(missingOrExtra(expected, short)).toBe("missing tile 10/2_1")
    expect(missingOrExtra(expected, new Set([...expected, "11/0_0"]))).toBe("unexpected tile 11/0_0")
  })
})

describe("zip entry names", () => {
  it("accepts the descriptor, its tiles, directories and the archivers' extras", () => {
    expect(classifyEntry("scan.dzi")).toEqual({ kind: "descriptor", base: "scan" })
    expect(classifyEntry("out/scan.dzi")).toEqual({ kind: "descriptor", base: "out/scan" })
    expect(classifyEntry("out/scan_files/12/3_4.jpeg")).toEqual({ kind: "tile", base: "out/scan", level: 12, col: 3, row: 4, ext: "jpeg" })
    expect(classifyEntry("out/scan_files/")).toEqual({ kind: "directory" })
    expect(classifyEntry("__MACOSX/out/._scan.dzi")).toEqual({ kind: "ignored" })
    expect(classifyEntry("out/scan_files/vips-properties.xml")).toEqual({ kind: "ignored" })
  })

  it("refuses anything else, paths out of the archive first", () => {
    for (const name of [
      "../scan.dzi",
      "/etc/scan.dzi",
      "out/../../scan_files/0/0_0.jpeg",
      "scan_files/0/0_0.gif",
      "scan_files/a/0_0.jpeg",
      "readme.txt",
      ".hidden/scan.dzi"
    ]) {
      expect(classifyEntry(name).kind, name).toBe("unexpected")
    }
  })
})
