// GET /v2/get-dirs/: every folder the user can move things into, nested, with "Root" (id null) first.
import { Effect, Schema } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { FolderNode } from "../../contract/labs.ts"
import { Api } from "../Api.ts"

export const loadFolderTree = Effect.fn("Labs.dirs")(function* () {
  const api = yield* Api
  const answer = yield* api.request({ method: "GET", path: "/v2/get-dirs/", success: Ok(Schema.Array(FolderNode)) })
  return answer.data
})
