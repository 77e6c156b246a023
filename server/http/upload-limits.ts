// A multipart body over the transport limits (the profile's 3 MiB avatar part, say) surfaces from
// the framework as a defect that becomes an empty 413. Answer it in the contract's PayloadTooLarge
// shape instead, so the client has a message like with every other error.
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse, Multipart } from "effect/http"

const limits = new Set(["FileTooLarge", "FieldTooLarge", "BodyTooLarge", "TooManyParts"])

export const UploadLimitAnswers = HttpRouter.middleware(
  (httpEffect) =>
    Effect.catchDefect(httpEffect, (defect) =>
      Multipart.isMultipartError(defect) && limits.has(defect.reason._tag)
        ? Effect.succeed(HttpServerResponse.jsonUnsafe({ _tag: "PayloadTooLarge", message: "The upload is too large." }, { status: 413 }))
        : Effect.die(defect)
    ),
  { global: true }
)
