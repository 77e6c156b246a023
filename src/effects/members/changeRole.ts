// PUT /v2/members/{id}/: gives a collaborator another role (admin or reviewer).
import { Effect } from "effect"
import type { MemberRole } from "../../contract/members.ts"
import { call, endpoints } from "../call.ts"

export const changeMemberRole = Effect.fn("Members.changeRole")(function* (memberId: string, role: MemberRole) {
  const answer = yield* call(endpoints.members.changeRole, { params: { id: memberId }, payload: { role_member: role } })
  return answer.data
})
