// Slide ingest, image side: format sniffing, the Deep Zoom pyramid a viewer (OpenSeadragon) loads,
// thumbnails, microns per pixel, and rejection of corrupt or oversized files without leftovers.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ImageRejected } from "../../server/images/image-rejected.ts"
import { micronsPerPixel } from "../../server/images/microns-per-pixel.ts"
import { buildPyramid } from "../../server/images/pyramid.ts"
import { sniffFormat } from "../../server/images/sniff.ts"
import { readResolutionTags } from "../../server/images/tiff-tags.ts"
import { aperioSvs } from "../support/scanner-files.ts"

const IHC = "/work/shared/data/ihc.png"

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pyramid-test-"))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const small = () => sharp({ create: { width: 16, height: 16, channels: 3, background: "#c08040" } })

describe("sniffFormat", () => {
  it("recognises each format by its bytes", async () => {
    expect(sniffFormat(await small().jpeg().toBuffer())).toBe("jpeg")
    expect(sniffFormat(await small().png().toBuffer())).toBe("png")
    expect(sniffFormat(await small().webp().toBuffer())).toBe("webp")
    expect(sniffFormat(await small().tiff().toBuffer())).toBe("tiff")
    expect(sniffFormat(readFileSync(IHC))).toBe("png")
  })

  it("recognises both TIFF byte orders and BigTIFF", () => {
    expect(sniffFormat(Uint8Array.of(0x4d, 0x4d, 0, 42, 0, 0, 0, 8))).toBe("tiff")
    expect(sniffFormat(Uint8Array.of(0x49, 0x49, 43, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0))).toBe("bigtiff")
    expect(sniffFormat(Uint8Array.of(0x4d, 0x4d, 0, 43, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16))).toBe("bigtiff")
  })

  it("rejects what is not an image, however short", () => {
    expect(sniffFormat(new TextEncoder().encode("GIF89a......"))).toBeUndefined()
    expect(sniffFormat(new TextEncoder().encode("RIFF....WAVE"))).toBeUndefined()
    expect(sniffFormat(new TextEncoder().encode("<svg xmlns="))).toBeUndefined()
    expect(sniffFormat(Uint8Array.of(0x49, 0x49, 42))).toBeUndefined()
    expect(sniffFormat(new Uint8Array())).toBeUndefined()
  })
})

describe("micronsPerPixel", () => {
  it("prefers the Aperio MPP in the description", () => {
    const description =
      "Aperio Image Library v11.2.1 \r\n46000x32914 [0,100 46000x32814] (256x256) JPEG/RGB Q=30|AppMag = 20|MPP = 0.2520|Filename = CMU-1"
    expect(micronsPerPixel({ description, xResolution: 1000, resolutionUnit: 3 })).toBe(0.252)
  })

  it("converts resolution per centimetre or inch, and ignores a screen default", () => {
    expect(micronsPerPixel({ xResolution: 40_000, resolutionUnit: 3 })).toBeCloseTo(0.25, 9)
    expect(micronsPerPixel({ xResolution: 50_800, resolutionUnit: 2 })).toBeCloseTo(0.5, 9)
    expect(micronsPerPixel({ xResolution: 72, resolutionUnit: 2 })).toBeNull()
    expect(micronsPerPixel({ xResolution: 40_000, resolutionUnit: 1 })).toBeNull()
    expect(micronsPerPixel({ resolutionUnit: 2 })).toBeNull()
  })
})

/**
 * A minimal big-endian RGB TIFF with an ImageDescription, the way Aperio writes its calibration
 * (sharp cannot write that tag). Description first, then one strip of pixels, then the IFD.
 */
const stripTiff = (width: number, height: number, description: string) => {
  const text = Buffer.from(`${description}\0`, "latin1")
  const pixels = Buffer.alloc(width * height * 3, 0xc0)
  const dataAt = 8 + text.length
  const bitsAt = dataAt + pixels.length
  const ifdAt = bitsAt + 6
  const entries: Array<[tag: number, type: number, count: number, value: number]> = [
    [256, 3, 1, width],
    [257, 3, 1, height],
    [258, 3, 3, bitsAt],
    [259, 3, 1, 1],
    [262, 3, 1, 2],
    [270, 2, text.length, 8],
    [273, 4, 1, dataAt],
    [277, 3, 1, 3],
    [278, 3, 1, height],
    [279, 4, 1, pixels.length]
  ]
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4)
  ifd.writeUInt16BE(entries.length, 0)
  entries.forEach(([tag, type, count, value], i) => {
    const at = 2 + i * 12
    ifd.writeUInt16BE(tag, at)
    ifd.writeUInt16BE(type, at + 2)
    ifd.writeUInt32BE(count, at + 4)
    // A single SHORT sits in the first two bytes of the value field.
    if (type === 3 && count === 1) ifd.writeUInt16BE(value, at + 8)
    else ifd.writeUInt32BE(value, at + 8)
  })
  const header = Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 0])
  header.writeUInt32BE(ifdAt, 4)
  return Buffer.concat([header, text, pixels, Buffer.from([0, 8, 0, 8, 0, 8]), ifd])
}

interface Dzi {
  tileSize: number
  overlap: number
  format: string
  width: number
  height: number
}

const parseDzi = (path: string): Dzi => {
  const xml = readFileSync(path, "utf8")
  const attribute = (name: string) => {
    const value = xml.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1]
    if (value === undefined) throw new Error(`${name} missing from ${xml}`)
    return value
  }
  expect(xml).toContain('xmlns="http://schemas.microsoft.com/deepzoom/2008"')
  return {
    tileSize: Number(attribute("TileSize")),
    overlap: Number(attribute("Overlap")),
    format: attribute("Format"),
    width: Number(attribute("Width")),
    height: Number(attribute("Height"))
  }
}

/** Checks a pyramid the way OpenSeadragon will read it. */
const expectViewablePyramid = async (dziPath: string, width: number, height: number) => {
  const dzi = parseDzi(dziPath)
  expect(dzi).toMatchObject({ tileSize: 256, width, height, format: "jpeg" })
  const filesDir = dziPath.replace(/\.dzi$/, "_files")
  const levels = readdirSync(filesDir)
    .map(Number)
    .sort((a, b) => a - b)
  const levelCount = Math.ceil(Math.log2(Math.max(width, height))) + 1
  expect(levels).toEqual([...Array(levelCount).keys()])

  const top = levelCount - 1
  const columns = Math.ceil(width / 256)
  const rows = Math.ceil(height / 256)
  const tiles = readdirSync(join(filesDir, String(top))).sort()
  expect(tiles).toHaveLength(columns * rows)
  let covered = 0
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const tile = join(filesDir, String(top), `${col}_${row}.jpeg`)
      expect(readFileSync(tile).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
      const meta = await sharp(tile).metadata()
      expect(meta.format).toBe("jpeg")
      expect(meta.width).toBeLessThanOrEqual(256 + 2 * dzi.overlap)
      expect(meta.height).toBeLessThanOrEqual(256 + 2 * dzi.overlap)
      // A tile's own pixels are its size less the overlap borders it shares with neighbours.
      if (row === 0) covered += meta.width - (col > 0 ? dzi.overlap : 0) - (col < columns - 1 ? dzi.overlap : 0)
    }
  }
  expect(covered).toBe(width)
  // The single-pixel level every Deep Zoom pyramid ends in.
  expect((await sharp(join(filesDir, "0", "0_0.jpeg")).metadata()).width).toBe(1)
}

const expectThumbnails = async (thumbnails: { small: string; large: string }) => {
  expect(await sharp(thumbnails.small).metadata()).toMatchObject({ format: "jpeg", width: 77, height: 77 })
  expect(await sharp(thumbnails.large).metadata()).toMatchObject({ format: "jpeg", width: 312, height: 281 })
}

describe("buildPyramid", () => {
  it("builds a Deep Zoom pyramid and thumbnails from a real IHC image", async () => {
    const out = join(dir, "ihc")
    const result = await buildPyramid(IHC, out, "slide")
    expect(result).toMatchObject({ width: 512, height: 512, mpp: null, dzi: join(out, "slide.dzi") })
    await expectViewablePyramid(result.dzi, 512, 512)
    await expectThumbnails(result.thumbnails)
    expect(existsSync(join(out, "slide_files", "vips-properties.xml"))).toBe(false)
    // Only the output itself: no staging directory left beside it.
    expect(readdirSync(dir)).toEqual(["ihc"])
    // The thumbnail is the tissue, not a blank: IHC is brown and blue on white.
    const { channels } = await sharp(result.thumbnails.large).stats()
    expect(channels[0]!.stdev).toBeGreaterThan(10)
  })

  it("builds a multi-thousand-pixel TIFF and reads its microns per pixel", async () => {
    const input = join(dir, "slide.tif")
    const width = 3000
    const height = 2000
    // A gradient with noise, so tiles carry real (non-constant) content.
    await sharp({ create: { width, height, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .tiff({ compression: "jpeg", quality: 80, tile: true, tileWidth: 256, tileHeight: 256, xres: 4000, yres: 4000, resolutionUnit: "cm" })
      .toFile(input)
    // sharp's xres is pixels per mm: 4000 px/mm is 0.25 µm/px (a 40x scan).
    const result = await buildPyramid(input, join(dir, "out"), "slide")
    expect(result.width).toBe(width)
    expect(result.height).toBe(height)
    expect(result.mpp).toBeCloseTo(0.25, 6)
    await expectViewablePyramid(result.dzi, width, height)
    await expectThumbnails(result.thumbnails)
  })

  it("builds a scanner's pyramidal TIFF from its full-resolution level, not a reduced one", async () => {
    const input = join(dir, "pyramidal.tif")
    const width = 2600
    const height = 1700
    // Tiled, JPEG, with its own reduced levels as further pages: the layout of scanner exports.
    await sharp({ create: { width, height, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .tiff({
        compression: "jpeg",
        quality: 80,
        tile: true,
        tileWidth: 256,
        tileHeight: 256,
        pyramid: true,
        bigtiff: true,
        xres: 2000,
        yres: 2000,
        resolutionUnit: "cm"
      })
      .toFile(input)
    expect((await sharp(input).metadata()).pages).toBeGreaterThan(1)
    const result = await buildPyramid(input, join(dir, "out"), "slide")
    expect(result).toMatchObject({ width, height })
    expect(result.mpp).toBeCloseTo(0.5, 6)
    await expectViewablePyramid(result.dzi, width, height)
  })

  it("reads resolution in inches, big-endian, and from BigTIFF", async () => {
    const inch = join(dir, "inch.tif")
    await small().tiff({ xres: 2000, yres: 2000, resolutionUnit: "inch" }).toFile(inch)
    expect(micronsPerPixel(await readResolutionTags(inch))).toBeCloseTo(0.5, 3)
    const big = join(dir, "big.tif")
    await small().tiff({ bigtiff: true, xres: 2000, yres: 2000, resolutionUnit: "cm" }).toFile(big)
    expect(sniffFormat(readFileSync(big))).toBe("bigtiff")
    expect(micronsPerPixel(await readResolutionTags(big))).toBeCloseTo(0.5, 6)
    const result = await buildPyramid(big, join(dir, "big"), "slide")
    expect(result).toMatchObject({ width: 16, height: 16 })
    expect(result.mpp).toBeCloseTo(0.5, 6)
  })

  // A real Aperio SVS, read by OpenSlide through the system's libvips: JPEG tiles, and JPEG 2000
  // tiles that sharp's libtiff cannot decode at all.
  for (const tiles of ["jpeg", "j2k"] as const)
    it(`builds an Aperio SVS of ${tiles === "jpeg" ? "JPEG" : "JPEG 2000"} tiles through OpenSlide, with its mpp and scanner`, async () => {
      const svs = await aperioSvs(dir, `case-${tiles}.svs`, {
        width: 1500,
        height: 1100,
        tiles,
        mpp: 0.499,
        appMag: 20,
        scanner: "SS1302",
        date: "11/28/26"
      })
      if (tiles === "j2k")
        await expect(
          sharp(svs)
            .metadata()
            .then(() => sharp(svs).raw().toBuffer())
        ).rejects.toThrow()
      const result = await buildPyramid(svs, join(dir, `out-${tiles}`), "slide")
      expect(result).toMatchObject({
        width: 1500,
        height: 1100,
        mpp: 0.499,
        scanner: { vendor: "aperio", model: "SS1302", objective: 20, scanned: "11/28/26 09:15:02" }
      })
      await expectViewablePyramid(result.dzi, 1500, 1100)
      await expectThumbnails(result.thumbnails)
      // Nothing of what the scanner wrote beside the pixels is published (the operator, the case).
      const published = readdirSync(join(dir, `out-${tiles}`), { recursive: true }).map(String)
      expect(published.some((file) => file.endsWith(".xml"))).toBe(false)
      const tile = readFileSync(join(dir, `out-${tiles}`, "slide_files", "11", "0_0.jpeg"))
      expect(tile.includes("CASE-2026-0042")).toBe(false)
      expect((await sharp(result.thumbnails.large).stats()).channels[0]!.stdev).toBeGreaterThan(10)
    })

  it("without the system's vips, refuses an SVS of JPEG 2000 tiles naming the package to install", async () => {
    const svs = await aperioSvs(dir, "j2k.svs", {
      width: 600,
      height: 400,
      tiles: "j2k",
      mpp: 0.25,
      appMag: 40,
      scanner: "SS1",
      date: "1/2/26"
    })
    const path = process.env.PATH
    process.env.PATH = join(dir, "no-tools-here")
    try {
      const refused = await buildPyramid(svs, join(dir, "out"), "slide").catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ImageRejected)
      expect((refused as ImageRejected).reason).toBe("unsupported")
      expect((refused as ImageRejected).message).toMatch(/install libvips-tools/)
    } finally {
      process.env.PATH = path
    }
    expect(existsSync(join(dir, "out"))).toBe(false)
  })

  it("reads an Aperio SVS-style description", async () => {
    const svs = join(dir, "aperio.svs")
    const description = "Aperio Image Library v12.0.15 \r\n8x4 [0,0 8x4] (256x256) JPEG/RGB Q=70|AppMag = 40|MPP = 0.2520"
    writeFileSync(svs, stripTiff(8, 4, description))
    const tags = await readResolutionTags(svs)
    expect(tags?.description).toContain("MPP = 0.2520")
    expect(await buildPyramid(svs, join(dir, "svs"), "slide")).toMatchObject({ width: 8, height: 4, mpp: 0.252 })
  })

  // A description of NULs with text after them took /\0+$/ quadratic time to trim (seconds at the
  // 64 KB it reads); compared with a plain description of the same size, read in the same run.
  it("reads a description of many NULs before text as fast as a plain one of the same size", async () => {
    const hostile = join(dir, "nuls.svs")
    const plain = join(dir, "plain.svs")
    writeFileSync(hostile, stripTiff(8, 4, `${"\0".repeat(30_000)}MPP = 0.25`))
    writeFileSync(plain, stripTiff(8, 4, `${"a".repeat(30_000)}MPP = 0.25`))
    expect((await readResolutionTags(hostile))?.description).toBe(`${"\0".repeat(30_000)}MPP = 0.25`)
    const fastest = async (path: string) => {
      let best = Number.POSITIVE_INFINITY
      for (let i = 0; i < 3; i++) {
        const start = performance.now()
        await readResolutionTags(path)
        best = Math.min(best, performance.now() - start)
      }
      return best
    }
    const plainTime = await fastest(plain)
    const hostileTime = await fastest(hostile)
    expect(hostileTime / plainTime, `${hostileTime.toFixed(2)} ms against ${plainTime.toFixed(2)} ms`).toBeLessThan(10)
  })

  const expectRejected = async (input: string, reason: ImageRejected["reason"], limitInputPixels?: number) => {
    const out = join(dir, "out")
    const failure = await buildPyramid(input, out, "slide", limitInputPixels ? { limitInputPixels } : {}).then(
      () => undefined,
      (error: unknown) => error
    )
    expect(failure).toBeInstanceOf(ImageRejected)
    expect((failure as ImageRejected).reason).toBe(reason)
    expect(existsSync(out)).toBe(false)
    // Neither the output nor a staging directory is left beside the input.
    expect(readdirSync(dir).filter((entry) => !entry.startsWith("input"))).toEqual([])
  }

  it("rejects a truncated JPEG as corrupt and leaves nothing behind", async () => {
    const whole = await sharp(IHC).jpeg({ quality: 90 }).toBuffer()
    const input = join(dir, "input.jpg")
    writeFileSync(input, whole.subarray(0, Math.floor(whole.length / 2)))
    await expectRejected(input, "corrupt")
  })

  it("rejects a TIFF whose tile data is cut off as corrupt and leaves nothing behind", async () => {
    const tiff = await sharp({
      create: { width: 2048, height: 2048, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 30 } }
    })
      .tiff({ tile: true, compression: "jpeg" })
      .toBuffer()
    const input = join(dir, "input.tif")
    // Keep the header and IFD (sharp writes them first) but lose the later tiles.
    writeFileSync(input, tiff.subarray(0, Math.floor(tiff.length * 0.6)))
    await expectRejected(input, "corrupt")
  })

  it("rejects an image over the pixel limit", async () => {
    await expectRejected(IHC, "too-large", 512 * 512 - 1)
  })

  it("rejects formats that are not slides, by content", async () => {
    const input = join(dir, "input.png")
    writeFileSync(input, await small().gif().toBuffer())
    await expectRejected(input, "unsupported")
  })
})
