// Deleting labs moves them to the trash: DELETE /v2/labs/{id}/ for one, DELETE /v2/labs/ with the
// list for a selection (one request, so a selection is trashed together or not at all).
import { Effect } from "effect"
import { Api } from "../Api.ts"
import { Acknowledged } from "../auth/acknowledged.ts"

export const trashLabs = Effect.fn("Labs.trash")(function* (ids: ReadonlyArray<string>) {
  const api = yield* Api
  const [only] = ids
  if (ids.length === 1 && only !== undefined) {
    yield* api.request({ method: "DELETE", path: `/v2/labs/${encodeURIComponent(only)}/`, success: Acknowledged })
  } else {
    yield* api.request({ method: "DELETE", path: "/v2/labs/", body: { lab_id: [...ids] }, success: Acknowledged })
  }
  return ids
})
