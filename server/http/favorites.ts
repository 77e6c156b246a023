// /v2/labs/favorites/: the signed-in user's favorites.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { labMessages } from "../domain/lab-messages.ts"
import { Favorites } from "../services/labs/Favorites.ts"
import { done, ok, page } from "./envelope.ts"
import { LAB_PAGE_SIZE } from "./labs-view.ts"
import { requirePaging } from "./paging.ts"

export const FavoritesLive = HttpApiBuilder.group(
  Api,
  "favorites",
  Effect.fn(function* (handlers) {
    const favorites = yield* Favorites

    return handlers
      .handle("list", ({ query }) =>
        Effect.gen(function* () {
          const paging = yield* requirePaging(query, LAB_PAGE_SIZE)
          const { results, count } = yield* favorites.list((yield* CurrentUser).id, paging)
          return ok(page(results, count, paging))
        })
      )
      .handle("add", ({ payload }) =>
        Effect.gen(function* () {
          return ok(yield* favorites.add((yield* CurrentUser).id, payload.lab_id), labMessages.favoriteAdded)
        })
      )
      .handle("remove", ({ params }) =>
        Effect.gen(function* () {
          yield* favorites.remove((yield* CurrentUser).id, params.id)
          return done(labMessages.favoriteRemoved)
        })
      )
  })
)
