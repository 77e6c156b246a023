// Turns an uploaded slide image into what the viewer serves: a Deep Zoom pyramid (<name>.dzi and
// <name>_files/), two thumbnails and the physical metadata. Pure with respect to the app: a
// path in, files out, a typed rejection when the image cannot be a slide.
//
// All output is written to a staging directory beside outDir and renamed into place only when
// complete, so a failure (corrupt tile data halfway through a 40 GB SVS, a full disk) leaves
// nothing behind and a reader never sees a half-built pyramid.
import { randomUUID } from "node:crypto"
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import sharp from "sharp"
import { type AssociatedName, writeAssociatedImages } from "./associated-images.ts"
import { ImageRejected, rejectionOf } from "./image-rejected.ts"
import { mrxsAssociatedImages } from "./mrxs-associated.ts"
import { micronsPerPixel } from "./microns-per-pixel.ts"
import { writeJpegTiff } from "./dicom-tiff.ts"
import { baseLevel, JPEG_BASELINE, joinFrames, readWsiInstance, readWsiPixels, type WsiInstance } from "./dicom-wsi.ts"
import { extractDicomSeries } from "./dicom-zip.ts"
import { dzsave, probeVendorSlide, type ScannerFacts, VIPS_PACKAGE, type VendorSlide, VipsMissing } from "./openslide.ts"
import { extractSlideSet, zipHoldsSlideSet } from "./slide-set-zip.ts"
import { type SlideFormat, SNIFF_BYTES, sniffFormat } from "./sniff.ts"
import { writeThumbnails } from "./thumbnails.ts"
import { readResolutionTags } from "./tiff-tags.ts"

export interface Pyramid {
  readonly width: number
  readonly height: number
  /** Microns per pixel at full resolution, or null when the file does not say (or says nonsense). */
  readonly mpp: number | null
  /** Path of the .dzi descriptor; the tiles are in the sibling <name>_files directory. */
  readonly dzi: string
  readonly thumbnails: { readonly small: string; readonly large: string }
  /** A scanner's own format (openslide.ts): who made it and how; null for plain images. */
  readonly scanner: ScannerFacts | null
  /** The label and macro pictures kept privately in associated/ (associated-images.ts). */
  readonly associated: ReadonlyArray<AssociatedName>
}

export interface PyramidOptions {
  /**
   * Largest image accepted, in pixels. 2^34 (~17 gigapixels, e.g. 160,000 x 100,000 at 40x) covers
   * real whole-slide images; anything beyond is more likely a hostile header than a slide.
   */
  readonly limitInputPixels?: number
}

export const DEFAULT_PIXEL_LIMIT = 2 ** 34
export const TILE_SIZE = 256
// One pixel of overlap, the Deep Zoom default (and vips dzsave's): OpenSeadragon reads Overlap
// from the .dzi and trims it, and at fractional zoom levels the shared edge pixel is what keeps
// browsers' sub-pixel tile placement from opening hairline seams between tiles.
export const TILE_OVERLAP = 1
const JPEG_QUALITY = 85

const sniffFile = async (path: string) => {
  const file = await open(path, "r")
  try {
    const bytes = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await file.read(bytes, 0, SNIFF_BYTES, 0)
    return sniffFormat(bytes.subarray(0, bytesRead))
  } finally {
    await file.close()
  }
}

export const buildPyramid = async (input: string, outDir: string, name: string, options: PyramidOptions = {}): Promise<Pyramid> => {
  if (!/^[\w.-]+$/.test(name) || name.startsWith(".")) throw new Error(`Invalid pyramid name: ${name}`)
  const limitInputPixels = options.limitInputPixels ?? DEFAULT_PIXEL_LIMIT

  // Decided by content before libvips sees the file: libvips would also open GIF, SVG, PDF or
  // HEIF through its loaders, and those are not slides (SVG and PDF are attack surface besides).
  const format = await sniffFile(input)
  if (format === undefined) throw new ImageRejected("unsupported", "Not a JPEG, PNG, WebP, TIFF or DICOM file")
  // A zip is a DICOM series, or a scanner's set of files (VMS, MRXS) that OpenSlide reads once unpacked.
  if (format === "zip" && (await zipHoldsSlideSet(input))) return buildSlideSetPyramid(input, outDir, name, limitInputPixels)
  if (format === "dicom" || format === "zip") return buildDicomPyramid(input, format, outDir, name, limitInputPixels)

  // A TIFF may be a scanner's own format, which OpenSlide reads (through the system's libvips).
  let vendor: VendorSlide | null = null
  let vipsMissing = false
  if (format === "tiff" || format === "bigtiff") {
    try {
      vendor = await probeVendorSlide(input)
    } catch (error) {
      if (!(error instanceof VipsMissing)) throw error
      vipsMissing = true
    }
  }
  if (vendor !== null) return buildVendorPyramid(input, outDir, name, vendor, limitInputPixels)
  if (!vipsMissing) return buildPlainPyramid(input, outDir, name, format, limitInputPixels)
  try {
    return await buildPlainPyramid(input, outDir, name, format, limitInputPixels)
  } catch (error) {
    // A scanner's TIFF (JPEG 2000 tiles, say) that libtiff cannot read: name what would read it.
    const rejection = rejectionOf(error)
    if (rejection === undefined || rejection.reason === "too-large") throw error
    throw new ImageRejected(
      "unsupported",
      `This TIFF may be a scanner's format that needs OpenSlide: install ${VIPS_PACKAGE} on the server (${rejection.message})`,
      { cause: error }
    )
  }
}

/** An image sharp reads itself (JPEG, PNG, WebP, a plain or pyramidal TIFF), cut by its libvips. */
const buildPlainPyramid = async (input: string, outDir: string, name: string, format: SlideFormat, limitInputPixels: number) => {
  // sequentialRead: tiles are cut top to bottom, so libvips streams the source instead of
  // decoding it whole into memory (which for a gigapixel slide would be gigabytes).
  const source = () => sharp(input, { limitInputPixels, sequentialRead: true })

  let width: number
  let height: number
  try {
    // The header alone: reject an oversized image before any pixel is decoded or written.
    const header = await source().metadata()
    width = header.width
    height = header.height
    if (width * height > limitInputPixels) {
      throw new ImageRejected("too-large", `Image is ${width}x${height}, over the limit of ${limitInputPixels} pixels`)
    }
  } catch (error) {
    const rejection = rejectionOf(error)
    // The bytes already proved the format, so libvips failing to find an image (a TIFF cut off
    // before its IFD, which libtiff writes after the pixel data) means damage, not a wrong format.
    if (rejection?.reason === "unsupported") throw new ImageRejected("corrupt", rejection.message, { cause: error })
    throw rejection ?? error
  }
  const mpp = format === "tiff" || format === "bigtiff" ? micronsPerPixel(await readResolutionTags(input)) : null

  await inStaging(outDir, name, width, height, async (staging) => {
    await source()
      // Transparent pixels (a PNG crop) become the white of an empty slide, not JPEG's black.
      .flatten({ background: "#ffffff" })
      // Plain Huffman tables, as vips dzsave writes them: optimised ones save about 5 % of the bytes
      // but cost a quarter of the build time of a gigapixel slide.
      .jpeg({ quality: JPEG_QUALITY, optimiseCoding: false })
      .tile({ size: TILE_SIZE, overlap: TILE_OVERLAP, layout: "dz" })
      .toFile(join(staging, `${name}.dz`))
  })
  return finished(outDir, name, width, height, mpp, null)
}

/**
 * Builds into a staging directory beside outDir, with the thumbnails, and renames it into place
 * only when all of it is written: a failure leaves nothing behind.
 */
const inStaging = async (outDir: string, name: string, width: number, height: number, write: (staging: string) => Promise<void>) => {
  await mkdir(dirname(outDir), { recursive: true })
  const staging = join(dirname(outDir), `.${basename(outDir)}.partial-${randomUUID()}`)
  await mkdir(staging)
  try {
    await write(staging)
    // libvips dumps every source property here, including an SVS ImageDescription that can name
    // the scanner operator or case; the viewer never reads it, so it is not published.
    await rm(join(staging, `${name}_files`, "vips-properties.xml"), { force: true })
    await writeThumbnails(
      { filesDir: join(staging, `${name}_files`), width, height, tileSize: TILE_SIZE, overlap: TILE_OVERLAP, suffix: ".jpeg" },
      join(staging, `${name}_thumb_77x77.jpg`),
      join(staging, `${name}_thumb_312x281.jpg`)
    )
    await rename(staging, outDir)
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw rejectionOf(error) ?? error
  }
}

const finished = (
  outDir: string,
  name: string,
  width: number,
  height: number,
  mpp: number | null,
  scanner: ScannerFacts | null,
  associated: ReadonlyArray<AssociatedName> = []
): Pyramid => ({
  width,
  height,
  mpp,
  dzi: join(outDir, `${name}.dzi`),
  thumbnails: { small: join(outDir, `${name}_thumb_77x77.jpg`), large: join(outDir, `${name}_thumb_312x281.jpg`) },
  scanner,
  associated
})

/** A scanner's slide: its full-resolution level cut by vips dzsave, its mpp and scanner from OpenSlide. */
const buildVendorPyramid = async (
  input: string,
  outDir: string,
  name: string,
  vendor: VendorSlide,
  limitInputPixels: number,
  files: Parameters<typeof writeAssociatedImages>[3] = {}
) => {
  const { width, height } = vendor
  if (width * height > limitInputPixels)
    throw new ImageRejected("too-large", `Image is ${width}x${height}, over the limit of ${limitInputPixels} pixels`)
  let associated: ReadonlyArray<AssociatedName> = []
  await inStaging(outDir, name, width, height, async (staging) => {
    await dzsave(input, join(staging, name), { tileSize: TILE_SIZE, overlap: TILE_OVERLAP, quality: JPEG_QUALITY }).catch(
      (error: unknown) => {
        throw error instanceof VipsMissing ? error : new ImageRejected("corrupt", (error as Error).message, { cause: error })
      }
    )
    associated = await writeAssociatedImages(input, vendor.scanner.vendor, staging, files)
  })
  return finished(outDir, name, width, height, vendor.mpp, vendor.scanner, associated)
}

/** A VMS key file's MacroImage, if it names a file inside the set's folder. */
const vmsMacro = async (key: string): Promise<string | undefined> => {
  const named = /^MacroImage=(.+)$/m.exec(await readFile(key, "latin1"))?.[1]?.trim()
  if (!named || !/^[\w .()+-]+$/.test(named) || named.startsWith(".")) return undefined
  return join(dirname(key), named)
}

/** A VMS or MRXS set, zipped: unpacked into a private folder beside the output, read by OpenSlide, removed. */
const buildSlideSetPyramid = async (input: string, outDir: string, name: string, limitInputPixels: number) => {
  const work = join(dirname(outDir), `.${basename(outDir)}.set-${randomUUID()}`)
  try {
    const { key, kind } = await extractSlideSet(input, (await stat(input)).size, work)
    const vendor = await probeVendorSlide(key)
    if (vendor === null) throw new ImageRejected("corrupt", `OpenSlide cannot read this ${kind.toUpperCase()} slide's files`)
    const macroFile = kind === "vms" ? await vmsMacro(key) : undefined
    const files = kind === "mrxs" ? { images: await mrxsAssociatedImages(key) } : macroFile === undefined ? {} : { macroFile }
    return await buildVendorPyramid(key, outDir, name, vendor, limitInputPixels, files)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * A DICOM whole-slide image (dicom-wsi.ts): one instance, or a zip of the series. The
 * full-resolution level's tiles are joined by libvips and cut like a vendor slide.
 */
const buildDicomPyramid = async (input: string, format: "dicom" | "zip", outDir: string, name: string, limitInputPixels: number) => {
  const work = join(dirname(outDir), `.${basename(outDir)}.dicom-${randomUUID()}`)
  try {
    const files = format === "zip" ? await extractDicomSeries(input, (await stat(input)).size, join(work, "series")) : [input]
    // Headers only: no instance's pixels are read into memory (JPEG frames are copied one by one).
    const instances: WsiInstance[] = []
    const pixelData = new Map<string, number | undefined>()
    for (const file of files) {
      const read = await readWsiInstance(file)
      if (read === null) continue
      instances.push(read.instance)
      pixelData.set(file, read.pixelData)
    }
    if (instances.length === 0)
      throw new ImageRejected("unsupported", "This DICOM file is not a whole-slide image (VL Whole Slide Microscopy)")
    const level = baseLevel(instances)
    if (level.width * level.height > limitInputPixels)
      throw new ImageRejected("too-large", `Image is ${level.width}x${level.height}, over the limit of ${limitInputPixels} pixels`)
    const joined = join(work, "level.tif")
    await mkdir(work, { recursive: true })
    // JPEG frames are rewrapped as a TIFF's tiles, undecoded; JPEG 2000 ones (which libtiff cannot
    // read) are decoded and joined.
    const assemble =
      level.transferSyntax === JPEG_BASELINE
        ? writeJpegTiff(level, { path: level.path, pixelData: pixelData.get(level.path) }, joined)
        : readWsiPixels(level.path).then((dataSet) => joinFrames(level, dataSet, join(work, "tiles"), joined))
    await assemble.catch((error: unknown) => {
      throw (
        rejectionOf(error) ??
        (error instanceof VipsMissing ? error : new ImageRejected("corrupt", (error as Error).message, { cause: error }))
      )
    })
    await inStaging(outDir, name, level.width, level.height, (staging) =>
      dzsave(joined, join(staging, name), { tileSize: TILE_SIZE, overlap: TILE_OVERLAP, quality: JPEG_QUALITY })
    )
    return finished(outDir, name, level.width, level.height, level.mpp, level.scanner)
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
