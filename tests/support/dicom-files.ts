// DICOM whole-slide image series written here with dcmjs, as a scanner's DICOM export lays them out:
// one VL Whole Slide Microscopy instance per level (TILED_FULL, JPEG tiles, the pixel spacing in the
// shared functional groups, manufacturer and model), plus a LABEL instance carrying a patient name
// that must never reach the slide. Tiles are baseline JPEG, or JPEG 2000 codestreams as the
// transfer syntax 1.2.840.10008.1.2.4.91 carries them (encoded by the system's libvips, whose
// OpenJPEG sharp's own build lacks). The tiles cut a picture the test draws, so what the viewer shows
// can be compared with it.
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import dcmjs from "dcmjs"
import sharp, { type Sharp } from "sharp"

const { DicomDict, DicomMetaDictionary } = dcmjs.data
const WSI = "1.2.840.10008.5.1.4.1.1.77.1.6"
const JPEG_BASELINE = "1.2.840.10008.1.2.4.50"
const JPEG_2000 = "1.2.840.10008.1.2.4.91"

export type TileCodec = "jpeg" | "jpeg2000"

export interface SeriesOptions {
  /** The full-resolution picture, RGB. */
  readonly raw: Buffer
  readonly width: number
  readonly height: number
  readonly tile: number
  /** Microns per pixel at full resolution. */
  readonly mpp: number
  /** Levels below the full one, each half the size of the one above. */
  readonly lowerLevels?: number
  /** How the tiles are compressed (JPEG unless told). */
  readonly codec?: TileCodec
}

/**
 * One tile as a JPEG 2000 codestream: libvips writes a JP2 file, whose codestream box (`jp2c`) is
 * what DICOM keeps of it, without the file's boxes.
 */
const jpeg2000 = async (tile: Sharp): Promise<Buffer> => {
  const dir = mkdtempSync(join(tmpdir(), "dicom-j2k-"))
  try {
    await tile.png().toFile(join(dir, "tile.png"))
    execFileSync("vips", ["jp2ksave", join(dir, "tile.png"), join(dir, "tile.jp2"), "--Q", "90"])
    const file = readFileSync(join(dir, "tile.jp2"))
    const box = file.indexOf("jp2c")
    if (box < 0) throw new Error("vips wrote no JPEG 2000 codestream")
    return file.subarray(box + 4)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const uid = (n: number) => `1.2.826.0.1.3680043.10.1234.${Date.now()}.${n}`

const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer

/** One instance: `raw` (RGB) cut into frames of `tile`, row by row, edges padded white. */
const instance = async (
  raw: Buffer,
  width: number,
  height: number,
  tile: number,
  mpp: number,
  imageType: string,
  n: number,
  codec: TileCodec = "jpeg"
) => {
  const across = Math.ceil(width / tile)
  const down = Math.ceil(height / tile)
  const frames: ArrayBuffer[] = []
  const padded = await sharp(raw, { raw: { width, height, channels: 3 } })
    .extend({ right: across * tile - width, bottom: down * tile - height, background: "#ffffff" })
    .raw()
    .toBuffer()
  for (let row = 0; row < down; row++)
    for (let col = 0; col < across; col++) {
      const cut = sharp(padded, { raw: { width: across * tile, height: down * tile, channels: 3 } }).extract({
        left: col * tile,
        top: row * tile,
        width: tile,
        height: tile
      })
      frames.push(arrayBufferOf(codec === "jpeg" ? await cut.jpeg({ quality: 90 }).toBuffer() : await jpeg2000(cut)))
    }
  const sop = uid(n)
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: WSI,
    MediaStorageSOPInstanceUID: sop,
    TransferSyntaxUID: codec === "jpeg" ? JPEG_BASELINE : JPEG_2000,
    ImplementationClassUID: "1.2.826.0.1.3680043.10.1234"
  }
  const dataset = {
    SOPClassUID: WSI,
    SOPInstanceUID: sop,
    ImageType: ["ORIGINAL", "PRIMARY", imageType, "NONE"],
    Modality: "SM",
    Manufacturer: "Preparat Test Scanner Co.",
    ManufacturerModelName: "DicomScan 9000",
    ContentDate: "20261127",
    ContentTime: "101500",
    // What a label carries, which must never leave this file.
    PatientName: "Doe^Jane",
    PatientID: "MRN-123456",
    AccessionNumber: "ACC-987",
    Rows: tile,
    Columns: tile,
    NumberOfFrames: String(frames.length),
    TotalPixelMatrixColumns: width,
    TotalPixelMatrixRows: height,
    SamplesPerPixel: 3,
    PhotometricInterpretation: codec === "jpeg" ? "YBR_FULL_422" : "YBR_ICT",
    PlanarConfiguration: 0,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    DimensionOrganizationType: "TILED_FULL",
    OpticalPathSequence: [{ ObjectiveLensPower: "20" }],
    SharedFunctionalGroupsSequence: [{ PixelMeasuresSequence: [{ PixelSpacing: [mpp / 1000, mpp / 1000], SliceThickness: 0 }] }],
    PixelData: frames,
    _vrMap: { PixelData: "OB" }
  }
  const dict = new DicomDict(DicomMetaDictionary.denaturalizeDataset(meta))
  dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset)
  return new Uint8Array(dict.write({ fragmentMultiframe: false }))
}

/** The series' files: the full level first, then each lower level, then a label. */
export const dicomSeries = async (options: SeriesOptions): Promise<Array<{ name: string; data: Uint8Array }>> => {
  const files: Array<{ name: string; data: Uint8Array }> = []
  let { raw, width, height } = options
  let mpp = options.mpp
  for (let level = 0; level <= (options.lowerLevels ?? 1); level++) {
    files.push({
      name: `level-${level}.dcm`,
      data: await instance(raw, width, height, options.tile, mpp, "VOLUME", level, options.codec)
    })
    const w = Math.max(1, Math.floor(width / 2))
    const h = Math.max(1, Math.floor(height / 2))
    raw = await sharp(raw, { raw: { width, height, channels: 3 } })
      .resize(w, h)
      .raw()
      .toBuffer()
    width = w
    height = h
    mpp *= 2
  }
  const label = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ffffff" } })
    .raw()
    .toBuffer()
  files.push({ name: "label.dcm", data: await instance(label, 64, 64, 64, options.mpp, "LABEL", 99) })
  return files
}
