// GET /v2/auth/users/: people the invite box suggests for what was typed (the server leaves out
// those already in the lab). The answer nests them at data.data.results.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const suggestUsers = Effect.fn("Members.suggest")(function* (labId: string, search: string) {
  const answer = yield* call(endpoints.members.suggest, { query: { lab_id: labId, search: search.trim() } })
  return answer.data.data.results
})
