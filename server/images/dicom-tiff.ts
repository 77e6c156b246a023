// A DICOM level of JPEG tiles, rewrapped as a tiled BigTIFF without decoding a pixel. TILED_FULL
// frames are exactly a tiled TIFF's tiles (left to right, top to bottom, the last row and column
// padded), and a TIFF tile compressed as JPEG (Compression 7) may be a whole JPEG stream with its
// own tables, which is what each frame is. So the frames are copied into the file as they are and
// one directory points at them; libvips then reads the level like any tiled TIFF, decoding each tile
// once while it cuts the pyramid. Joining decoded rows instead (dicom-wsi.ts, still the path for
// JPEG 2000 frames, which libtiff cannot read) decoded and re-encoded every pixel twice: 14.5 times
// dzsave's time on a 0.27-gigapixel level. No library writes a TIFF around compressed tiles as they
// are (sharp and libvips re-encode; geotiff.js and utif write raw strips), hence these few lines.
import { open } from "node:fs/promises"
import { frameRanges, frameReader } from "./dicom-frames.ts"
import { ImageRejected } from "./image-rejected.ts"

const SHORT = 3
const LONG = 4
const LONG8 = 16

const COMPRESSION_JPEG = 7
const PHOTOMETRIC_RGB = 2
const PHOTOMETRIC_YCBCR = 6

/** What a level must say about itself for its frames to be a TIFF's tiles. */
export interface JpegLevel {
  readonly width: number
  readonly height: number
  readonly tileWidth: number
  readonly tileHeight: number
  /** DICOM's PhotometricInterpretation: YBR_FULL_422, YBR_FULL or RGB. */
  readonly photometric: string
}

/**
 * The luma's sampling factors of a baseline JPEG (its SOF0 marker), which a YCbCr TIFF must declare
 * (YCbCrSubsampling) for libtiff to take the stream; undefined when the frame is not baseline JPEG.
 */
export const jpegSampling = (frame: Uint8Array): { readonly h: number; readonly v: number; readonly components: number } | undefined => {
  let at = 2
  if (frame[0] !== 0xff || frame[1] !== 0xd8) return undefined
  while (at + 4 <= frame.length) {
    if (frame[at] !== 0xff) return undefined
    const marker = frame[at + 1]!
    const length = (frame[at + 2]! << 8) | frame[at + 3]!
    // SOF0 (baseline) and SOF1 (extended sequential, 8 bit): what libjpeg in libtiff decodes.
    if (marker === 0xc0 || marker === 0xc1) {
      const components = frame[at + 9]!
      const sampling = frame[at + 11]!
      return { h: sampling >> 4, v: sampling & 0x0f, components }
    }
    if (marker === 0xda) return undefined
    at += 2 + length
  }
  return undefined
}

interface Entry {
  readonly tag: number
  readonly type: number
  readonly values: ReadonlyArray<number | bigint>
}

const SIZE: Readonly<Record<number, number>> = { [SHORT]: 2, [LONG]: 4, [LONG8]: 8 }

const writeValue = (view: DataView, at: number, type: number, value: number | bigint) => {
  if (type === SHORT) view.setUint16(at, Number(value), true)
  else if (type === LONG) view.setUint32(at, Number(value), true)
  else view.setBigUint64(at, BigInt(value), true)
}

/** The instance's file and where its pixel data starts (readDicomHeader). */
export interface FramesSource {
  readonly path: string
  readonly pixelData: number | undefined
}

/**
 * Writes `level`'s frames, read one at a time from the instance's encapsulated pixel data, into a tiled BigTIFF
 * at `output`. Refuses (corrupt) a frame that is not the baseline JPEG the first one declared.
 */
export const writeJpegTiff = async (level: JpegLevel, source: FramesSource, output: string): Promise<void> => {
  if (source.pixelData === undefined) throw new ImageRejected("corrupt", "The DICOM level has no tiled pixel data")
  const across = Math.ceil(level.width / level.tileWidth)
  const down = Math.ceil(level.height / level.tileHeight)
  const count = across * down
  const ranges = await frameRanges(source.path, source.pixelData, count).catch((error: Error) => {
    throw new ImageRejected("corrupt", `The DICOM level's tiles cannot be found: ${error.message}`, { cause: error })
  })
  const reader = await frameReader(source.path)
  const frameOf = (index: number) => reader.read(ranges[index]!)
  const file = await open(output, "w")
  try {
    const sampling = jpegSampling(await frameOf(0))
    if (sampling === undefined || sampling.components !== 3)
      throw new ImageRejected("corrupt", "The DICOM level's first tile is not a three-component baseline JPEG")
    const ycbcr = level.photometric.startsWith("YBR")
    // Header: "II", 43 (BigTIFF), offsets of 8 bytes, then where the directory is (patched at the end).
    let position = 16
    const offsets: bigint[] = []
    const sizes: bigint[] = []
    for (let index = 0; index < count; index++) {
      const frame = await frameOf(index)
      if (frame[0] !== 0xff || frame[1] !== 0xd8) throw new ImageRejected("corrupt", `The DICOM level's tile ${index} is not a JPEG`)
      await file.write(frame, 0, frame.length, position)
      offsets.push(BigInt(position))
      sizes.push(BigInt(frame.length))
      position += frame.length
    }
    const entries: Entry[] = [
      { tag: 256, type: LONG, values: [level.width] },
      { tag: 257, type: LONG, values: [level.height] },
      { tag: 258, type: SHORT, values: [8, 8, 8] },
      { tag: 259, type: SHORT, values: [COMPRESSION_JPEG] },
      { tag: 262, type: SHORT, values: [ycbcr ? PHOTOMETRIC_YCBCR : PHOTOMETRIC_RGB] },
      { tag: 277, type: SHORT, values: [3] },
      { tag: 284, type: SHORT, values: [1] },
      { tag: 322, type: LONG, values: [level.tileWidth] },
      { tag: 323, type: LONG, values: [level.tileHeight] },
      { tag: 324, type: LONG8, values: offsets },
      { tag: 325, type: LONG8, values: sizes },
      ...(ycbcr ? [{ tag: 530, type: SHORT, values: [sampling.h, sampling.v] }] : [])
    ]
    // Values longer than the entry's 8 bytes go before the directory, each at an even offset.
    const outside = new Map<number, number>()
    for (const entry of entries) {
      const bytes = SIZE[entry.type]! * entry.values.length
      if (bytes <= 8) continue
      position += position % 2
      const buffer = new DataView(new ArrayBuffer(bytes))
      for (const [i, value] of entry.values.entries()) writeValue(buffer, i * SIZE[entry.type]!, entry.type, value)
      await file.write(new Uint8Array(buffer.buffer), 0, bytes, position)
      outside.set(entry.tag, position)
      position += bytes
    }
    position += position % 2
    const directory = new DataView(new ArrayBuffer(8 + entries.length * 20 + 8))
    directory.setBigUint64(0, BigInt(entries.length), true)
    entries.forEach((entry, i) => {
      const at = 8 + i * 20
      directory.setUint16(at, entry.tag, true)
      directory.setUint16(at + 2, entry.type, true)
      directory.setBigUint64(at + 4, BigInt(entry.values.length), true)
      const far = outside.get(entry.tag)
      if (far !== undefined) directory.setBigUint64(at + 12, BigInt(far), true)
      else for (const [j, value] of entry.values.entries()) writeValue(directory, at + 12 + j * SIZE[entry.type]!, entry.type, value)
    })
    await file.write(new Uint8Array(directory.buffer), 0, directory.byteLength, position)
    const header = new DataView(new ArrayBuffer(16))
    header.setUint16(0, 0x4949, true)
    header.setUint16(2, 43, true)
    header.setUint16(4, 8, true)
    header.setBigUint64(8, BigInt(position), true)
    await file.write(new Uint8Array(header.buffer), 0, 16, 0)
  } finally {
    await file.close()
    await reader.close()
  }
}
