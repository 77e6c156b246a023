// Reads an HTTP failure into the contract's errors (or the SPA's transport errors when nothing
// answered, or a status the contract does not name). Pure: the Api service calls it with what ofetch
// saw (status and parsed body, or no status when nothing answered).
import type { FieldErrors } from "../contract/errors.ts"
import {
  type ApiError,
  type BadRequest,
  Conflict,
  Forbidden,
  NetworkError,
  NotFound,
  PayloadTooLarge,
  PaymentRequired,
  ServerError,
  TooManyRequests,
  Unauthorized
} from "./ApiError.ts"

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const messageOf = (body: unknown): string => (isRecord(body) && typeof body.message === "string" ? body.message : "")

/** Keeps only `field: string[]` entries (a lone string is accepted as a one-item list). */
const fieldsOf = (body: Record<string, unknown>): FieldErrors => {
  const fields: Record<string, ReadonlyArray<string>> = {}
  for (const [key, value] of Object.entries(body)) {
    // `code` says what kind of refusal it is, for the catalogue; it names no field.
    if (key === "message" || key === "_tag" || key === "code") continue
    if (Array.isArray(value)) {
      const messages = value.filter((m): m is string => typeof m === "string")
      if (messages.length > 0) fields[key] = messages
    } else if (typeof value === "string" && value.length > 0) {
      fields[key] = [value]
    }
  }
  return fields
}

/** Seconds to wait: the body's `retry_after`, else the Retry-After header, else one minute. */
const retryAfterOf = (body: unknown, header: string | null): number => {
  if (isRecord(body) && typeof body.retry_after === "number") return body.retry_after
  const fromHeader = header === null ? Number.NaN : Number(header)
  return Number.isFinite(fromHeader) ? fromHeader : 60
}

export interface HttpFailure {
  /** undefined when the request never got an answer. */
  readonly status: number | undefined
  readonly body: unknown
  readonly retryAfterHeader: string | null
  readonly reason: string
}

export const toApiError = (failure: HttpFailure): ApiError => {
  const { status, body } = failure
  if (status === undefined) return new NetworkError({ message: failure.reason })
  const message = messageOf(body)
  switch (status) {
    case 400: {
      const fields = isRecord(body) ? fieldsOf(body) : {}
      const code = isRecord(body) && typeof body.code === "string" ? { code: body.code } : {}
      const refusal: BadRequest = { _tag: "BadRequest", ...fields, ...code }
      return message === "" ? refusal : { ...refusal, message }
    }
    case 401:
      return new Unauthorized({ message })
    case 402:
      // The contract's 402 names the feature and the plan; a body without them still reads as one.
      return new PaymentRequired({
        message,
        code: "paid_feature",
        feature: isRecord(body) && typeof body.feature === "string" ? body.feature : "",
        plan: isRecord(body) && typeof body.plan === "string" ? body.plan : ""
      })
    case 403: {
      const code = isRecord(body) && typeof body.code === "string" ? body.code : undefined
      return code === undefined ? new Forbidden({ message }) : new Forbidden({ message, code })
    }
    case 404:
      return new NotFound({ message })
    case 409:
      return new Conflict({ message })
    case 413: {
      const code = isRecord(body) && typeof body.code === "string" ? { code: body.code } : {}
      const remaining =
        isRecord(body) && typeof body.remaining === "number" && Number.isFinite(body.remaining) && body.remaining >= 0
          ? { remaining: body.remaining }
          : {}
      const missing =
        isRecord(body) && typeof body.missing === "number" && Number.isFinite(body.missing) && body.missing > 0
          ? { missing: body.missing }
          : {}
      return new PayloadTooLarge({ message, ...code, ...remaining, ...missing })
    }
    case 429:
      return new TooManyRequests({ message, retry_after: retryAfterOf(body, failure.retryAfterHeader) })
    default:
      return new ServerError({ status, message })
  }
}
