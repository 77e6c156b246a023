// The failures a call to the /v2 API can end in, as the SPA sees them (DESIGN.md section 4).
// The wire bodies are decoded leniently into these: the SPA must also work against another server
// that follows the spec, so an odd body degrades to an empty message, never to a crash. Transport
// failures (no answer, unreadable answer) have no wire form and exist only here.
import { Schema } from "effect"

const Fields = Schema.Record(Schema.String, Schema.Array(Schema.String))

/** 400: the spec's field lists (`non_field_errors`, `email`, ...) and an optional summary. */
export class BadRequest extends Schema.TaggedError<BadRequest>()("BadRequest", {
  fields: Fields,
  message: Schema.optionalKey(Schema.String),
  /** What kind of refusal, when the server says ("unsupported_format"). */
  code: Schema.optionalKey(Schema.String)
}) {}

/** 401: not signed in, or the session could not be renewed. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", { message: Schema.String }) {}

/** 403: no permission; `code` says why when the server knows ("account_inactive"). */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String,
  code: Schema.optionalKey(Schema.String)
}) {}

export class PaymentRequired extends Schema.TaggedError<PaymentRequired>()("PaymentRequired", { message: Schema.String }) {}
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", { message: Schema.String }) {}
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", { message: Schema.String }) {}
/**
 * 413: `code` "quota_exceeded" is the account's storage, with `remaining` bytes still free (an upload)
 * or `missing` bytes to free (accepting a lab).
 */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()("PayloadTooLarge", {
  message: Schema.String,
  code: Schema.optionalKey(Schema.String),
  remaining: Schema.optionalKey(Schema.Number),
  missing: Schema.optionalKey(Schema.Number)
}) {}

/** 429: `retryAfter` in seconds. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()("TooManyRequests", {
  message: Schema.String,
  retryAfter: Schema.Number
}) {}

/** 5xx, or any status the contract does not name. */
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

export type ApiError =
  | BadRequest
  | Unauthorized
  | Forbidden
  | PaymentRequired
  | NotFound
  | Conflict
  | PayloadTooLarge
  | TooManyRequests
  | ServerError
  | NetworkError
  | DecodeError

// Telling an ApiError apart needs no Effect: pages that only present failures (the sign-in page,
// loaded before Effect is) import it from api-error-tags.ts.
export { isApiError } from "./api-error-tags.ts"
