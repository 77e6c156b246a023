// Deleting labs moves them to the trash: DELETE /v2/labs/{id}/ for one, DELETE /v2/labs/ with the
// list for a selection (one request, so a selection is trashed together or not at all).
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const trashLabs = Effect.fn("Labs.trash")(function* (ids: ReadonlyArray<string>) {
  const [only] = ids
  if (ids.length === 1 && only !== undefined) {
    yield* call(endpoints.labs.remove, { params: { id: only } })
  } else {
    yield* call(endpoints.labs.removeMany, { payload: { lab_id: [...ids] } })
  }
  return ids
})
