// Reads the few tags of a TIFF's first IFD that carry the physical pixel size. sharp does not
// expose ImageDescription (where Aperio SVS writes "MPP = 0.2520") and reports resolution only
// as rounded DPI, so the tags are read from the file directly: a handful of small reads at known
// offsets, never the whole file (a slide can be tens of gigabytes and its IFD may sit at the end).
import { open } from "node:fs/promises"

export interface ResolutionTags {
  readonly description?: string
  readonly xResolution?: number
  readonly yResolution?: number
  /** TIFF ResolutionUnit: 1 none, 2 inch (the default when absent), 3 centimetre. */
  readonly resolutionUnit: number
}

const IMAGE_DESCRIPTION = 270
const X_RESOLUTION = 282
const Y_RESOLUTION = 283
const RESOLUTION_UNIT = 296

// Bytes per value of the TIFF field types these tags use (ASCII, SHORT, LONG, RATIONAL, LONG8).
const TYPE_SIZE: Record<number, number> = { 2: 1, 3: 2, 4: 4, 5: 8, 16: 8 }
// An SVS description is a few hundred bytes; anything this long is not one worth parsing.
const MAX_DESCRIPTION = 64 * 1024
// A real IFD has tens of entries; a huge count means a corrupt file, not a slide.
const MAX_ENTRIES = 4096

/**
 * The text without the NULs that end it (a TIFF ASCII value ends in one). A loop from the end: /\0+$/
 * tries every NUL of a long run followed by text as a start, quadratic in the run (seconds for 64 KB).
 */
const withoutTrailingNuls = (text: string) => {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--
  return text.slice(0, end)
}

export const readResolutionTags = async (path: string): Promise<ResolutionTags | undefined> => {
  const file = await open(path, "r")
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await file.read(buffer, 0, length, position)
      return buffer.subarray(0, bytesRead)
    }
    const header = await read(0, 16)
    if (header.length < 8) return undefined
    const order = header.toString("latin1", 0, 2)
    if (order !== "II" && order !== "MM") return undefined
    const le = order === "II"
    const u16 = (b: Buffer, at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at))
    const u32 = (b: Buffer, at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at))
    const u64 = (b: Buffer, at: number) => Number(le ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at))
    const magic = u16(header, 2)
    if (magic !== 42 && magic !== 43) return undefined
    const big = magic === 43
    if (big && header.length < 16) return undefined

    // Classic TIFF: 2-byte entry count, 12-byte entries with a 4-byte value field.
    // BigTIFF: 8-byte count, 20-byte entries with an 8-byte value field.
    const ifd = big ? u64(header, 8) : u32(header, 4)
    const countBytes = big ? 8 : 2
    const entrySize = big ? 20 : 12
    const inline = big ? 8 : 4
    const countBuffer = await read(ifd, countBytes)
    if (countBuffer.length < countBytes) return undefined
    const count = big ? u64(countBuffer, 0) : u16(countBuffer, 0)
    if (count > MAX_ENTRIES) return undefined
    const entries = await read(ifd + countBytes, count * entrySize)

    const tags: { description?: string; xResolution?: number; yResolution?: number; resolutionUnit: number } = { resolutionUnit: 2 }
    for (let at = 0; at + entrySize <= entries.length; at += entrySize) {
      const tag = u16(entries, at)
      if (tag !== IMAGE_DESCRIPTION && tag !== X_RESOLUTION && tag !== Y_RESOLUTION && tag !== RESOLUTION_UNIT) continue
      const type = u16(entries, at + 2)
      const valueCount = big ? u64(entries, at + 4) : u32(entries, at + 4)
      const size = (TYPE_SIZE[type] ?? 0) * valueCount
      if (size === 0 || size > MAX_DESCRIPTION) continue
      const field = at + (big ? 12 : 8)
      const value =
        size <= inline ? entries.subarray(field, field + size) : await read(big ? u64(entries, field) : u32(entries, field), size)
      if (value.length < size) continue
      if (tag === IMAGE_DESCRIPTION && type === 2) tags.description = withoutTrailingNuls(value.toString("latin1"))
      else if ((tag === X_RESOLUTION || tag === Y_RESOLUTION) && type === 5) {
        const denominator = u32(value, 4)
        const resolution = denominator === 0 ? undefined : u32(value, 0) / denominator
        if (tag === X_RESOLUTION) tags.xResolution = resolution
        else tags.yResolution = resolution
      } else if (tag === RESOLUTION_UNIT && type === 3) tags.resolutionUnit = u16(value, 0)
    }
    return tags
  } finally {
    await file.close()
  }
}
