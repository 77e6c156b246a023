// A slide's label and macro pictures (src/contract/associated-images.ts): what the asker may see of
// them with the pictures themselves, and the owner's show/hide.
import { Effect } from "effect"
import type { AssociatedImages, AssociatedName } from "../../contract/associated-images.ts"
import { call, endpoints } from "../call.ts"
import { download } from "../download.ts"

export interface AssociatedView extends AssociatedImages {
  readonly pictures: ReadonlyArray<{ readonly name: AssociatedName; readonly blob: Blob }>
}

export const loadAssociated = Effect.fn("Associated.load")(function* (labId: string) {
  const view = (yield* call(endpoints.associatedImages.list, { params: { labId } })).data
  const pictures = yield* Effect.forEach(view.images, (name) =>
    Effect.map(download(endpoints.associatedImages.image, { labId, name }), (blob) => ({ name, blob }))
  )
  const loaded: AssociatedView = { ...view, pictures }
  return loaded
})

export const showAssociated = Effect.fn("Associated.show")(function* (input: { readonly labId: string; readonly shown: boolean }) {
  return (yield* call(endpoints.associatedImages.show, { params: { labId: input.labId }, payload: { shown: input.shown } })).data
})
