// /v2/labs/trash/ and /v2/restore/: the signed-in owner's trash.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { labMessages } from "../domain/lab-messages.ts"
import { Trash } from "../services/labs/Trash.ts"
import { done, idList, ok, page } from "./envelope.ts"
import { LAB_PAGE_SIZE } from "./labs-view.ts"
import { requirePaging } from "./paging.ts"

export const TrashLive = HttpApiBuilder.group(
  Api,
  "trash",
  Effect.fn(function* (handlers) {
    const trash = yield* Trash

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, LAB_PAGE_SIZE)
          const { results, count } = yield* trash.list((yield* CurrentUser).id, paging)
          return ok(page(results, count, paging))
        })
      )
      .handle("restore", ({ payload }) =>
        Effect.gen(function* () {
          return ok({ results: yield* trash.restore((yield* CurrentUser).id, idList(payload.lab_id)) }, labMessages.restored)
        })
      )
      .handle("purge", ({ params }) =>
        Effect.gen(function* () {
          yield* trash.purge((yield* CurrentUser).id, params.id)
          return done(labMessages.purged)
        })
      )
      .handle("empty", () =>
        Effect.gen(function* () {
          return ok({ count: yield* trash.empty((yield* CurrentUser).id) }, labMessages.emptied)
        })
      )
  })
)
