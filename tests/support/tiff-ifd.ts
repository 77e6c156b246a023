// Classic little-endian TIFF, written and amended by hand for the scanner test files: libtiff's
// tiffset knows only registered tags, so it cannot write Hamamatsu's private ones (65420 and on),
// and it takes a BYTE tag such as XMP (700) only as one argument per byte. Two operations suffice:
// write a TIFF of one-strip directories (NDPI: each strip a whole JPEG), and add tags to one
// directory of an existing file (a new IFD at the end of the file, the old one left unreferenced).
import { readFile, writeFile } from "node:fs/promises"

/** TIFF field types used here: BYTE, ASCII, SHORT, LONG, RATIONAL, SLONG, FLOAT. */
export type FieldType = 1 | 2 | 3 | 4 | 5 | 9 | 11

export interface Field {
  readonly tag: number
  readonly type: FieldType
  /** Numbers (a RATIONAL is two: numerator, denominator), or bytes, or text (ASCII, NUL added). */
  readonly value: ReadonlyArray<number> | Uint8Array | string
}

const SIZE: Record<FieldType, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 9: 4, 11: 4 }

/** The field's value bytes and its count (in values, not bytes). */
const encode = (field: Field): { bytes: Buffer; count: number } => {
  if (typeof field.value === "string") {
    const bytes = Buffer.from(`${field.value}\0`, "latin1")
    return { bytes, count: bytes.length }
  }
  if (field.value instanceof Uint8Array) return { bytes: Buffer.from(field.value), count: field.value.length }
  const values = field.value as ReadonlyArray<number>
  const per = field.type === 5 ? 4 : SIZE[field.type]
  const bytes = Buffer.alloc(values.length * per)
  values.forEach((v, i) => {
    const at = i * per
    if (field.type === 1) bytes.writeUInt8(v, at)
    else if (field.type === 3) bytes.writeUInt16LE(v, at)
    else if (field.type === 9) bytes.writeInt32LE(v, at)
    else if (field.type === 11) bytes.writeFloatLE(v, at)
    else bytes.writeUInt32LE(v, at)
  })
  return { bytes, count: field.type === 5 ? values.length / 2 : values.length }
}

/**
 * An IFD for `fields` placed at `at` (values that do not fit in four bytes follow the IFD), with
 * `next` as the following IFD's offset; `raw` entries (12 bytes each, from an existing IFD) are kept.
 */
const ifd = (fields: ReadonlyArray<Field>, at: number, next: number, raw: ReadonlyMap<number, Buffer> = new Map()): Buffer => {
  const encoded = new Map<number, Buffer>(raw)
  const extra: Buffer[] = []
  const entryCount = new Set([...raw.keys(), ...fields.map((f) => f.tag)]).size
  let valueAt = at + 2 + entryCount * 12 + 4
  for (const field of fields) {
    const { bytes, count } = encode(field)
    const entry = Buffer.alloc(12)
    entry.writeUInt16LE(field.tag, 0)
    entry.writeUInt16LE(field.type, 2)
    entry.writeUInt32LE(count, 4)
    if (bytes.length <= 4) bytes.copy(entry, 8)
    else {
      entry.writeUInt32LE(valueAt, 8)
      const padded = bytes.length % 2 === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(1)])
      extra.push(padded)
      valueAt += padded.length
    }
    encoded.set(field.tag, entry)
  }
  const head = Buffer.alloc(2)
  head.writeUInt16LE(encoded.size, 0)
  const tail = Buffer.alloc(4)
  tail.writeUInt32LE(next, 0)
  const entries = [...encoded.entries()].sort(([a], [b]) => a - b).map(([, e]) => e)
  return Buffer.concat([head, ...entries, tail, ...extra])
}

/** A TIFF of one-strip directories; StripOffsets (273) and StripByteCounts (279) are filled in. */
export const writeStripTiff = async (path: string, directories: ReadonlyArray<{ fields: ReadonlyArray<Field>; strip: Uint8Array }>) => {
  const parts: Buffer[] = [Buffer.from([0x49, 0x49, 42, 0, 0, 0, 0, 0])]
  let size = 8
  let pointerAt = 4
  for (const dir of directories) {
    const stripAt = size
    parts.push(Buffer.from(dir.strip))
    size += dir.strip.length
    if (size % 2) {
      parts.push(Buffer.alloc(1))
      size += 1
    }
    const fields = [
      ...dir.fields,
      { tag: 273, type: 4, value: [stripAt] } as const,
      { tag: 279, type: 4, value: [dir.strip.length] } as const
    ]
    const block = ifd(fields, size, 0)
    // The previous IFD's "next" (or the header's first) now points here.
    const whole = Buffer.concat(parts)
    whole.writeUInt32LE(size, pointerAt)
    parts.splice(0, parts.length, whole, block)
    pointerAt = size + 2 + block.readUInt16LE(0) * 12
    size += block.length
  }
  await writeFile(path, Buffer.concat(parts))
}

/** Adds (or replaces) `fields` in directory `index` of the little-endian classic TIFF at `path`. */
export const addFields = async (path: string, index: number, fields: ReadonlyArray<Field>) => {
  const file = await readFile(path)
  if (file.toString("latin1", 0, 2) !== "II" || file.readUInt16LE(2) !== 42) throw new Error(`${path}: not a little-endian classic TIFF`)
  let pointerAt = 4
  let at = file.readUInt32LE(4)
  for (let i = 0; i < index; i++) {
    pointerAt = at + 2 + file.readUInt16LE(at) * 12
    at = file.readUInt32LE(pointerAt)
    if (at === 0) throw new Error(`${path}: no directory ${index}`)
  }
  const count = file.readUInt16LE(at)
  const raw = new Map<number, Buffer>()
  for (let e = 0; e < count; e++) {
    const entry = file.subarray(at + 2 + e * 12, at + 14 + e * 12)
    raw.set(entry.readUInt16LE(0), Buffer.from(entry))
  }
  const next = file.readUInt32LE(at + 2 + count * 12)
  const start = file.length + (file.length % 2)
  const block = ifd(fields, start, next, raw)
  const out = Buffer.concat([file, Buffer.alloc(start - file.length), block])
  out.writeUInt32LE(start, pointerAt)
  await writeFile(path, out)
}

/**
 * Appends a one-strip directory of `fields` and `strip` after the last directory of the little-endian
 * classic TIFF at `path` (an Aperio label after the pyramid: tiffcp would tile it like the first input).
 */
export const appendStripDirectory = async (path: string, fields: ReadonlyArray<Field>, strip: Uint8Array) => {
  const file = await readFile(path)
  if (file.toString("latin1", 0, 2) !== "II" || file.readUInt16LE(2) !== 42) throw new Error(`${path}: not a little-endian classic TIFF`)
  let pointerAt = 4
  for (let at = file.readUInt32LE(4); at !== 0; at = file.readUInt32LE(pointerAt)) pointerAt = at + 2 + file.readUInt16LE(at) * 12
  const stripAt = file.length + (file.length % 2)
  const ifdAt = stripAt + strip.length + (strip.length % 2)
  const all = [...fields, { tag: 273, type: 4, value: [stripAt] } as const, { tag: 279, type: 4, value: [strip.length] } as const]
  const out = Buffer.concat([
    file,
    Buffer.alloc(stripAt - file.length),
    Buffer.from(strip),
    Buffer.alloc(ifdAt - stripAt - strip.length),
    ifd(all, ifdAt, 0)
  ])
  out.writeUInt32LE(ifdAt, pointerAt)
  await writeFile(path, out)
}
