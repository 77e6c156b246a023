// The compact read of a slide's annotations (GET /v2/labs/{labId}/annotations/compact/): what the
// viewer needs to draw and list them, in one binary answer instead of the W3C list's JSON, which at
// 100,000 polygons is 119 MB of selector strings to stringify, send, parse and parse again.
//
//   bytes 0-3      J, the JSON part's length in bytes (uint32, little-endian)
//   bytes 4-7      C, where the coordinates start (uint32, little-endian): the header is bytes 0..C
//   bytes 8..8+J   UTF-8 JSON: the count, the tables (labels, authors, times), comments and props by
//                  row, and the ids as one string joined by commas (UUIDs, which have none)
//   the columns    one per numeric field, a row per annotation, in COLUMNS' order and types, each
//                  little-endian and padded to a multiple of 8 bytes
//   from C         every annotation's vertices x0 y0 x1 y1 ..., in list order, one after another, as
//                  little-endian Float64: exactly the numbers edits and exports start from
//
// Why binary columns and a joined string: at a million detections the JSON arrays of ids and
// numbers were 55 MB to stringify on the server and parse in the browser (0.9 s there); as typed
// arrays the browser views them in place. The server writes it from stored columns (encodeCompact),
// the SPA reads it (decodeCompact). Shared and pure, as geometry.ts is.
import type { Geometry } from "./geometry.ts"
import type { AnnotationProps } from "./props.ts"

/** Kind codes of the header's `kinds` column. */
export const KINDS = ["rectangle", "polygon", "polyline", "points", "area"] as const satisfies ReadonlyArray<Geometry["kind"]>
export type Kind = (typeof KINDS)[number]

export const kindCode = (kind: Kind): number => KINDS.indexOf(kind)

export interface CompactLabel {
  readonly id: string
  readonly name: string
  readonly color: string
}

export interface CompactAuthor {
  readonly id: string
  readonly name: string
  readonly email: string
}

/**
 * Every column has `count` entries, in the W3C list's order (drawing order). Labels, authors and
 * creation times are tables the columns index into: a slide has a few of each, and an upload of
 * 5,000 shapes shares one time.
 */
export interface CompactHeader {
  readonly count: number
  readonly labels: ReadonlyArray<CompactLabel>
  readonly authors: ReadonlyArray<CompactAuthor>
  /** Distinct `created_at` values. */
  readonly times: ReadonlyArray<string>
  readonly ids: ReadonlyArray<string>
  readonly versions: Column
  /** Index into KINDS. */
  readonly kinds: Column
  /** Index into `labels`. */
  readonly label: Column
  /** Index into `authors`. */
  readonly author: Column
  /** 1 visible, 0 hidden (the stored flag). */
  readonly visible: Column
  /**
   * Vertices (x, y pairs) of each annotation in the coordinates that follow; a rectangle has its 4
   * corners, an area's rings are separated by one NaN pair each, counted here (rings.ts).
   */
  readonly vertices: Column
  /** Index into `times`. */
  readonly created: Column
  /** Comment bodies, in order, by the annotation's row number; only rows that have some. */
  readonly comments: Readonly<Record<string, ReadonlyArray<string>>>
  /**
   * Name, description, lock, creator and created (props.ts) by row number; only rows that have
   * some. Absent from an answer of a server from before they existed.
   */
  readonly props?: Readonly<Record<string, AnnotationProps>>
  /**
   * 1 for a row an analysis made (a detection, in QuPath's word): locked and read-only on the server.
   * Its props are not in `props`: its measurements (its description) would be 100 MB of this header
   * at a million nuclei, so the viewer reads them with the one annotation when it shows them.
   * Absent from a header made without it (all 0 when encoded).
   */
  readonly detection?: Column
}

/** A numeric column: a typed array as decoded, or a plain array as built. */
export type Column = ArrayLike<number> & Iterable<number>

type NumericName = "versions" | "vertices" | "created" | "label" | "author" | "kinds" | "visible" | "detection"

/** The numeric columns in the order they follow the JSON, each with its type. */
const COLUMNS: ReadonlyArray<readonly [NumericName, Uint32ArrayConstructor | Uint8ArrayConstructor]> = [
  ["versions", Uint32Array],
  ["vertices", Uint32Array],
  ["created", Uint32Array],
  ["label", Uint32Array],
  ["author", Uint32Array],
  ["kinds", Uint8Array],
  ["visible", Uint8Array],
  ["detection", Uint8Array]
]

export interface CompactAnnotations extends CompactHeader {
  /** All vertices, row after row (`vertices[i]` pairs each). */
  readonly coords: Float64Array
}

export class CompactError extends Error {}

const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f

const align8 = (n: number) => Math.ceil(n / 8) * 8

/** Float64s as little-endian bytes: a view of the same memory on a little-endian machine. */
export const float64Bytes = (values: Float64Array): Uint8Array => {
  if (LITTLE_ENDIAN) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength)
  const out = new Uint8Array(values.length * 8)
  const view = new DataView(out.buffer)
  for (let i = 0; i < values.length; i++) view.setFloat64(i * 8, values[i]!, true)
  return out
}

/** Little-endian Float64 bytes as numbers: a view where the bytes are aligned, a copy otherwise. */
export const float64sOf = (bytes: Uint8Array): Float64Array => {
  if (bytes.length % 8 !== 0) throw new CompactError(`${bytes.length} bytes are not a whole number of Float64s`)
  if (LITTLE_ENDIAN && bytes.byteOffset % 8 === 0) return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8)
  const out = new Float64Array(bytes.length / 8)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true)
  return out
}

/** A header as the server builds it: the ids as a list, or already joined by commas (ID_SEPARATOR). */
export type HeaderToEncode = Omit<CompactHeader, "ids"> & { readonly ids: ReadonlyArray<string> | string }

const ID_SEPARATOR = ","

/** The answer: the header, then each row's coordinates (`float64Bytes` of its vertices), in row order. */
export const encodeCompact = (header: HeaderToEncode, coords: ReadonlyArray<Uint8Array>): Uint8Array => {
  const { count, labels, authors, times, comments, props } = header
  const ids = typeof header.ids === "string" ? header.ids : header.ids.join(ID_SEPARATOR)
  const json = new TextEncoder().encode(JSON.stringify({ count, labels, authors, times, ids, comments, props }))
  const columns = COLUMNS.map(([name, Type]) => {
    const values = header[name] ?? new Array<number>(count).fill(0)
    if (values.length !== count) throw new CompactError(`the ${name} column does not have ${count} rows`)
    // Already of its type (the server builds them so): as it is. Otherwise a value the type cannot
    // hold would arrive as another number: refused here, not truncated.
    const typed = values instanceof Type ? values : Type.from(values)
    if (typed !== values)
      for (let i = 0; i < count; i++) if (typed[i] !== values[i]) throw new CompactError(`the ${name} column holds ${values[i]}`)
    const bytes = new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength)
    return LITTLE_ENDIAN ? bytes : swapped(bytes, Type.BYTES_PER_ELEMENT)
  })
  let start = align8(8 + json.length)
  for (const column of columns) start += align8(column.length)
  let size = start
  for (const bytes of coords) size += bytes.length
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  view.setUint32(0, json.length, true)
  view.setUint32(4, start, true)
  out.set(json, 8)
  let at = align8(8 + json.length)
  for (const column of columns) {
    out.set(column, at)
    at += align8(column.length)
  }
  for (const bytes of coords) {
    out.set(bytes, at)
    at += bytes.length
  }
  return out
}

/** Each `width`-byte word's bytes reversed (a big-endian machine's typed arrays to little-endian, or back). */
const swapped = (bytes: Uint8Array, width: number): Uint8Array => {
  const out = new Uint8Array(bytes.length)
  for (let i = 0; i < bytes.length; i += width) for (let j = 0; j < width; j++) out[i + j] = bytes[i + width - 1 - j]!
  return out
}

interface Layout {
  readonly jsonLength: number
  readonly coordsStart: number
}

const layoutOf = (bytes: Uint8Array): Layout => {
  if (bytes.length < 8) throw new CompactError("the answer is shorter than its header's length")
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const jsonLength = view.getUint32(0, true)
  const coordsStart = view.getUint32(4, true)
  if (8 + jsonLength > coordsStart || coordsStart > bytes.length) throw new CompactError("the header runs past the answer")
  return { jsonLength, coordsStart }
}

/** The header alone (`?parts=header`): the answer's first C bytes. */
export const compactHeaderBytes = (bytes: Uint8Array): Uint8Array => bytes.subarray(0, layoutOf(bytes).coordsStart)

/** A column viewed in place where it sits aligned on a little-endian machine, copied otherwise. */
const columnAt = (bytes: Uint8Array, at: number, count: number, Type: Uint32ArrayConstructor | Uint8ArrayConstructor): Column => {
  const width = Type.BYTES_PER_ELEMENT
  const slice = bytes.subarray(at, at + count * width)
  if (LITTLE_ENDIAN && (bytes.byteOffset + at) % width === 0) return new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, count)
  const copy = LITTLE_ENDIAN ? slice.slice() : swapped(slice, width)
  return new Type(copy.buffer as ArrayBuffer, 0, count)
}

const below = (values: Column, name: string, limit: number) => {
  for (let i = 0; i < values.length; i++) if (!(values[i]! < limit)) throw new CompactError(`the ${name} column holds ${values[i]}`)
}

/**
 * The header read back and checked where a mistake would misplace shapes: every column has `count`
 * rows and every index points into its table. Reads a whole answer's header or a header alone.
 */
export const decodeCompactHeader = (bytes: Uint8Array): CompactHeader => {
  const { jsonLength, coordsStart } = layoutOf(bytes)
  const sent = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + jsonLength))) as Omit<CompactHeader, "ids" | NumericName> & {
    ids: unknown
  }
  if (typeof sent !== "object" || sent === null || !Number.isInteger(sent.count) || sent.count < 0)
    throw new CompactError("the header has no count")
  const { count } = sent
  if (typeof sent.ids !== "string") throw new CompactError("the ids are not one string")
  const ids = count === 0 ? [] : sent.ids.split(ID_SEPARATOR)
  if (ids.length !== count) throw new CompactError(`the ids column does not have ${count} rows`)
  let at = align8(8 + jsonLength)
  const columns = {} as Record<NumericName, Column>
  for (const [name, Type] of COLUMNS) {
    if (at + count * Type.BYTES_PER_ELEMENT > coordsStart) throw new CompactError(`the ${name} column runs past the header`)
    columns[name] = columnAt(bytes, at, count, Type)
    at += align8(count * Type.BYTES_PER_ELEMENT)
  }
  const header: CompactHeader = { ...sent, ids, ...columns }
  below(header.kinds, "kinds", KINDS.length)
  below(header.label, "label", header.labels.length)
  below(header.author, "author", header.authors.length)
  below(header.visible, "visible", 2)
  below(header.created, "created", header.times.length)
  below(columns.detection, "detection", 2)
  for (const name of ["comments", "props"] as const)
    for (const row of Object.keys(header[name] ?? {})) {
      const i = Number(row)
      if (!(Number.isInteger(i) && i >= 0 && i < header.count)) throw new CompactError(`${name} name row ${row}`)
    }
  return header
}

/**
 * The answer read back: the header checked (decodeCompactHeader), and the vertices adding up to the
 * coordinates that follow, which are a view of `bytes` (no copy).
 */
export const decodeCompact = (bytes: Uint8Array): CompactAnnotations => {
  const header = decodeCompactHeader(bytes)
  const coords = float64sOf(bytes.subarray(layoutOf(bytes).coordsStart))
  let vertices = 0
  for (let i = 0; i < header.vertices.length; i++) vertices += header.vertices[i]!
  if (vertices * 2 !== coords.length)
    throw new CompactError(`the header counts ${vertices} vertices, the answer holds ${coords.length / 2}`)
  return { ...header, coords }
}
