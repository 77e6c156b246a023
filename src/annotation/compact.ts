// The compact read of a slide's annotations (GET /v2/labs/{labId}/annotations/compact/): what the
// viewer needs to draw and list them, in one binary answer instead of the W3C list's JSON, which at
// 100,000 polygons is 119 MB of selector strings to stringify, send, parse and parse again.
//
//   bytes 0-3      H, the header's length in bytes (uint32, little-endian)
//   bytes 4..4+H   the header, UTF-8 JSON (CompactHeader): one column per field, a row per annotation,
//                  except `ids`, which is sent as one string of the ids joined by commas (UUIDs, which
//                  have none): a million ids parse as one string and a split, not a million-item array
//   padding        zero bytes up to the next multiple of 8, so the browser can view what follows in place
//   the rest       every annotation's vertices x0 y0 x1 y1 ..., in list order, one after another, as
//                  little-endian Float64: exactly the numbers edits and exports start from
//
// The server writes it from stored columns (encodeCompact), the SPA reads it (decodeCompact). Shared
// and pure, as geometry.ts is.
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
  readonly versions: ReadonlyArray<number>
  /** Index into KINDS. */
  readonly kinds: ReadonlyArray<number>
  /** Index into `labels`. */
  readonly label: ReadonlyArray<number>
  /** Index into `authors`. */
  readonly author: ReadonlyArray<number>
  /** 1 visible, 0 hidden (the stored flag). */
  readonly visible: ReadonlyArray<number>
  /**
   * Vertices (x, y pairs) of each annotation in the coordinates that follow; a rectangle has its 4
   * corners, an area's rings are separated by one NaN pair each, counted here (rings.ts).
   */
  readonly vertices: ReadonlyArray<number>
  /** Index into `times`. */
  readonly created: ReadonlyArray<number>
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
   * Absent from an answer of a server from before it existed.
   */
  readonly detection?: ReadonlyArray<number>
}

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
  const ids = typeof header.ids === "string" ? header.ids : header.ids.join(ID_SEPARATOR)
  const json = new TextEncoder().encode(JSON.stringify({ ...header, ids }))
  const start = align8(4 + json.length)
  let size = start
  for (const bytes of coords) size += bytes.length
  const out = new Uint8Array(size)
  new DataView(out.buffer).setUint32(0, json.length, true)
  out.set(json, 4)
  let at = start
  for (const bytes of coords) {
    out.set(bytes, at)
    at += bytes.length
  }
  return out
}

const column = (header: CompactHeader, name: keyof CompactHeader, below?: number) => {
  const values = header[name] as unknown
  if (!Array.isArray(values) || values.length !== header.count)
    throw new CompactError(`the ${name} column does not have ${header.count} rows`)
  if (below !== undefined)
    for (const value of values as ReadonlyArray<number>)
      if (!(value >= 0 && value < below && Number.isInteger(value))) throw new CompactError(`the ${name} column holds ${value}`)
}

/** The header alone (`?parts=header`): the answer's first 4 + H bytes. */
export const compactHeaderBytes = (bytes: Uint8Array): Uint8Array => {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true)
  return bytes.subarray(0, 4 + length)
}

const headerLength = (bytes: Uint8Array): number => {
  if (bytes.length < 4) throw new CompactError("the answer is shorter than its header's length")
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true)
  if (4 + length > bytes.length) throw new CompactError("the header runs past the answer")
  return length
}

/**
 * The header read back and checked where a mistake would misplace shapes: every column has `count`
 * rows and every index points into its table. Reads a whole answer's header or a header alone.
 */
export const decodeCompactHeader = (bytes: Uint8Array): CompactHeader => {
  const length = headerLength(bytes)
  const sent = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as Omit<CompactHeader, "ids"> & { ids: unknown }
  if (typeof sent !== "object" || sent === null || !Number.isInteger(sent.count)) throw new CompactError("the header has no count")
  if (typeof sent.ids !== "string") throw new CompactError("the ids are not one string")
  const header: CompactHeader = { ...sent, ids: sent.count === 0 ? [] : sent.ids.split(ID_SEPARATOR) }
  column(header, "ids")
  column(header, "versions")
  column(header, "kinds", KINDS.length)
  column(header, "label", header.labels.length)
  column(header, "author", header.authors.length)
  column(header, "visible", 2)
  column(header, "created", header.times.length)
  column(header, "vertices", Number.MAX_SAFE_INTEGER)
  if (header.detection !== undefined) column(header, "detection", 2)
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
  const coords = float64sOf(bytes.subarray(Math.min(align8(4 + headerLength(bytes)), bytes.length)))
  let vertices = 0
  for (const n of header.vertices) vertices += n
  if (vertices * 2 !== coords.length)
    throw new CompactError(`the header counts ${vertices} vertices, the answer holds ${coords.length / 2}`)
  return { ...header, coords }
}
