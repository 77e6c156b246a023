// GET /v2/get-dirs/: every folder the user can move things into, nested, with "Root" (id null) first.
import { Effect } from "effect"
import { call, endpoints } from "../call.ts"

export const loadFolderTree = Effect.fn("Labs.dirs")(function* () {
  const answer = yield* call(endpoints.labs.dirs)
  return answer.data
})
