// Text PostgreSQL cannot hold (a NUL character, SQLSTATE 22021) in an id or a field the contract lets
// through is the request's fault: answer 400 in the contract's BadRequest shape, not a 500. SQLite
// stores such text as it is, so this answer only ever comes from PostgreSQL.
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"

const UNTRANSLATABLE = "22021"

export const isUnstorableText = (defect: unknown): boolean =>
  typeof defect === "object" && defect !== null && "code" in defect && defect.code === UNTRANSLATABLE

export const UnstorableTextAnswers = HttpRouter.middleware(
  (httpEffect) =>
    Effect.catchDefect(httpEffect, (defect) =>
      isUnstorableText(defect)
        ? Effect.succeed(
            HttpServerResponse.jsonUnsafe(
              { _tag: "BadRequest", message: "The request holds a character that cannot be stored (a NUL)." },
              { status: 400 }
            )
          )
        : Effect.die(defect)
    ),
  { global: true }
)
