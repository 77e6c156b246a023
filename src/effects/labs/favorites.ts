// /v2/labs/favorites/: starring a lab (POST with lab_id) and un-starring it (DELETE by id).
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { Lab } from "../../contract/labs.ts"
import { Api } from "../Api.ts"
import { Acknowledged } from "../auth/acknowledged.ts"

export const addFavorite = Effect.fn("Favorites.add")(function* (id: string) {
  const api = yield* Api
  const answer = yield* api.request({ method: "POST", path: "/v2/labs/favorites/", body: { lab_id: id }, success: Ok(Lab) })
  return answer.data
})

export const removeFavorite = Effect.fn("Favorites.remove")(function* (id: string) {
  const api = yield* Api
  yield* api.request({ method: "DELETE", path: `/v2/labs/favorites/${encodeURIComponent(id)}/`, success: Acknowledged })
})

/** Sets the star and answers the lab as it now is. */
export const setFavorite = Effect.fn("Favorites.set")(function* (lab: Lab, favorite: boolean) {
  if (favorite) return yield* addFavorite(lab.id)
  yield* removeFavorite(lab.id)
  return { ...lab, is_favorite: false }
})
