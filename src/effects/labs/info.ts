// GET /v2/labs/{id}/info/: what the right-hand info panel shows about one lab.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const loadLabInfo = Effect.fn("Labs.info")(function* (id: string) {
  const answer = yield* call(endpoints.labsView.info, { params: { id } })
  return answer.data
})
