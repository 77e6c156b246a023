// DELETE /v2/members/{id}/: removes a collaborator (or a waiting invitation) from a lab.
import { Effect } from "effect"
import { Api } from "../Api.ts"
import { Acknowledged } from "../auth/acknowledged.ts"

export const removeMember = Effect.fn("Members.remove")(function* (memberId: string) {
  const api = yield* Api
  yield* api.request({ method: "DELETE", path: `/v2/members/${encodeURIComponent(memberId)}/`, success: Acknowledged })
})
