// PUT /v2/members/{id}/: gives a collaborator another role (admin or reviewer).
import { Effect } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { Member, type MemberRole } from "../../contract/members.ts"
import { Api } from "../Api.ts"

export const changeMemberRole = Effect.fn("Members.changeRole")(function* (memberId: string, role: MemberRole) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "PUT",
    path: `/v2/members/${encodeURIComponent(memberId)}/`,
    body: { role_member: role },
    success: Ok(Member)
  })
  return answer.data
})
