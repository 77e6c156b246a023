// GET /v2/members/: one page of a lab's collaborators (owner first), optionally filtered.
import { Effect } from "effect"
import { MEMBERS_PAGE_SIZE } from "../../contract/members.ts"
import { call, endpoints } from "../call.ts"

export interface MembersPageRequest {
  readonly labId: string
  readonly page: number
  /** Part of a name, email or username; empty for everyone. */
  readonly search: string
}

export const loadMembers = Effect.fn("Members.list")(function* (request: MembersPageRequest) {
  const search = request.search.trim()
  const answer = yield* call(endpoints.members.list, {
    query: { lab_id: request.labId, page: request.page, limit: MEMBERS_PAGE_SIZE, search: search === "" ? undefined : search }
  })
  return answer.data
})
