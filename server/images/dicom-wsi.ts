// DICOM whole-slide images (Supplement 145, "VL Whole Slide Microscopy Image"): what Leica, Philips
// and hospital archives export. A series is one instance per level, each a tiled image whose frames
// are JPEG or JPEG 2000 tiles in TILED_FULL order (left to right, top to bottom). OpenSlide 3.4 does
// not read it, so the instances are parsed with dicom-parser, the full-resolution level's frames
// are written out as they are (no decoding here) and joined by the system's libvips, row by row
// (one argument per row keeps far below the kernel's 128 KB limit on one argument), into the image
// that is then cut into the Deep Zoom pyramid like any other. The intermediate files are deflated
// TIFF, each removed once joined: the full level passes through disk once, about half its raw size. Labels, overviews and every patient or
// accession field are never read past this file: only the manufacturer, model, objective, scan date
// and pixel spacing are kept.
import { type DicomHeader, readDicomHeader } from "./dicom-frames.ts"
import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import dicomParser, { type DataSet } from "dicom-parser"
import { ImageRejected } from "./image-rejected.ts"
import type { ScannerFacts } from "./openslide.ts"
import { runVips } from "./vips-cli.ts"

export const WSI_SOP_CLASS = "1.2.840.10008.5.1.4.1.1.77.1.6"

/** Baseline JPEG frames, which become a TIFF's tiles as they are (dicom-tiff.ts). */
export const JPEG_BASELINE = "1.2.840.10008.1.2.4.50"

/** Frame encodings the join reads as files: JPEG baseline, JPEG 2000 lossless and lossy. */
const FRAME_SUFFIX: Readonly<Record<string, string>> = {
  "1.2.840.10008.1.2.4.50": ".jpg",
  "1.2.840.10008.1.2.4.90": ".jp2",
  "1.2.840.10008.1.2.4.91": ".jp2"
}

/** One instance of the series, as far as the pyramid needs it. */
export interface WsiInstance {
  readonly path: string
  readonly imageType: ReadonlyArray<string>
  readonly width: number
  readonly height: number
  readonly tileWidth: number
  readonly tileHeight: number
  readonly frames: number
  readonly transferSyntax: string
  /** PhotometricInterpretation: YBR_FULL_422, YBR_ICT, RGB, ... */
  readonly photometric: string
  readonly tiledFull: boolean
  readonly mpp: number | null
  readonly scanner: ScannerFacts
}

const text = (ds: DataSet, tag: string) => ds.string(tag)?.trim() || null

const first = (ds: DataSet, sequence: string): DataSet | undefined => ds.elements[sequence]?.items?.[0]?.dataSet

/** Microns per pixel from the shared pixel measures (PixelSpacing is in millimetres, row then column). */
const mppOf = (ds: DataSet): number | null => {
  const measures = first(first(ds, "x52009229") ?? ds, "x00289110")
  const spacing = measures ? text(measures, "x00280030") : null
  const column = spacing === null ? Number.NaN : Number(spacing.split("\\")[1] ?? spacing.split("\\")[0])
  return Number.isFinite(column) && column > 0 && column < 1 ? column * 1000 : null
}

const scannedOf = (ds: DataSet): string | null => {
  const date = text(ds, "x00080023") ?? text(ds, "x00080022")
  if (date === null || !/^\d{8}$/.test(date)) return null
  const time = text(ds, "x00080033") ?? text(ds, "x00080032")
  const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`
  return time !== null && /^\d{6}/.test(time) ? `${day} ${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}` : day
}

const objectiveOf = (ds: DataSet): number | null => {
  const path = first(ds, "x00480105")
  const power = path ? Number(text(path, "x00480112")) : Number.NaN
  return Number.isFinite(power) && power > 0 ? power : null
}

/** Whether the bytes are a DICOM file: the 128-byte preamble, then "DICM". */
export const isDicom = (bytes: Uint8Array): boolean =>
  bytes.length >= 132 && bytes[128] === 0x44 && bytes[129] === 0x49 && bytes[130] === 0x43 && bytes[131] === 0x4d

/** Reads one instance's header; null when it is DICOM but not a whole-slide image. */
const unreadable = (error: unknown) =>
  new ImageRejected("corrupt", `Not a readable DICOM file: ${String((error as Error).message ?? error)}`, { cause: error })

/** An instance's facts from its header alone (dicom-frames.ts): its pixels stay in the file. */
export const readWsiInstance = async (path: string): Promise<{ instance: WsiInstance; pixelData: number | undefined } | null> => {
  let header: DicomHeader
  try {
    header = await readDicomHeader(path)
  } catch (error) {
    throw unreadable(error)
  }
  const ds = header.dataSet
  if (text(ds, "x00080016") !== WSI_SOP_CLASS) return null
  const instance: WsiInstance = {
    path,
    imageType: (text(ds, "x00080008") ?? "").split("\\").map((s) => s.trim().toUpperCase()),
    width: ds.uint32("x00480006") ?? 0,
    height: ds.uint32("x00480007") ?? 0,
    tileWidth: ds.uint16("x00280011") ?? 0,
    tileHeight: ds.uint16("x00280010") ?? 0,
    frames: Number(text(ds, "x00280008") ?? "1"),
    transferSyntax: text(ds, "x00020010") ?? "",
    photometric: text(ds, "x00280004") ?? "",
    // Absent means TILED_FULL in practice (Supplement 145 makes it required since 2018).
    tiledFull: (text(ds, "x00209311") ?? "TILED_FULL") === "TILED_FULL",
    mpp: mppOf(ds),
    scanner: { vendor: text(ds, "x00080070") ?? "DICOM", model: text(ds, "x00081090"), objective: objectiveOf(ds), scanned: scannedOf(ds) }
  }
  return { instance, pixelData: header.pixelData }
}

/** The whole instance, pixels included: JPEG 2000 frames are decoded from it (joinFrames). */
export const readWsiPixels = async (path: string): Promise<DataSet> => {
  try {
    return dicomParser.parseDicom(new Uint8Array(await readFile(path)))
  } catch (error) {
    throw unreadable(error)
  }
}

/** The series' full-resolution level: the VOLUME instance with the most pixels. */
export const baseLevel = (instances: ReadonlyArray<WsiInstance>): WsiInstance => {
  const volumes = instances.filter((i) => i.imageType.includes("VOLUME") || i.imageType.length < 3)
  const base = [...volumes].sort((a, b) => b.width * b.height - a.width * a.height)[0]
  if (base === undefined) throw new ImageRejected("unsupported", "The DICOM series holds no slide image (only labels or overviews)")
  if (!base.tiledFull) throw new ImageRejected("unsupported", "Sparse tiled DICOM (TILED_SPARSE) is not supported yet")
  if (FRAME_SUFFIX[base.transferSyntax] === undefined)
    throw new ImageRejected("unsupported", `DICOM tiles encoded as ${base.transferSyntax} are not supported (JPEG and JPEG 2000 are)`)
  const across = Math.ceil(base.width / base.tileWidth)
  const down = Math.ceil(base.height / base.tileHeight)
  if (base.tileWidth === 0 || base.tileHeight === 0 || base.width === 0 || base.height === 0 || across * down !== base.frames)
    throw new ImageRejected("corrupt", `The DICOM level's ${base.frames} frames do not tile ${base.width}x${base.height}`)
  return base
}

/** Intermediate images: deflated TIFF (libvips 8.14 crashes joining its own .v files), tiled when large. */
const TIFF = "[compression=deflate]"
const TILED_TIFF = "[compression=deflate,tile,bigtiff]"

/**
 * Joins the level's frames into one image at `output` (a TIFF) of exactly width x height: frames
 * written as files, each row joined, the rows joined, the padding of the last row and column cut.
 */
export const joinFrames = async (level: WsiInstance, dataSet: DataSet, workDir: string, output: string): Promise<void> => {
  const suffix = FRAME_SUFFIX[level.transferSyntax]!
  const pixels = dataSet.elements.x7fe00010
  if (pixels === undefined || !pixels.encapsulatedPixelData) throw new ImageRejected("corrupt", "The DICOM level has no tiled pixel data")
  const across = Math.ceil(level.width / level.tileWidth)
  const down = Math.ceil(level.height / level.tileHeight)
  await mkdir(workDir, { recursive: true })
  const rows: string[] = []
  for (let row = 0; row < down; row++) {
    const tiles: string[] = []
    for (let col = 0; col < across; col++) {
      const frame = dicomParser.readEncapsulatedImageFrame(dataSet, pixels, row * across + col)
      const file = join(workDir, `${row}_${col}${suffix}`)
      await writeFile(file, frame)
      tiles.push(file)
    }
    const joined = join(workDir, `row_${row}.tif`)
    await runVips("vips", ["arrayjoin", tiles.join(" "), `${joined}${TIFF}`, "--across", String(across)])
    await Promise.all(tiles.map((tile) => rm(tile)))
    rows.push(joined)
  }
  const full = join(workDir, "full.tif")
  await runVips("vips", ["arrayjoin", rows.join(" "), `${full}${TILED_TIFF}`, "--across", "1"])
  await Promise.all(rows.map((row) => rm(row)))
  await runVips("vips", ["extract_area", full, `${output}${TILED_TIFF}`, "0", "0", String(level.width), String(level.height)])
  await rm(full)
}
