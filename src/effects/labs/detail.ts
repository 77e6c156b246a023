// GET /v2/labs/{id}/: one lab with the ancestors the user may see (a folder page's path). The server
// counts the call as an access, which is what fills Recently Access.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const loadLab = Effect.fn("Labs.get")(function* (id: string) {
  const answer = yield* call(endpoints.labsView.get, { params: { id } })
  return answer.data
})
