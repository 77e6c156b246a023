// A Hamamatsu VMS set made here that OpenSlide 3.4 reads (openslide-vendor-hamamatsu.c at v3.4.1):
// a key file whose [Virtual Microscope Specimen] group names the image JPEG(s), a map JPEG and a
// macro, with SourceLens and the physical size in nanometres; every JPEG but the macro must carry
// restart markers, OpenSlide's tiles being the runs of MCUs between them.
//
// sharp (libjpeg-turbo through libvips) cannot set a restart interval, so restartJpeg splices one:
// each run (a tile `run` pixels wide, one 8-pixel MCU row high) is encoded alone with the same
// quality and the standard Huffman tables, and its entropy-coded data, which starts with the DC
// predictors at zero and ends byte-aligned exactly as a restart segment does, is joined to the
// others with RSTn markers after one header that says the whole size and the interval (DRI).
import { rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import sharp from "sharp"
import { source } from "./scanner-files.ts"

// No chroma subsampling: an MCU is 8 x 8 pixels. With 4:2:0 (16 x 16) libjpeg's smooth upsampling
// reads the next MCU row ahead, past OpenSlide's one-row tile, and finds the end instead of RST0.
const MCU = 8

interface Segment {
  readonly marker: number
  readonly bytes: Buffer
}

/** A baseline JPEG's marker segments before its scan, and the scan's entropy-coded data. */
const split = (jpeg: Buffer): { header: Segment[]; scan: Buffer } => {
  const header: Segment[] = []
  let at = 2
  for (;;) {
    const marker = jpeg[at + 1]!
    const length = jpeg.readUInt16BE(at + 2)
    const bytes = jpeg.subarray(at, at + 2 + length)
    header.push({ marker, bytes })
    at += 2 + length
    if (marker === 0xda) break
  }
  // The scan runs to the EOI marker (FFD9) at the end; FF bytes inside it are stuffed (FF00).
  return { header, scan: jpeg.subarray(at, jpeg.length - 2) }
}

/** `raw` RGB pixels (width a multiple of `run`, height of 8) as a JPEG with a restart marker every `run` pixels. */
export const restartJpeg = async (raw: Buffer, width: number, height: number, run: number, quality = 85): Promise<Buffer> => {
  if (width % run || run % MCU || height % MCU) throw new Error(`restartJpeg: ${width}x${height} does not divide into ${run}x${MCU} runs`)
  const image = sharp(raw, { raw: { width, height, channels: 3 } })
  const scans: Buffer[] = []
  let header: Segment[] = []
  for (let top = 0; top < height; top += MCU) {
    for (let left = 0; left < width; left += run) {
      const piece = await image
        .clone()
        .extract({ left, top, width: run, height: MCU })
        .jpeg({ quality, chromaSubsampling: "4:4:4", optimiseCoding: false })
        .toBuffer()
      const parts = split(piece)
      if (header.length === 0) header = parts.header
      scans.push(Buffer.from(parts.scan))
    }
  }
  const out: Buffer[] = [Buffer.from([0xff, 0xd8])]
  for (const segment of header) {
    if (segment.marker === 0xda) {
      const dri = Buffer.from([0xff, 0xdd, 0, 4, 0, 0])
      dri.writeUInt16BE(run / MCU, 4)
      out.push(dri)
    }
    if (segment.marker === 0xc0) {
      // SOF0: precision at 4, then height and width.
      const sof = Buffer.from(segment.bytes)
      sof.writeUInt16BE(height, 5)
      sof.writeUInt16BE(width, 7)
      out.push(sof)
    } else out.push(segment.bytes)
  }
  scans.forEach((scan, i) => {
    if (i > 0) out.push(Buffer.from([0xff, 0xd0 + ((i - 1) % 8)]))
    out.push(scan)
  })
  out.push(Buffer.from([0xff, 0xd9]))
  return Buffer.concat(out)
}

export interface VmsOptions {
  readonly width: number
  readonly height: number
  readonly mpp: number
  readonly lens: number
}

/**
 * Writes a VMS set into `dir` (`<name>.vms`, `<name>.jpg`, `<name>_map.jpg`, `<name>_macro.jpg`)
 * and answers the key file's path. Width a multiple of 256, height of 64.
 */
export const vmsSet = async (dir: string, name: string, options: VmsOptions): Promise<string> => {
  const png = join(dir, `${name}.source.png`)
  await source(png, options.width, options.height)
  const raw = await sharp(png).removeAlpha().raw().toBuffer()
  await writeFile(join(dir, `${name}.jpg`), await restartJpeg(raw, options.width, options.height, 256))
  const [mapWidth, mapHeight] = [options.width / 8, Math.ceil(options.height / 8 / MCU) * MCU]
  const map = await sharp(png).resize(mapWidth, mapHeight, { fit: "fill" }).removeAlpha().raw().toBuffer()
  await writeFile(join(dir, `${name}_map.jpg`), await restartJpeg(map, mapWidth, mapHeight, mapWidth))
  await sharp(png)
    .resize(200)
    .removeAlpha()
    .jpeg()
    .toFile(join(dir, `${name}_macro.jpg`))
  await rm(png)
  const nm = (pixels: number) => Math.round(pixels * options.mpp * 1000)
  const key = [
    "[Virtual Microscope Specimen]",
    "NoLayers=1",
    "NoJpegColumns=1",
    "NoJpegRows=1",
    `ImageFile=${name}.jpg`,
    `MapFile=${name}_map.jpg`,
    `MacroImage=${name}_macro.jpg`,
    `SourceLens=${options.lens}`,
    `PhysicalWidth=${nm(options.width)}`,
    `PhysicalHeight=${nm(options.height)}`,
    "Creator=NanoZoomer Digital Pathology Image",
    // What a lab's file names and must not be published: the case.
    "Reference=CASE-2026-0042",
    ""
  ].join("\r\n")
  const path = join(dir, `${name}.vms`)
  await writeFile(path, key)
  return path
}
