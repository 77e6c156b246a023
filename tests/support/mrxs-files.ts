// A 3DHistech MRXS set made here that OpenSlide 3.4 reads (openslide-vendor-mirax.c at v3.4.1): an
// `<name>.mrxs` (OpenSlide only checks that it exists) beside a folder `<name>/` holding
// Slidedat.ini, Index.dat and one Data0000.dat.
//
// Slidedat.ini says the grid of camera images (IMAGENUMBER_X/Y), one "Slide zoom level" hierarchy
// whose values name a section per level (image size, overlap, mpp, JPEG, IMAGE_CONCAT_FACTOR: each
// level joins 2^factor images of the one below per side), and the non-hierarchical "Scan data
// layer" whose values are the label (SlideBarcode), macro (SlideThumbnail) and preview images.
// Index.dat starts "01.02" and the SLIDE_ID; then two little-endian int32 pointers, to the table of
// zoom levels and to the table of non-hierarchical records. A level's record is [0, page]; a page is
// [count, next page or 0, then count x (image index, offset, length, data file)], the image index
// being y * IMAGENUMBER_X + x in level-0 images. A non-hierarchical record is [0, page] and its page
// [1, 0, 0, 0, offset, length, data file]. With no overlap and no position buffer, OpenSlide places
// image (x, y) at (x * width, y * height): the slide is the grid of tiles drawn edge to edge.
import { mkdir, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import sharp from "sharp"
import { source } from "./scanner-files.ts"

export interface MrxsOptions {
  /** Multiples of `tile`. */
  readonly width: number
  readonly height: number
  readonly mpp: number
  readonly objective: number
  /** Camera image size (DIGITIZER_WIDTH and _HEIGHT); 256 unless told. */
  readonly tile?: number
  /** Zoom levels written (each halves the one before); 2 unless told. */
  readonly levels?: number
}

const SLIDE_ID = "5A1F2C3D4E5F60718293A4B5C6D7E8F9"
/** What a lab's file names and must not be published: the case, and a patient on the label. */
export const MRXS_CASE = "CASE-2026-0077"
export const MRXS_PATIENT = "DOE JANE"

const int32s = (...values: number[]) => {
  const bytes = Buffer.alloc(values.length * 4)
  values.forEach((v, i) => {
    bytes.writeInt32LE(v, i * 4)
  })
  return bytes
}

interface Stored {
  readonly offset: number
  readonly length: number
}

/** Index.dat for `levels` (per level, image index → where its JPEG is) and `nonhier` records, all in file 0. */
const indexDat = (levels: ReadonlyArray<ReadonlyArray<readonly [number, Stored]>>, nonhier: ReadonlyArray<Stored>): Buffer => {
  const head = Buffer.from(`01.02${SLIDE_ID}`, "latin1")
  const parts: Buffer[] = [head]
  let at = head.length
  const push = (bytes: Buffer) => {
    const start = at
    parts.push(bytes)
    at += bytes.length
    return start
  }
  // The two roots are written last-known: reserve them, patch after.
  const roots = push(int32s(0, 0))
  const hierTable = push(Buffer.alloc(levels.length * 4))
  const nonhierTable = push(Buffer.alloc(nonhier.length * 4))
  const levelRecords = levels.map((images) => {
    const record = push(int32s(0, 0))
    const page = push(int32s(images.length, 0, ...images.flatMap(([index, r]) => [index, r.offset, r.length, 0])))
    return { record, page }
  })
  const nonhierRecords = nonhier.map((r) => {
    const record = push(int32s(0, 0))
    const page = push(int32s(1, 0, 0, 0, r.offset, r.length, 0))
    return { record, page }
  })
  const index = Buffer.concat(parts)
  index.writeInt32LE(hierTable, roots)
  index.writeInt32LE(nonhierTable, roots + 4)
  levelRecords.forEach(({ record, page }, i) => {
    index.writeInt32LE(record, hierTable + i * 4)
    index.writeInt32LE(page, record + 4)
  })
  nonhierRecords.forEach(({ record, page }, i) => {
    index.writeInt32LE(record, nonhierTable + i * 4)
    index.writeInt32LE(page, record + 4)
  })
  return index
}

const label = (text: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="100%" height="100%" fill="#fff"/><text x="20" y="110" font-size="40" font-family="sans-serif">${text}</text></svg>`
    )
  )
    .removeAlpha()
    .jpeg()
    .toBuffer()

/**
 * Writes `<name>.mrxs` and `<name>/` into `dir` (the slide drawn by scanner-files' `source`, a label
 * naming a patient, a macro) and answers the .mrxs path.
 */
export const mrxsSet = async (dir: string, name: string, options: MrxsOptions): Promise<string> => {
  const tile = options.tile ?? 256
  const levelCount = options.levels ?? 2
  if (options.width % tile || options.height % tile)
    throw new Error(`mrxsSet: ${options.width}x${options.height} is not whole ${tile} px tiles`)
  const [across, down] = [options.width / tile, options.height / tile]
  const folder = join(dir, name)
  await mkdir(folder, { recursive: true })
  const png = join(dir, `${name}.source.png`)
  await source(png, options.width, options.height)
  const slide = sharp(png).removeAlpha()

  const data: Buffer[] = []
  let offset = 0
  const store = (jpeg: Buffer): Stored => {
    data.push(jpeg)
    const record = { offset, length: jpeg.length }
    offset += jpeg.length
    return record
  }
  const levels: Array<Array<readonly [number, Stored]>> = []
  for (let level = 0; level < levelCount; level++) {
    // An image of this level joins `step` x `step` level-0 images, shrunk to one tile.
    const step = 2 ** level
    const images: Array<readonly [number, Stored]> = []
    for (let y = 0; y < down; y += step) {
      for (let x = 0; x < across; x += step) {
        const [width, height] = [Math.min(step, across - x) * tile, Math.min(step, down - y) * tile]
        const region = await slide
          .clone()
          .extract({ left: x * tile, top: y * tile, width, height })
          .resize(Math.round(width / step), Math.round(height / step))
          .toBuffer()
        // Past the slide's edge the image is filled white (IMAGE_FILL_COLOR_BGR).
        const jpeg = await sharp(region)
          .extend({ right: tile - Math.round(width / step), bottom: tile - Math.round(height / step), background: "#ffffff" })
          .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
          .toBuffer()
        images.push([y * across + x, store(jpeg)])
      }
    }
    levels.push(images)
  }
  const barcode = store(await label(`${MRXS_PATIENT} ${MRXS_CASE}`))
  const macro = store(await slide.clone().resize(300).jpeg().toBuffer())
  await rm(png)

  const section = (level: number) => [
    `[LAYER_0_LEVEL_${level}_SECTION]`,
    "OVERLAP_X = 0",
    "OVERLAP_Y = 0",
    `MICROMETER_PER_PIXEL_X = ${options.mpp * 2 ** level}`,
    `MICROMETER_PER_PIXEL_Y = ${options.mpp * 2 ** level}`,
    "IMAGE_FORMAT = JPEG",
    "IMAGE_FILL_COLOR_BGR = 16777215",
    `DIGITIZER_WIDTH = ${tile}`,
    `DIGITIZER_HEIGHT = ${tile}`,
    `IMAGE_CONCAT_FACTOR = ${level === 0 ? 0 : 1}`
  ]
  const slidedat = [
    "[GENERAL]",
    "SLIDE_VERSION = 01.02",
    `SLIDE_ID = ${SLIDE_ID}`,
    `SLIDE_NAME = ${MRXS_CASE}`,
    "SLIDE_CREATIONDATETIME = 28/11/2026 14:25:01",
    "SCANNER_HARDWARE_VERSION = Pannoramic MIDI",
    `IMAGENUMBER_X = ${across}`,
    `IMAGENUMBER_Y = ${down}`,
    `OBJECTIVE_MAGNIFICATION = ${options.objective}`,
    "CameraImageDivisionsPerSide = 1",
    "[HIERARCHICAL]",
    "HIER_COUNT = 1",
    "HIER_0_NAME = Slide zoom level",
    `HIER_0_COUNT = ${levelCount}`,
    ...Array.from({ length: levelCount }, (_, i) => [
      `HIER_0_VAL_${i} = ZoomLevel_${i}`,
      `HIER_0_VAL_${i}_SECTION = LAYER_0_LEVEL_${i}_SECTION`
    ]).flat(),
    "NONHIER_COUNT = 1",
    "NONHIER_0_NAME = Scan data layer",
    "NONHIER_0_COUNT = 2",
    "NONHIER_0_VAL_0 = ScanDataLayer_SlideBarcode",
    "NONHIER_0_VAL_0_SECTION = NONHIERLAYER_0_VAL_0_SECTION",
    "NONHIER_0_VAL_1 = ScanDataLayer_SlideThumbnail",
    "NONHIER_0_VAL_1_SECTION = NONHIERLAYER_0_VAL_1_SECTION",
    "INDEXFILE = Index.dat",
    "[DATAFILE]",
    "FILE_COUNT = 1",
    "FILE_0 = Data0000.dat",
    ...Array.from({ length: levelCount }, (_, i) => section(i)).flat(),
    "[NONHIERLAYER_0_VAL_0_SECTION]",
    "BARCODE_IMAGE_TYPE = JPEG",
    "[NONHIERLAYER_0_VAL_1_SECTION]",
    "THUMBNAIL_IMAGE_TYPE = JPEG",
    ""
  ].join("\r\n")
  await writeFile(join(folder, "Slidedat.ini"), slidedat)
  await writeFile(join(folder, "Data0000.dat"), Buffer.concat(data))
  await writeFile(join(folder, "Index.dat"), indexDat(levels, [barcode, macro]))
  const path = join(dir, `${name}.mrxs`)
  // The scanner's .mrxs is a small binary OpenSlide never reads; only the folder beside it matters.
  await writeFile(path, Buffer.from([0x4d, 0x49, 0x52, 0x41, 0x58, 0, 0, 0]))
  return path
}
