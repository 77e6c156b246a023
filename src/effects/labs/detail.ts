// GET /v2/labs/{id}/: one lab with the ancestors the user may see (a folder page's path). The server
// counts the call as an access, which is what fills Recently Access.
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { LabDetail } from "../../contract/labs.ts"
import { Api } from "../Api.ts"

export const loadLab = Effect.fn("Labs.get")(function* (id: string) {
  const api = yield* Api
  const answer = yield* api.request({ method: "GET", path: `/v2/labs/${encodeURIComponent(id)}/`, success: Ok(LabDetail) })
  return answer.data
})
