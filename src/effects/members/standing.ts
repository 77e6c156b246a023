// The signed-in user's role on a lab (GET /v2/labs/{id}/info/), so the member dialog shows the
// actions that role has: the owner and admins manage, reviewers only read the list.
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { LabInfo } from "../../contract/labs.ts"
import { Api } from "../Api.ts"

export const loadStanding = Effect.fn("Members.standing")(function* (labId: string) {
  const api = yield* Api
  const answer = yield* api.request({ method: "GET", path: `/v2/labs/${encodeURIComponent(labId)}/info/`, success: Ok(LabInfo) })
  return { role: answer.data.role, labName: answer.data.name }
})
