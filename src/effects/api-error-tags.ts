// Which failures are the API client's (ApiError.ts), told apart by their tag alone, so that code on
// the first page (the error catalogue, the sign-in machine) needs no Effect to present a failure.
import type { ApiError } from "./ApiError.ts"

const apiErrorTags: ReadonlySet<string> = new Set<ApiError["_tag"]>([
  "BadRequest",
  "Unauthorized",
  "Forbidden",
  "PaymentRequired",
  "NotFound",
  "Conflict",
  "PayloadTooLarge",
  "TooManyRequests",
  "ServerError",
  "NetworkError",
  "DecodeError"
])

/**
 * Machines receive failures as `unknown` (an XState error event); this tells ours apart from
 * defects and interruptions.
 */
export const isApiError = (u: unknown): u is ApiError =>
  typeof u === "object" && u !== null && "_tag" in u && typeof u._tag === "string" && apiErrorTags.has(u._tag)
