// GET /v2/members/: one page of a lab's collaborators (owner first), optionally filtered.
import { Effect } from "effect"
import { Ok, Page } from "../../contract/envelope.ts"
import { Member, MEMBERS_PAGE_SIZE } from "../../contract/members.ts"
import { Api } from "../Api.ts"

export interface MembersPageRequest {
  readonly labId: string
  readonly page: number
  /** Part of a name, email or username; empty for everyone. */
  readonly search: string
}

export const loadMembers = Effect.fn("Members.list")(function* (request: MembersPageRequest) {
  const api = yield* Api
  const search = request.search.trim()
  const answer = yield* api.request({
    method: "GET",
    path: "/v2/members/",
    query: { lab_id: request.labId, page: request.page, limit: MEMBERS_PAGE_SIZE, search: search === "" ? undefined : search },
    success: Ok(Page(Member))
  })
  return answer.data
})
