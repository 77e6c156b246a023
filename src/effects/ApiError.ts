// The failures a call to the /v2 API can end in, as the SPA sees them: what the server answers is
// the contract's own errors (src/contract/errors.ts), read leniently from the wire by wireError.ts,
// so that an odd body degrades to an empty message, never to a crash. What no server answer carries
// (no answer, an answer the contract does not describe) exists only here.
import { Schema } from "effect"
import type {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  PaymentRequired,
  TooManyRequests,
  Unauthorized
} from "../contract/errors.ts"

export {
  BadRequest,
  badRequest,
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  PaymentRequired,
  TooManyRequests,
  Unauthorized
} from "../contract/errors.ts"

/** 5xx, or any status the contract does not name for the endpoint. */
export class ServerError extends Schema.TaggedError<ServerError>()("ServerError", {
  status: Schema.Number,
  message: Schema.String
}) {}

/** The request got no answer: offline, DNS, CORS, connection reset. */
export class NetworkError extends Schema.TaggedError<NetworkError>()("NetworkError", { message: Schema.String }) {}

/** The answer did not match the contract's Schema. */
export class DecodeError extends Schema.TaggedError<DecodeError>()("DecodeError", {
  path: Schema.String,
  message: Schema.String
}) {}

/** The errors of the contract that the SPA reads from any answer by its status alone. */
export type ByStatus = BadRequest | Unauthorized | Forbidden | PaymentRequired | NotFound | Conflict | PayloadTooLarge | TooManyRequests

export type ApiError = ByStatus | ServerError | NetworkError | DecodeError

/** The tags of ByStatus: a failure the endpoint does not declare under one of them is an unexpected status. */
export const statusOfTag: Readonly<Record<ByStatus["_tag"], number>> = {
  BadRequest: 400,
  Unauthorized: 401,
  PaymentRequired: 402,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  TooManyRequests: 429
}
