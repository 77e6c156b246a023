// POST /v2/members/transfer/: hands the lab to another collaborator; the former owner stays as admin.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const transferOwnership = Effect.fn("Members.transfer")(function* (labId: string, userId: string) {
  const answer = yield* call(endpoints.members.transfer, { payload: { lab_id: labId, user_id: userId } })
  return answer.data
})
