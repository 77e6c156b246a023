// A lab's metadata: keyword and value pairs, among them the public flag ("mylab-is_public"). Each
// change answers the info panel as it now is: whether a lab is public also depends on its folders,
// which only the server knows, so the panel never guesses.
import { Effect } from "effect"
import { PUBLIC_KEY } from "../../contract/labs.ts"
import { call, endpoints } from "../call.ts"
import { loadLabInfo } from "./info.ts"

/** PUT /v2/labs/metadata/: creates the entry, or edits the one of that name. */
const put = (labId: string, name: string, value: string) => call(endpoints.metadata.put, { payload: { lab_id: labId, name, value } })

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
    yield* call(endpoints.metadata.edit, { params: { id: labId, metaId: change.id }, payload: { name: change.name, value: change.value } })
  }
  return yield* loadLabInfo(labId)
})

export const removeMetadata = Effect.fn("Metadata.remove")(function* (labId: string, metaId: string) {
  yield* call(endpoints.metadata.remove, { params: { id: labId, metaId } })
  return yield* loadLabInfo(labId)
})
