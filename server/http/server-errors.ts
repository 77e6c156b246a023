// Every answer of 500 or more is logged with its cause, whatever LOG_REQUESTS says: a defect (a
// failed query, a bug) must never be an empty 500 that nobody can trace. A failure that answers
// below 500 (a body over its limit, a malformed multipart body) is the client's, and is not logged.
import { Effect } from "effect"
import { HttpRouter, HttpServerError, HttpServerRequest } from "effect/http"

export const ServerErrorLog = HttpRouter.middleware(
  (httpEffect) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const route = `${request.method} ${request.url.split("?")[0]}`
      return httpEffect.pipe(
        // The failure becomes its answer further out; decide here, the same way, what that answer is.
        Effect.tapCause((cause) =>
          Effect.flatMap(HttpServerError.causeResponse(cause), ([response]) =>
            response.status >= 500 ? Effect.logError(`${route} answered ${response.status}`, cause) : Effect.void
          )
        ),
        Effect.tap((response) => (response.status >= 500 ? Effect.logError(`${route} answered ${response.status}`) : Effect.void))
      )
    }),
  { global: true }
)
