// The signed-in user's role on a lab (GET /v2/labs/{id}/info/), so the member dialog shows the
// actions that role has: the owner and admins manage, reviewers only read the list.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const loadStanding = Effect.fn("Members.standing")(function* (labId: string) {
  const answer = yield* call(endpoints.labsView.info, { params: { id: labId } })
  return { role: answer.data.role, labName: answer.data.name }
})
