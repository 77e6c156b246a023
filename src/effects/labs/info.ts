// GET /v2/labs/{id}/info/: what the right-hand info panel shows about one lab.
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { LabInfo } from "../../contract/labs.ts"
import { Api } from "../Api.ts"

export const loadLabInfo = Effect.fn("Labs.info")(function* (id: string) {
  const api = yield* Api
  const answer = yield* api.request({ method: "GET", path: `/v2/labs/${encodeURIComponent(id)}/info/`, success: Ok(LabInfo) })
  return answer.data
})
