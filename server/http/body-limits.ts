// Request bodies read into memory (JSON and forms) are small: a body that says it is larger than its
// path's limit is refused with 413 before a byte of it is read, and one that does not say (chunked)
// is cut off at the limit while it is read. Multipart uploads stream to disk under their own
// per-endpoint limits (the contract's asMultipart options); their text fields are capped here.
import { ByteSize, Effect } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerRequest, HttpServerResponse, Multipart } from "effect/http"
import { ANNOTATION_LIMITS } from "../../src/contract/annotations.ts"

/** Enough for every form and JSON payload of the API. */
export const JSON_BODY_LIMIT = 64 * 1024
/**
 * Paths that take more: the Pusher REST publishing API batches up to ten events of 10 KB; a bulk
 * annotation upload carries up to 5,000 shapes, and one edited shape up to 10,000 vertices
 * (ANNOTATION_LIMITS in src/contract/annotations.ts).
 */
const LARGER: ReadonlyArray<readonly [path: RegExp, bytes: number]> = [
  [/^\/apps\//, 1024 * 1024],
  [/^\/v2\/labs\/[^/?]+\/v2\/annotations\/?(?:\?|$)/, ANNOTATION_LIMITS.bulkBodyBytes],
  // 100,000 ids of a bulk edit, delete or restore (ANNOTATION_LIMITS.perBulkEdit) are about 4 MB.
  [/^\/v2\/labs\/[^/?]+\/annotations\/(?:bulk-update|bulk-delete|restore)\/?(?:\?|$)/, ANNOTATION_LIMITS.bulkBodyBytes],
  [/^\/v2\/labs\/[^/?]+\/annotations\/[^/?]+\/?(?:\?|$)/, ANNOTATION_LIMITS.singleBodyBytes]
]
const MULTIPART_FIELD_LIMIT = 64 * 1024

export const bodyLimitOf = (path: string): number => LARGER.find(([pattern]) => pattern.test(path))?.[1] ?? JSON_BODY_LIMIT

export const payloadTooLarge = (limit: number) =>
  HttpServerResponse.jsonUnsafe(
    { _tag: "PayloadTooLarge", message: `The request body is larger than ${Math.round(limit / 1024)} KB.` },
    { status: 413, headers: { connection: "close" } }
  )

export const BodyLimits = HttpRouter.middleware(
  (httpEffect) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const limit = bodyLimitOf(request.url)
      const multipart = (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/")
      const declared = Number(request.headers["content-length"] ?? 0)
      if (!multipart && declared > limit) return Effect.succeed(payloadTooLarge(limit))
      return httpEffect.pipe(
        Effect.provideService(HttpIncomingMessage.MaxBodySize, multipart ? undefined : ByteSize.bytes(limit)),
        Effect.provideService(Multipart.MaxFieldSize, ByteSize.bytes(MULTIPART_FIELD_LIMIT))
      )
    }),
  { global: true }
)
