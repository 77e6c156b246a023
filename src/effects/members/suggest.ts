// GET /v2/auth/users/: people the invite box suggests for what was typed (the server leaves out
// those already in the lab). Spec section 7 reads them at data.data.results.
import { Effect, Schema } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { UserSuggestion } from "../../contract/members.ts"
import { Api } from "../Api.ts"

const Suggestions = Ok(Schema.Struct({ data: Schema.Struct({ results: Schema.Array(UserSuggestion) }) }))

export const suggestUsers = Effect.fn("Members.suggest")(function* (labId: string, search: string) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "GET",
    path: "/v2/auth/users/",
    query: { lab_id: labId, search: search.trim() },
    success: Suggestions
  })
  return answer.data.data.results
})
