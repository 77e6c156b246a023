// The programs of the offline drafts (drafts.machine.ts): reading a slide's drafts, writing the
// machine's store commands, and uploading every draft in one bulk POST with its client id, so a
// retried upload (the answer was lost) creates nothing twice: the server answers a same-content
// retry as created.
import { Effect } from "effect"
import type { Annotation, Label, NewAnnotation } from "../../contract/annotations.ts"
import { ANNOTATION_LIMITS, createAnnotationsBody } from "../../contract/annotations.ts"
import { toSelector } from "../../annotation/geometry.ts"
import { geometryOf } from "../../annotation/store/shape.ts"
import { call, endpoints } from "../call.ts"
import { type Draft, DraftStore } from "./DraftStore.ts"

/** What the machine asks its store keeper to write. */
export type DraftCommand =
  | { readonly type: "drafts.put"; readonly drafts: ReadonlyArray<Draft> }
  | { readonly type: "drafts.delete"; readonly ids: ReadonlyArray<string> }
  | { readonly type: "drafts.clear"; readonly labId: string }

export const listDrafts = Effect.fn("Drafts.list")(function* (labId: string) {
  return yield* (yield* DraftStore).list(labId)
})

export const writeDrafts = Effect.fn("Drafts.write")(function* (command: DraftCommand) {
  const store = yield* DraftStore
  switch (command.type) {
    case "drafts.put":
      return yield* store.put(command.drafts)
    case "drafts.delete":
      return yield* store.remove(command.ids)
    case "drafts.clear":
      return yield* store.clear(command.labId)
  }
})

export const newAnnotationOf = (draft: Draft, label: Pick<Label, "id" | "name">): NewAnnotation => ({
  id: draft.id,
  data: {
    type: "Annotation",
    body: [
      { type: "TextualBody", purpose: "tagging", value: label.name, label: { id: label.id } },
      ...(draft.comment ? [{ type: "TextualBody" as const, purpose: "commenting" as const, value: draft.comment }] : [])
    ],
    target: { source: draft.lab_id, selector: toSelector(geometryOf({ kind: draft.kind, coords: Float64Array.from(draft.coords) })) }
  }
})

export interface UploadInput {
  readonly labId: string
  readonly drafts: ReadonlyArray<Draft>
  /** The label for drafts drawn before the slide had one (created first, as a live save does). */
  readonly defaultLabel: string
  /** The slide's first label now, if it has one. */
  readonly label: Pick<Label, "id" | "name"> | null
}

export interface Uploaded {
  /** The drafts the server now holds. */
  readonly ids: ReadonlyArray<string>
  readonly annotations: ReadonlyArray<Annotation>
  readonly label: Label | null
}

/** Uploads the drafts in one POST (in POSTs of 5,000 beyond that, the contract's limit). */
export const uploadDrafts = Effect.fn("Drafts.upload")(function* (input: UploadInput) {
  let fallback = input.label
  let created: Label | null = null
  if (fallback === null && input.drafts.some((draft) => draft.label === null)) {
    // A label an earlier, interrupted upload made (or someone else did) is reused, not made twice.
    const existing = yield* call(endpoints.annotationsView.labels, {
      query: { lab_id: input.labId, page: 1, limit: ANNOTATION_LIMITS.labelsPerSlide }
    })
    fallback = existing.data.results.find((label) => label.name === input.defaultLabel) ?? existing.data.results[0] ?? null
    if (fallback === null) {
      created = (yield* call(endpoints.labels.create, { payload: { lab_id: input.labId, name: input.defaultLabel } })).data
      fallback = created
    }
  }
  const chosen = fallback
  const payload = input.drafts.map((draft) => newAnnotationOf(draft, draft.label ?? chosen!))
  const annotations: Array<Annotation> = []
  for (let start = 0; start < payload.length; start += ANNOTATION_LIMITS.perPost) {
    const answer = yield* call(endpoints.annotations.create, {
      params: { labId: input.labId },
      payload: createAnnotationsBody({ data: payload.slice(start, start + ANNOTATION_LIMITS.perPost) })
    })
    annotations.push(...answer.data.results)
  }
  return { ids: input.drafts.map((draft) => draft.id), annotations, label: created } satisfies Uploaded
})
