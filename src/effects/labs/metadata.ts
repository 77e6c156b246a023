// A lab's metadata: keyword and value pairs, among them the public flag ("mylab-is_public"). Each
// change answers the info panel as it now is: whether a lab is public also depends on its folders,
// which only the server knows, so the panel never guesses.
import { Effect, Schema } from "effect"
import { Ok } from "../../contract/envelope.ts"
import { MetadataEntry, PUBLIC_KEY } from "../../contract/labs.ts"
import { Api } from "../Api.ts"
import { Acknowledged } from "../auth/acknowledged.ts"
import { loadLabInfo } from "./info.ts"

const One = Ok(Schema.Struct({ metadata: MetadataEntry }))

const entryPath = (labId: string, metaId: string) => `/v2/labs/${encodeURIComponent(labId)}/info/${encodeURIComponent(metaId)}/`

/** PUT /v2/labs/metadata/: creates the entry, or edits the one of that name. */
const put = (labId: string, name: string, value: string) =>
  Api.use((api) => api.request({ method: "PUT", path: "/v2/labs/metadata/", body: { lab_id: labId, name, value }, success: One }))

export const setPublic = Effect.fn("Metadata.setPublic")(function* (labId: string, isPublic: boolean) {
  yield* put(labId, PUBLIC_KEY, isPublic ? "true" : "false")
  return yield* loadLabInfo(labId)
})

export interface MetadataChange {
  /** An existing entry's id; absent for a new entry. */
  readonly id?: string
  readonly name: string
  readonly value: string
}

export const saveMetadata = Effect.fn("Metadata.save")(function* (labId: string, change: MetadataChange) {
  if (change.id === undefined) {
    yield* put(labId, change.name, change.value)
  } else {
    const api = yield* Api
    yield* api.request({ method: "PUT", path: entryPath(labId, change.id), body: { name: change.name, value: change.value }, success: One })
  }
  return yield* loadLabInfo(labId)
})

export const removeMetadata = Effect.fn("Metadata.remove")(function* (labId: string, metaId: string) {
  const api = yield* Api
  yield* api.request({ method: "DELETE", path: entryPath(labId, metaId), success: Acknowledged })
  return yield* loadLabInfo(labId)
})
