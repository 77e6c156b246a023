// The annotation calls the viewer makes, all through the contract-derived client.
import { Effect } from "effect"
import { type CompactAnnotations, decodeCompact, decodeCompactHeader } from "../../annotation/compact.ts"
import { ANNOTATION_LIMITS, type Label, type NewAnnotation, createAnnotationsBody } from "../../contract/annotations.ts"
import { toSelector } from "../../annotation/geometry.ts"
import { geometryOf, type ShapeKind } from "../../annotation/store/shape.ts"
import { DecodeError } from "../ApiError.ts"
import { call, endpoints } from "../call.ts"
import { downloadBytes } from "../download.ts"

export interface SlideAnnotations {
  /** Every annotation, as the compact read answers them (src/annotation/compact.ts). */
  readonly annotations: CompactAnnotations
  readonly labels: ReadonlyArray<Label>
}

/**
 * Every annotation of the slide and its labels. The annotations come from the compact read, not the
 * W3C list: at 100,000 polygons the list is 119 MB of JSON and seconds of parsing on both sides,
 * the compact answer its vertices as one Float64Array viewed in place (issue 12).
 */
export const loadAnnotations = Effect.fn("Annotations.load")(function* (labId: string) {
  const [annotations, labels] = yield* Effect.all(
    [
      readCompact(labId),
      call(endpoints.annotationsView.labels, { query: { lab_id: labId, page: 1, limit: ANNOTATION_LIMITS.labelsPerSlide } })
    ],
    { concurrency: 2 }
  )
  return { annotations, labels: labels.data.results } satisfies SlideAnnotations
})

/**
 * The slide's annotations as they are now, from the compact read (also when a live change was too
 * big for its message), or only those created since `createdSince`.
 */
export const readCompact = Effect.fn("Annotations.readCompact")(function* (labId: string, createdSince?: string) {
  const bytes = yield* downloadBytes(
    endpoints.annotationsView.compact,
    { labId },
    createdSince === undefined ? undefined : { created_since: createdSince }
  )
  return yield* Effect.try({
    try: () => decodeCompact(bytes),
    catch: (error) => new DecodeError({ path: endpoints.annotationsView.compact.path, message: String(error) })
  })
})

/** The compact read's header alone (no vertices): ids, versions, labels and visibility as they are now. */
export const readCompactHeader = Effect.fn("Annotations.readCompactHeader")(function* (labId: string) {
  const bytes = yield* downloadBytes(endpoints.annotationsView.compact, { labId }, { parts: "header" })
  return yield* Effect.try({
    try: () => decodeCompactHeader(bytes),
    catch: (error) => new DecodeError({ path: endpoints.annotationsView.compact.path, message: String(error) })
  })
})

export interface SaveInput {
  readonly labId: string
  /** Chosen by the client, so a retried save creates nothing twice. */
  readonly id: string
  readonly kind: ShapeKind
  readonly coords: ReadonlyArray<number>
  /** The label to tag it with; null: the slide has none yet, create `defaultLabel` first. */
  readonly label: Pick<Label, "id" | "name"> | null
  readonly defaultLabel: string
  readonly comment?: string
}

const newAnnotation = (input: SaveInput, label: Pick<Label, "id" | "name">): NewAnnotation => ({
  id: input.id,
  data: {
    type: "Annotation",
    body: [
      { type: "TextualBody", purpose: "tagging", value: label.name, label: { id: label.id } },
      ...(input.comment ? [{ type: "TextualBody" as const, purpose: "commenting" as const, value: input.comment }] : [])
    ],
    target: { source: input.labId, selector: toSelector(geometryOf({ kind: input.kind, coords: Float64Array.from(input.coords) })) }
  }
})

/** Creates one annotation; answers it as the server stored it (and the label, when it made one). */
export const saveAnnotation = Effect.fn("Annotations.create")(function* (input: SaveInput) {
  let label = input.label
  let created: Label | null = null
  if (label === null) {
    created = (yield* call(endpoints.labels.create, { payload: { lab_id: input.labId, name: input.defaultLabel } })).data
    label = created
  }
  const answer = yield* call(endpoints.annotations.create, {
    params: { labId: input.labId },
    payload: createAnnotationsBody({ data: [newAnnotation(input, label)] })
  })
  return { annotation: answer.data.results[0]!, label: created }
})
