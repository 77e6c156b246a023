// POST /v2/members/transfer/: hands the lab to another collaborator; the former owner stays as admin.
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { Lab } from "../../contract/labs.ts"
import { Api } from "../Api.ts"

export const transferOwnership = Effect.fn("Members.transfer")(function* (labId: string, userId: string) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "POST",
    path: "/v2/members/transfer/",
    body: { lab_id: labId, user_id: userId },
    success: Ok(Lab)
  })
  return answer.data
})
