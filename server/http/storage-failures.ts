// A write the disk refuses (full, read-only, not permitted) surfaces as a defect wherever it happens
// outside the upload paths, which answer it themselves (an avatar, say). Answer it the same way: a 503
// in the contract's ServiceUnavailable shape whose message names the cause, not an empty 500.
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { storageFailureMessage } from "../domain/storage-failure.ts"

export const StorageFailureAnswers = HttpRouter.middleware(
  (httpEffect) =>
    Effect.catchDefect(httpEffect, (defect) => {
      const message = storageFailureMessage(defect)
      if (message === undefined) return Effect.die(defect)
      return Effect.logError("a write was refused by the disk", defect).pipe(
        Effect.as(HttpServerResponse.jsonUnsafe({ _tag: "ServiceUnavailable", message }, { status: 503 }))
      )
    }),
  { global: true }
)
