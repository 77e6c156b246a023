// The two programs of an import (src/machines/annotation/import.machine.ts): reading a file into its
// preview, and storing what the preview planned. Storing creates only the labels an accepted shape
// uses (in the file's colour), recolours the slide's labels the user chose to take the file's colour
// for, then posts the shapes in chunks with `existing=update`, so shapes of an earlier import of the
// same file are updated in place (docs/annotation-interchange.md, "Import ids").
import { Effect } from "effect"
import { slideIdsFor } from "../../annotation/interchange/import-ids.ts"
import { fileIdsOf, type ImportPreview, previewImport } from "../../annotation/interchange/import-preview.ts"
import { ANNOTATION_LIMITS, type Annotation, createAnnotationsBody, type Label, type NewAnnotation } from "../../contract/annotations.ts"
import { createLabel, updateLabel } from "../../machines/annotation/labels.machine.ts"
import { call, endpoints } from "../call.ts"

/** The chosen file is not JSON. */
export class ImportUnreadable extends Error {
  readonly _tag = "ImportUnreadable"
  constructor() {
    super("The file is not JSON.")
  }
}

export interface ReadInput {
  readonly labId: string
  readonly text: string
  readonly labels: ReadonlyArray<Label>
  /** The ids of the slide's annotations, as the viewer holds them. */
  readonly existing: ReadonlyArray<string>
  readonly image: { readonly width: number; readonly height: number } | null
  readonly newId: () => string
}

/** The file read and previewed against the slide as it is now; nothing is stored. */
export const readImport = Effect.fn("Import.read")(function* (input: ReadInput) {
  const json: unknown = yield* Effect.try({ try: () => JSON.parse(input.text) as unknown, catch: () => new ImportUnreadable() })
  const slideIds = yield* Effect.promise(() => slideIdsFor(input.labId, fileIdsOf(json)))
  return previewImport({
    json,
    labels: input.labels,
    existing: new Set(input.existing),
    slideIds,
    image: input.image,
    newId: input.newId
  })
})

/** Chunks of at most perPost annotations and well under the bulk body limit. */
export const chunksOf = (annotations: ReadonlyArray<NewAnnotation>): Array<Array<NewAnnotation>> => {
  const budget = ANNOTATION_LIMITS.bulkBodyBytes * 0.9
  const chunks: Array<Array<NewAnnotation>> = []
  let current: Array<NewAnnotation> = []
  let bytes = 0
  for (const annotation of annotations) {
    const size = JSON.stringify(annotation).length + 1
    if (current.length > 0 && (current.length >= ANNOTATION_LIMITS.perPost || bytes + size > budget)) {
      chunks.push(current)
      current = []
      bytes = 0
    }
    current.push(annotation)
    bytes += size
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

export interface StoreInput {
  readonly labId: string
  readonly preview: ImportPreview
  /** The slide's labels that take the file's colour. */
  readonly takeColours: ReadonlyArray<string>
}

export interface ImportResult {
  readonly annotations: ReadonlyArray<Annotation>
  /** Labels the import created, and the slide's labels it recoloured. */
  readonly created: ReadonlyArray<Label>
  readonly recoloured: ReadonlyArray<Label>
  readonly updated: number
  readonly added: number
}

export const storeImport = Effect.fn("Import.store")(function* (input: StoreInput) {
  const { preview } = input
  const created: Array<Label> = []
  const ids = new Map<string, Label>()
  // The slide's labels as they are now: one the preview planned to create may have been made
  // meanwhile (a colleague, another tab), and creating it again would refuse the whole import.
  const current =
    preview.newLabels.length === 0
      ? []
      : (yield* call(endpoints.annotationsView.labels, {
          query: { lab_id: input.labId, page: 1, limit: ANNOTATION_LIMITS.labelsPerSlide }
        })).data.results
  for (const label of preview.newLabels) {
    const made =
      current.find((l) => l.name.toLowerCase() === label.name.toLowerCase()) ??
      (yield* createLabel({ labId: input.labId, name: label.name, color: label.color }))
    created.push(made)
    ids.set(label.key, made)
  }
  const recoloured: Array<Label> = []
  for (const difference of preview.colours)
    if (input.takeColours.includes(difference.labelId))
      recoloured.push(yield* updateLabel({ id: difference.labelId, color: difference.file }))
  // The planned shapes on this slide, with the labels just made in place of the provisional ones.
  const annotations = preview.shapes.map((s): NewAnnotation => {
    const made = ids.get(s.labelKey)
    const [tag, ...rest] = s.annotation.data.body
    const body = made === undefined ? s.annotation.data.body : ([{ ...tag, value: made.name, label: { id: made.id } }, ...rest] as const)
    return { ...s.annotation, data: { ...s.annotation.data, body, target: { ...s.annotation.data.target, source: input.labId } } }
  })
  const stored: Array<Annotation> = []
  // Each chunk keeps the ids chosen when the file was read: a chunk sent again creates nothing twice.
  for (const chunk of chunksOf(annotations)) {
    const answer = yield* call(endpoints.annotations.create, {
      params: { labId: input.labId },
      query: { existing: "update" },
      payload: createAnnotationsBody({ data: chunk })
    })
    stored.push(...answer.data.results)
  }
  return { annotations: stored, created, recoloured, updated: preview.updates, added: preview.creates } satisfies ImportResult
})
