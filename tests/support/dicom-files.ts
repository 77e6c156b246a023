// DICOM whole-slide image series written here with dcmjs, as a scanner's DICOM export lays them out:
// one VL Whole Slide Microscopy instance per level (TILED_FULL, JPEG tiles, the pixel spacing in the
// shared functional groups, manufacturer and model), plus a LABEL instance carrying a patient name
// that must never reach the slide. The tiles cut a picture the test draws, so what the viewer shows
// can be compared with it.
import dcmjs from "dcmjs"
import sharp from "sharp"

const { DicomDict, DicomMetaDictionary } = dcmjs.data
const WSI = "1.2.840.10008.5.1.4.1.1.77.1.6"
const JPEG_BASELINE = "1.2.840.10008.1.2.4.50"

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
}

const uid = (n: number) => `1.2.826.0.1.3680043.10.1234.${Date.now()}.${n}`

const arrayBufferOf = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer

/** One instance: `raw` (RGB) cut into JPEG frames of `tile`, row by row, edges padded white. */
const instance = async (raw: Buffer, width: number, height: number, tile: number, mpp: number, imageType: string, n: number) => {
  const across = Math.ceil(width / tile)
  const down = Math.ceil(height / tile)
  const frames: ArrayBuffer[] = []
  const padded = await sharp(raw, { raw: { width, height, channels: 3 } })
    .extend({ right: across * tile - width, bottom: down * tile - height, background: "#ffffff" })
    .raw()
    .toBuffer()
  for (let row = 0; row < down; row++)
    for (let col = 0; col < across; col++) {
      const jpeg = await sharp(padded, { raw: { width: across * tile, height: down * tile, channels: 3 } })
        .extract({ left: col * tile, top: row * tile, width: tile, height: tile })
        .jpeg({ quality: 90 })
        .toBuffer()
      frames.push(arrayBufferOf(jpeg))
    }
  const sop = uid(n)
  const meta = {
    FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
    MediaStorageSOPClassUID: WSI,
    MediaStorageSOPInstanceUID: sop,
    TransferSyntaxUID: JPEG_BASELINE,
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
    PhotometricInterpretation: "YBR_FULL_422",
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
    files.push({ name: `level-${level}.dcm`, data: await instance(raw, width, height, options.tile, mpp, "VOLUME", level) })
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
