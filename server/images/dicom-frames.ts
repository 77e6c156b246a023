// A DICOM instance read without holding its pixels. dicom-parser parses a byte array whole, so a
// 1-gigapixel level (about 1 GB of JPEG frames) sat in memory while it was rewrapped (1.1 GB peak in
// tests/bench/dicom-pyramid.bench.ts). Here the header is parsed from the file's first bytes, with
// dicom-parser stopping at PixelData, and the encapsulated frames are found by walking the item
// headers in the file (PS3.5 A.4: a Basic Offset Table item, then one item per fragment, then a
// sequence delimiter); each frame is then read alone when it is copied.
import { type FileHandle, open } from "node:fs/promises"
import dicomParser, { type DataSet } from "dicom-parser"

const PIXEL_DATA = "x7fe00010"
/** The first read: a header is a few kB, up to about a megabyte with an ICC profile or a long optical path. */
const FIRST_READ = 1 << 20

export interface DicomHeader {
  readonly dataSet: DataSet
  /** Where PixelData's value starts in the file (its first item), or undefined when it has none. */
  readonly pixelData: number | undefined
}

/** The data set up to PixelData, from as many of the file's first bytes as it needs. */
export const readDicomHeader = async (path: string): Promise<DicomHeader> => {
  const handle = await open(path)
  try {
    const size = (await handle.stat()).size
    for (let length = Math.min(size, FIRST_READ); ; length = Math.min(size, length * 4)) {
      const bytes = new Uint8Array(length)
      await handle.read(bytes, 0, length, 0)
      let dataSet: DataSet | undefined
      try {
        dataSet = dicomParser.parseDicom(bytes, { untilTag: PIXEL_DATA })
      } catch (error) {
        // Cut short inside an element: read more, unless this was the whole file.
        if (length >= size) throw error
      }
      const pixels = dataSet?.elements[PIXEL_DATA]
      if (dataSet !== undefined && (pixels !== undefined || length >= size)) return { dataSet, pixelData: pixels?.dataOffset }
    }
  } finally {
    await handle.close()
  }
}

/** One frame's bytes in the file: its fragments, in order. */
export type FrameRange = ReadonlyArray<{ readonly offset: number; readonly length: number }>

const ITEM = 0xe000
const SEQUENCE_END = 0xe0dd

const itemAt = async (handle: FileHandle, at: number) => {
  const header = new Uint8Array(8)
  const { bytesRead } = await handle.read(header, 0, 8, at)
  if (bytesRead < 8) throw new Error("the pixel data ends inside an item's header")
  const view = new DataView(header.buffer)
  if (view.getUint16(0, true) !== 0xfffe) throw new Error(`no item at byte ${at} of the pixel data`)
  return { element: view.getUint16(2, true), length: view.getUint32(4, true) }
}

/**
 * Where each of `frames` frames lies. Tiled instances put one fragment per frame; otherwise the
 * Basic Offset Table says where each frame's fragments begin, and a single frame takes them all.
 */
export const frameRanges = async (path: string, pixelData: number, frames: number): Promise<ReadonlyArray<FrameRange>> => {
  const handle = await open(path)
  try {
    let at = pixelData
    const table = await itemAt(handle, at)
    if (table.element !== ITEM) throw new Error("the pixel data does not begin with an offset table")
    const offsets: number[] = []
    if (table.length > 0) {
      const bytes = new Uint8Array(table.length)
      await handle.read(bytes, 0, table.length, at + 8)
      const view = new DataView(bytes.buffer)
      for (let i = 0; i + 4 <= table.length; i += 4) offsets.push(view.getUint32(i, true))
    }
    at += 8 + table.length
    const first = at
    const fragments: Array<{ readonly start: number; readonly offset: number; readonly length: number }> = []
    for (;;) {
      const item = await itemAt(handle, at)
      if (item.element === SEQUENCE_END) break
      if (item.element !== ITEM) throw new Error(`an unexpected item (FFFE,${item.element.toString(16)}) in the pixel data`)
      fragments.push({ start: at - first, offset: at + 8, length: item.length })
      at += 8 + item.length
    }
    if (fragments.length === frames) return fragments.map(({ offset, length }) => [{ offset, length }])
    if (frames === 1) return [fragments]
    if (offsets.length !== frames)
      throw new Error(`${fragments.length} fragments for ${frames} frames, and no offset table to tell them apart`)
    return offsets.map((start, i) => {
      const end = offsets[i + 1] ?? Number.POSITIVE_INFINITY
      return fragments.filter((f) => f.start >= start && f.start < end).map(({ offset, length }) => ({ offset, length }))
    })
  } finally {
    await handle.close()
  }
}

/** Reads frames one at a time from an open file. */
export const frameReader = async (path: string) => {
  const handle = await open(path)
  return {
    read: async (range: FrameRange): Promise<Uint8Array> => {
      const total = range.reduce((sum, f) => sum + f.length, 0)
      const out = new Uint8Array(total)
      let at = 0
      for (const { offset, length } of range) {
        await handle.read(out, at, length, offset)
        at += length
      }
      return out
    },
    close: () => handle.close()
  }
}
