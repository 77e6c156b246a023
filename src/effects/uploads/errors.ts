// How a chunk upload can fail, as the upload machine tells the cases apart: the API's typed errors
// (403 not allowed here, 413 storage full, 400 wrong format, 404 upload forgotten, no answer at all)
// and one of its own, a chunk that did not start where the server is (400 with the server's offset),
// which is not a failure at all but an instruction to continue from there.
import { Schema } from "effect"
import type { ApiError } from "../ApiError.ts"
import { toApiError } from "../wireError.ts"

export class OffsetMismatch extends Schema.TaggedError<OffsetMismatch>()("OffsetMismatch", { offset: Schema.Number }) {}

export type UploadError = ApiError | OffsetMismatch

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The server's offset in a refusal: `{ offset }`, `{ data: { offset } }` or a one-item field list. */
export const offsetIn = (body: unknown): number | undefined => {
  if (!isRecord(body)) return undefined
  const candidates = [body.offset, isRecord(body.data) ? body.data.offset : undefined]
  for (const candidate of candidates) {
    const value = Array.isArray(candidate) ? candidate[0] : candidate
    const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value
    if (typeof number === "number" && Number.isInteger(number) && number >= 0) return number
  }
  return undefined
}

export interface ChunkReply {
  readonly status: number
  readonly body: unknown
  readonly retryAfter: string | null
}

/** A non-2xx answer to a chunk, as a typed error. */
export const chunkRefusal = (reply: ChunkReply): UploadError => {
  const offset = reply.status === 400 ? offsetIn(reply.body) : undefined
  if (offset !== undefined) return new OffsetMismatch({ offset })
  return toApiError({ status: reply.status, body: reply.body, retryAfterHeader: reply.retryAfter, reason: `HTTP ${reply.status}` })
}
