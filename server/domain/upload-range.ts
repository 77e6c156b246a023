// Chunked uploads: reading a chunk's Content-Range, and what a chunk means against the bytes the
// server already holds. Pure, so the rules are tested without a server.

export interface ByteRange {
  /** First byte of the chunk. */
  readonly start: number
  /** Last byte of the chunk, inclusive (as HTTP writes it). */
  readonly end: number
  /** Bytes of the whole file. */
  readonly total: number
}

/** Largest file an upload may announce: well past any plan's quota, below 2^53 for exact numbers. */
export const MAX_UPLOAD_BYTES = 2 ** 44

/** `bytes start-end/total`, with start <= end < total; undefined when malformed. */
export const parseContentRange = (header: string | undefined): ByteRange | undefined => {
  // At most 16 digits each, so every number is exact.
  const match = /^\s*bytes\s+(\d{1,16})-(\d{1,16})\/(\d{1,16})\s*$/i.exec(header ?? "")
  if (!match) return undefined
  const [start, end, total] = match.slice(1).map(Number) as [number, number, number]
  if (start > end || end >= total || total > MAX_UPLOAD_BYTES) return undefined
  return { start, end, total }
}

export const rangeLength = (range: ByteRange): number => range.end - range.start + 1

export type ChunkDecision =
  /** The chunk continues exactly where the held bytes end. */
  | { readonly kind: "append" }
  /** Every byte of it is already held (a retry after a lost answer): change nothing. */
  | { readonly kind: "duplicate" }
  /** It starts elsewhere: the client must continue from `offset`. */
  | { readonly kind: "mismatch"; readonly offset: number }
  /** It belongs to a file of another size. */
  | { readonly kind: "wrong-total" }

export const decideChunk = (held: { readonly received: number; readonly total: number }, range: ByteRange): ChunkDecision => {
  if (range.total !== held.total) return { kind: "wrong-total" }
  if (range.end < held.received) return { kind: "duplicate" }
  if (range.start === held.received) return { kind: "append" }
  return { kind: "mismatch", offset: held.received }
}
