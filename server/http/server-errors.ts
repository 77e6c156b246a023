// Every answer of 500 or more is logged with its cause, whatever LOG_REQUESTS says: a defect (a
// failed query, a bug) must never be an empty 500 that nobody can trace. A failure that answers
// below 500 (a body over its limit, a malformed multipart body) is the client's, and is not logged.
import { Cause, Effect, Result } from "effect"
import { HttpRouter, HttpServerError, HttpServerRequest } from "effect/http"
import { storageFailureMessage } from "../domain/storage-failure.ts"
import { isUnstorableText } from "./unstorable-text.ts"

/**
 * A defect that a middleware further out answers itself: text PostgreSQL cannot store becomes a 400
 * (the client's, not logged) and a write the disk refused a 503 (logged there, once, without a stack).
 * Logging them here as the 500 they are at this point would misreport them.
 */
const answeredFurtherOut = (cause: Cause.Cause<unknown>): boolean => {
  const defect = Cause.findDefect(cause)
  return Result.isSuccess(defect) && (isUnstorableText(defect.success) || storageFailureMessage(defect.success) !== undefined)
}

export const ServerErrorLog = HttpRouter.middleware(
  (httpEffect) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const route = `${request.method} ${request.url.split("?")[0]}`
      return httpEffect.pipe(
        // The failure becomes its answer further out; decide here, the same way, what that answer is.
        Effect.tapCause((cause) =>
          answeredFurtherOut(cause)
            ? Effect.void
            : Effect.flatMap(HttpServerError.causeResponse(cause), ([response]) =>
                response.status >= 500 ? Effect.logError(`${route} answered ${response.status}`, cause) : Effect.void
              )
        ),
        Effect.tap((response) => (response.status >= 500 ? Effect.logError(`${route} answered ${response.status}`) : Effect.void))
      )
    }),
  { global: true }
)
