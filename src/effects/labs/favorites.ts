// /v2/labs/favorites/: starring a lab (POST with lab_id) and un-starring it (DELETE by id).
import { Effect } from "effect"
import type { Lab } from "../../contract/labs.ts"
import { call, endpoints } from "../call.ts"

export const addFavorite = Effect.fn("Favorites.add")(function* (id: string) {
  const answer = yield* call(endpoints.favorites.add, { payload: { lab_id: id } })
  return answer.data
})

export const removeFavorite = Effect.fn("Favorites.remove")(function* (id: string) {
  yield* call(endpoints.favorites.remove, { params: { id } })
})

/** Sets the star and answers the lab as it now is. */
export const setFavorite = Effect.fn("Favorites.set")(function* (lab: Lab, favorite: boolean) {
  if (favorite) return yield* addFavorite(lab.id)
  yield* removeFavorite(lab.id)
  return { ...lab, is_favorite: false }
})
