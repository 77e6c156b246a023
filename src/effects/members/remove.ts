// DELETE /v2/members/{id}/: removes a collaborator (or a waiting invitation) from a lab.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const removeMember = Effect.fn("Members.remove")(function* (memberId: string) {
  yield* call(endpoints.members.remove, { params: { id: memberId } })
})
