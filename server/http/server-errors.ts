// Every answer of 500 or more is logged with its cause, whatever LOG_REQUESTS says: a defect (a
// failed query, a bug) must never be an empty 500 that nobody can trace.
import { Cause, Effect } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"

export const ServerErrorLog = HttpRouter.middleware(
  (httpEffect) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      httpEffect.pipe(
        Effect.tapCause((cause) =>
          Cause.hasDies(cause) ? Effect.logError(`${request.method} ${request.url.split("?")[0]} failed`, cause) : Effect.void
        ),
        Effect.tap((response) =>
          response.status >= 500
            ? Effect.logError(`${request.method} ${request.url.split("?")[0]} answered ${response.status}`)
            : Effect.void
        )
      )
    ),
  { global: true }
)
