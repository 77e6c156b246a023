// POST /v2/labs/: a new folder at the root (parent null) or inside a folder. Files come from uploads.
import { Effect } from "effect"
import { DecodeError } from "../ApiError.ts"
import { call, endpoints } from "../call.ts"

export const createFolder = Effect.fn("Labs.createFolder")(function* (name: string, parent: string | null) {
  const answer = yield* call(endpoints.labs.create, { payload: { name, parent, is_dir: true, is_favorite: false } })
  const created = answer.data.data.results[0]
  // The spec reads results[0]; an empty list would be a broken server, not a user error.
  if (created === undefined) return yield* new DecodeError({ path: endpoints.labs.create.path, message: "no created lab in the answer" })
  return created
})
