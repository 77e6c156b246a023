// /v2/labs, the signed-in user's changes and lists: create, rename or move, trash, the folder
// tree, Shared with me and Recently accessed.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { labMessages } from "../domain/lab-messages.ts"
import { LabListings } from "../services/labs/LabListings.ts"
import { Labs } from "../services/labs/Labs.ts"
import { SlideResolution } from "../services/labs/SlideResolution.ts"
import { done, idList, ok, page } from "./envelope.ts"
import { LAB_PAGE_SIZE } from "./labs-view.ts"
import { requirePaging } from "./paging.ts"

export const LabsLive = HttpApiBuilder.group(
  Api,
  "labs",
  Effect.fn(function* (handlers) {
    const labs = yield* Labs
    const listings = yield* LabListings
    const resolution = yield* SlideResolution

    return handlers
      .handle("create", ({ payload }) =>
        Effect.gen(function* () {
          const created = yield* labs.create((yield* CurrentUser).id, payload)
          return ok({ data: { results: [created] } }, labMessages.created)
        })
      )
      .handle("update", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* labs.update((yield* CurrentUser).id, params.id, payload), labMessages.updated)
        })
      )
      .handle("resolution", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* resolution.set((yield* CurrentUser).id, params.id, payload.mpp), labMessages.calibrated)
        })
      )
      .handle("remove", ({ params }) =>
        Effect.gen(function* () {
          yield* labs.trash((yield* CurrentUser).id, [params.id])
          return done(labMessages.trashed)
        })
      )
      .handle("removeMany", ({ payload }) =>
        Effect.gen(function* () {
          yield* labs.trash((yield* CurrentUser).id, idList(payload.lab_id))
          return done(labMessages.trashed)
        })
      )
      .handle("dirs", () =>
        Effect.gen(function* () {
          return ok(yield* listings.dirs((yield* CurrentUser).id))
        })
      )
      .handle("shareds", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, LAB_PAGE_SIZE)
          const { results, count } = yield* listings.shared((yield* CurrentUser).id, paging)
          return ok(page(results, count, paging))
        })
      )
      .handle("recents", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, LAB_PAGE_SIZE)
          const { results, count } = yield* listings.recents((yield* CurrentUser).id, paging)
          return ok(page(results, count, paging))
        })
      )
  })
)
