// More scanners' files made here that OpenSlide 3.4 accepts, each built to the rules of its reader
// (openslide-vendor-ventana.c, -philips.c, -hamamatsu.c at v3.4.1):
// - Ventana BIF: the first directory carries XMP (tag 700) whose root, or /Metadata child, is
//   <iScan> (its attributes become ventana.*: Magnification, ScanRes, ScannerModel); every pyramid
//   level is a tiled directory described "level=N mag=M" with M falling; "Label_Image" is the macro.
// - Philips TIFF: Software starts "Philips"; the first ImageDescription is a <DataObject
//   ObjectType="DPUfsImport"> with exactly one PIM_DP_SCANNED_IMAGES entry of type WSI, one
//   PixelDataRepresentation per tiled level (its DICOM_PIXEL_SPACING in mm), and reduced levels
//   marked so; a LABELIMAGE entry carries the label as base64 JPEG.
// - Hamamatsu NDPI: tag 65420 in the first directory; every directory one strip that is a whole
//   JPEG, SourceLens (65421) the objective (-1 for the macro), focal plane (65424) 0, resolution
//   per centimetre. tiffset cannot write these private tags, so tiff-ifd.ts writes the file.
import { readFile, rm } from "node:fs/promises"
import { join } from "node:path"
import sharp from "sharp"
import { directories, run, source } from "./scanner-files.ts"
import { addFields, appendStripDirectory, writeStripTiff } from "./tiff-ifd.ts"

export interface VendorOptions {
  readonly width: number
  readonly height: number
  readonly mpp: number
}

/** A slide label as scanners photograph it: a barcode-ish block and a patient's name. */
export const labelJpeg = (text: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="100%" height="100%" fill="#f4f1e8"/>` +
        `<rect x="10" y="10" width="60" height="60" fill="#222"/><text x="80" y="50" font-size="18" font-family="sans-serif">${text}</text></svg>`
    )
  )
    .removeAlpha()
    .jpeg({ quality: 90 })
    .toBuffer()

const tiledPyramid = async (dir: string, name: string, options: VendorOptions) => {
  const png = join(dir, `${name}.source.png`)
  await source(png, options.width, options.height)
  const path = join(dir, `${name}.pyramid.tif`)
  await run("vips", [
    "tiffsave",
    png,
    path,
    "--tile",
    "--tile-width",
    "256",
    "--tile-height",
    "256",
    "--pyramid",
    "--compression",
    "jpeg",
    "--Q",
    "80"
  ])
  await rm(png)
  return path
}

/** A Ventana BIF (iScan XMP, "level=N mag=M" levels, a Label_Image macro) named `name` in `dir`. */
export const ventanaBif = async (dir: string, name: string, options: VendorOptions & { magnification: number; model: string }) => {
  const pyramid = await tiledPyramid(dir, name, options)
  const label = join(dir, `${name}.label.tif`)
  await sharp(await labelJpeg("Doe^Jane"))
    .tiff()
    .toFile(label)
  const path = join(dir, name)
  // The label first, then the levels, all tiled alike (libtiff's tiffcp re-encodes them as JPEG).
  await run("tiffcp", ["-t", "-w", "256", "-l", "256", "-c", "jpeg:85", label, pyramid, path])
  await rm(pyramid)
  await rm(label)
  const count = await directories(path)
  await run("tiffset", ["-d", "0", "-s", "270", "Label_Image", path])
  for (let level = 0; level < count - 1; level++) {
    await run("tiffset", [
      "-d",
      String(level + 1),
      "-s",
      "270",
      `level=${level} mag=${options.magnification / 2 ** level} quality=90`,
      path
    ])
  }
  const xmp =
    `<?xml version='1.0' encoding='utf-8' ?>\n<Metadata>\n  <iScan Mode="brightfield" Magnification="${options.magnification}" ` +
    `ScanRes="${options.mpp}" UnitNumber="2000515" ScannerModel="${options.model}" UserName="b414003d-operator" ` +
    `BuildVersion="1.1.0.15854" SlideAnnotation="CASE-2026-0042" ShowLabel="1"/>\n</Metadata>\n`
  await addFields(path, 0, [{ tag: 700, type: 1, value: Buffer.from(xmp, "utf8") }])
  return path
}

/** A Philips TIFF (DPUfsImport XML, pixel spacing per level, a base64 label) named `name` in `dir`. */
export const philipsTiff = async (dir: string, name: string, options: VendorOptions & { model: string; acquired: string }) => {
  const path = await tiledPyramid(dir, name, options)
  const levels = await directories(path)
  const mm = (level: number) => ((options.mpp * 2 ** level) / 1000).toFixed(9)
  const spacing = (level: number) => `&quot;${mm(level)}&quot; &quot;${mm(level)}&quot;`
  const attribute = (name: string, value: string) => `<Attribute Name="${name}" PMSVR="IString">${value}</Attribute>`
  const representations = Array.from(
    { length: levels },
    (_, level) => `<DataObject ObjectType="PixelDataRepresentation">${attribute("DICOM_PIXEL_SPACING", spacing(level))}</DataObject>`
  ).join("")
  const label = (await labelJpeg("Doe^Jane MRN-123456")).toString("base64")
  const xml = [
    `<?xml version="1.0" encoding="UTF-8" ?>`,
    `<DataObject ObjectType="DPUfsImport">`,
    attribute("DICOM_ACQUISITION_DATETIME", options.acquired),
    attribute("DICOM_MANUFACTURER", "PHILIPS"),
    attribute("DICOM_MANUFACTURERS_MODEL_NAME", options.model),
    attribute("DICOM_PATIENT_NAME", "Doe^Jane"),
    `<Attribute Name="PIM_DP_SCANNED_IMAGES" PMSVR="IDataObjectArray"><Array>`,
    `<DataObject ObjectType="DPScannedImage">${attribute("PIM_DP_IMAGE_TYPE", "WSI")}${attribute("DICOM_PIXEL_SPACING", spacing(0))}`,
    `<Attribute Name="PIIM_PIXEL_DATA_REPRESENTATION_SEQUENCE" PMSVR="IDataObjectArray"><Array>${representations}</Array></Attribute></DataObject>`,
    `<DataObject ObjectType="DPScannedImage">${attribute("PIM_DP_IMAGE_TYPE", "LABELIMAGE")}${attribute("PIM_DP_IMAGE_DATA", label)}</DataObject>`,
    `</Array></Attribute></DataObject>`
  ].join("\n")
  await run("tiffset", ["-s", "305", "Philips DP v1.0", path])
  await run("tiffset", ["-s", "270", xml, path])
  const named = join(dir, name)
  await run("mv", [path, named])
  return named
}

/** A Hamamatsu NDPI (two levels, a macro) named `name` in `dir`. */
export const hamamatsuNdpi = async (
  dir: string,
  name: string,
  options: VendorOptions & { lens: number; model: string; created: string }
) => {
  const png = join(dir, `${name}.source.png`)
  await source(png, options.width, options.height)
  const image = await readFile(png)
  await rm(png)
  // Resolution per centimetre, as a rational: 10,000 µm / mpp pixels.
  const perCm = Math.round((10_000 / options.mpp) * 1000)
  const directory = (width: number, height: number, lens: number, strip: Buffer) => ({
    strip,
    fields: [
      { tag: 256, type: 4, value: [width] },
      { tag: 257, type: 4, value: [height] },
      { tag: 258, type: 3, value: [8, 8, 8] },
      { tag: 259, type: 3, value: [7] },
      { tag: 262, type: 3, value: [6] },
      { tag: 271, type: 2, value: "Hamamatsu" },
      { tag: 272, type: 2, value: options.model },
      { tag: 277, type: 3, value: [3] },
      { tag: 278, type: 4, value: [height] },
      { tag: 282, type: 5, value: [perCm, 1000] },
      { tag: 283, type: 5, value: [perCm, 1000] },
      { tag: 296, type: 3, value: [3] },
      { tag: 306, type: 2, value: options.created },
      { tag: 65420, type: 4, value: [1] },
      { tag: 65421, type: 11, value: [lens] },
      { tag: 65422, type: 9, value: [0] },
      { tag: 65423, type: 9, value: [0] },
      { tag: 65424, type: 9, value: [0] },
      // The slide's reference: in a lab, the case number (hamamatsu.Reference), not to be published.
      { tag: 65427, type: 2, value: "CASE-2026-0042" }
    ] as const
  })
  const level = (scale: number) =>
    sharp(image)
      .resize(Math.round(options.width / scale), Math.round(options.height / scale))
      .jpeg({ quality: 85 })
      .toBuffer()
  const half = [Math.round(options.width / 2), Math.round(options.height / 2)] as const
  const macro = await labelJpeg("Doe^Jane")
  const path = join(dir, name)
  await writeStripTiff(path, [
    directory(options.width, options.height, options.lens, await level(1)),
    directory(half[0], half[1], options.lens / 2, await level(2)),
    directory(240, 120, -1, macro)
  ])
  return path
}

/**
 * Adds an Aperio label directory to the SVS at `path`, as the scanner writes it: a stripped (untiled)
 * RGB image whose description's second line starts "label" (OpenSlide's Aperio rule), showing `text`.
 */
export const addAperioLabel = async (path: string, text: string) => {
  const { data, info } = await sharp(await labelJpeg(text))
    .raw()
    .toBuffer({ resolveWithObject: true })
  await appendStripDirectory(
    path,
    [
      { tag: 256, type: 3, value: [info.width] },
      { tag: 257, type: 3, value: [info.height] },
      { tag: 258, type: 3, value: [8, 8, 8] },
      { tag: 259, type: 3, value: [1] },
      { tag: 262, type: 3, value: [2] },
      { tag: 270, type: 2, value: `Aperio Image Library v12.0.15\nlabel ${info.width}x${info.height}` },
      { tag: 277, type: 3, value: [3] },
      { tag: 278, type: 3, value: [info.height] }
    ],
    data
  )
}
