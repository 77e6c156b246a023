// Every directory (IFD) of a classic or Big TIFF, read with small reads at known offsets (a slide can
// be tens of gigabytes and its directories sit anywhere in it): what tells a scanner's label and macro
// apart (description, tiling, NDPI's SourceLens) and where each directory's bytes are in the file, so
// that a download can leave those pictures out (associated-redaction.ts).
import { open } from "node:fs/promises"

/** A byte range of the file: [start, start + length). */
export interface ByteRange {
  readonly start: number
  readonly length: number
}

export interface Directory {
  readonly index: number
  /** Where the directory itself is. */
  readonly offset: number
  readonly description: string
  /** Where the description's bytes are, when they are not inside the entry itself. */
  readonly descriptionAt: number | null
  readonly tiled: boolean
  readonly sourceLens: number | null
  readonly stripOffset: number | null
  readonly stripBytes: number | null
  /** Where the pointer to the next directory is written, and the directory it points to (0: none). */
  readonly nextPointerAt: number
  readonly next: number
  /** The image data of its strips or tiles. */
  readonly data: ReadonlyArray<ByteRange>
}

export interface TiffLayout {
  readonly littleEndian: boolean
  readonly big: boolean
  /** Where the header's pointer to the first directory is. */
  readonly firstPointerAt: number
  readonly directories: ReadonlyArray<Directory>
}

const MAX_DIRECTORIES = 64
const MAX_ENTRIES = 4096
const MAX_TEXT = 1024 * 1024
/** A pyramid level of a huge slide has many tiles; past this many offsets the level is not an associated image. */
const MAX_OFFSETS = 1 << 20
// Bytes per value of the field types offsets and counts use (SHORT, LONG, LONG8).
const TYPE_SIZE: Record<number, number> = { 3: 2, 4: 4, 16: 8 }

/** The file's directories, in the order its chain links them; null when it is not a TIFF. */
export const tiffLayout = async (path: string): Promise<TiffLayout | null> => {
  const file = await open(path, "r")
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await file.read(buffer, 0, length, position)
      return buffer.subarray(0, bytesRead)
    }
    const header = await read(0, 16)
    const order = header.toString("latin1", 0, 2)
    if (order !== "II" && order !== "MM") return null
    const le = order === "II"
    const u16 = (b: Buffer, at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at))
    const u32 = (b: Buffer, at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at))
    const u64 = (b: Buffer, at: number) => Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at))
    const magic = u16(header, 2)
    if (magic !== 42 && magic !== 43) return null
    const big = magic === 43
    const [countSize, entrySize, offsetSize] = big ? [8, 20, 8] : [2, 12, 4]
    const offset = (b: Buffer, at: number) => (big ? u64(b, at) : u32(b, at))
    const readValue = (b: Buffer, at: number, type: number) => (type === 3 ? u16(b, at) : type === 16 ? u64(b, at) : u32(b, at))

    const directories: Directory[] = []
    const firstPointerAt = big ? 8 : 4
    let at = offset(header, firstPointerAt)
    const seen = new Set<number>()
    while (at > 0 && directories.length < MAX_DIRECTORIES && !seen.has(at)) {
      seen.add(at)
      const countBytes = await read(at, countSize)
      const count = Math.min(big ? u64(countBytes, 0) : u16(countBytes, 0), MAX_ENTRIES)
      const entries = await read(at + countSize, count * entrySize + offsetSize)
      const fields = new Map<number, { type: number; count: number; value: Buffer; valueAt: number }>()
      for (let e = 0; e < count; e++) {
        const entry = entries.subarray(e * entrySize, (e + 1) * entrySize)
        const n = big ? u64(entry, 4) : u32(entry, 4)
        fields.set(u16(entry, 0), {
          type: u16(entry, 2),
          count: n,
          value: entry.subarray(big ? 12 : 8),
          valueAt: at + countSize + e * entrySize + (big ? 12 : 8)
        })
      }
      const text = async (tag: number): Promise<{ text: string; at: number | null }> => {
        const f = fields.get(tag)
        if (!f) return { text: "", at: null }
        const length = Math.min(f.count, MAX_TEXT)
        const inline = length <= offsetSize
        const bytes = inline ? f.value.subarray(0, length) : await read(offset(f.value, 0), length)
        return { text: bytes.toString("latin1").replace(/\0+$/, ""), at: inline ? null : offset(f.value, 0) }
      }
      const number = (tag: number) => {
        const f = fields.get(tag)
        if (f?.count !== 1) return null
        if (f.type === 11) return le ? f.value.readFloatLE(0) : f.value.readFloatBE(0)
        if (f.type === 9) return le ? f.value.readInt32LE(0) : f.value.readInt32BE(0)
        return f.type === 3 || f.type === 4 || f.type === 16 ? readValue(f.value, 0, f.type) : null
      }
      /** An array of offsets or counts, inline when it fits in the entry. */
      const numbers = async (tag: number): Promise<number[]> => {
        const f = fields.get(tag)
        const size = f && TYPE_SIZE[f.type]
        if (!f || !size || f.count > MAX_OFFSETS) return []
        const bytes = f.count * size <= offsetSize ? f.value : await read(offset(f.value, 0), f.count * size)
        return Array.from({ length: f.count }, (_, i) => readValue(bytes, i * size, f.type))
      }
      const tiled = fields.has(322)
      const [offsets, lengths] = tiled ? [await numbers(324), await numbers(325)] : [await numbers(273), await numbers(279)]
      const description = await text(270)
      const nextPointerAt = at + countSize + count * entrySize
      const next = offset(entries, count * entrySize)
      directories.push({
        index: directories.length,
        offset: at,
        description: description.text,
        descriptionAt: description.at,
        tiled,
        sourceLens: number(65421),
        stripOffset: number(273),
        stripBytes: number(279),
        nextPointerAt,
        next,
        data: offsets.map((start, i) => ({ start, length: lengths[i] ?? 0 })).filter((range) => range.length > 0)
      })
      at = next
    }
    return { littleEndian: le, big, firstPointerAt, directories }
  } finally {
    await file.close()
  }
}
