// POST /v2/labs/: a new folder at the root (parent null) or inside a folder. Files come from uploads.
import { Effect, Schema } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { CreatedLab } from "../../contract/labs.ts"
import { Api } from "../Api.ts"
import { DecodeError } from "../ApiError.ts"

const Created = Ok(Schema.Struct({ data: Schema.Struct({ results: Schema.Array(CreatedLab) }) }))

export const createFolder = Effect.fn("Labs.createFolder")(function* (name: string, parent: string | null) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "POST",
    path: "/v2/labs/",
    body: { name, parent, is_dir: true, is_favorite: false },
    success: Created
  })
  const created = answer.data.data.results[0]
  // The spec reads results[0]; an empty list would be a broken server, not a user error.
  if (created === undefined) return yield* new DecodeError({ path: "/v2/labs/", message: "no created lab in the answer" })
  return created
})
