// A draft as the store keeps it: version 0 and no author (not on the server yet), so the server's
// answer (version 1) replaces it, and the lists can tell it is unsaved.
import { bboxOfCoords, DEFAULT_COLOR, type Shape } from "./shape.ts"
import type { Draft } from "../../effects/annotations/DraftStore.ts"

export const shapeOfDraft = (draft: Draft): Shape => {
  const coords = Float64Array.from(draft.coords)
  return {
    id: draft.id,
    kind: draft.kind,
    coords,
    bbox: bboxOfCoords(coords),
    labelId: draft.label?.id ?? "",
    labelName: draft.label?.name ?? "",
    color: draft.label?.color || DEFAULT_COLOR,
    visible: true,
    author: null,
    version: 0,
    comments: draft.comment ? [draft.comment] : []
  }
}

/** Whether a shape in the store is an unsaved draft. */
export const isDraft = (shape: Pick<Shape, "author" | "version">): boolean => shape.author === null && shape.version === 0
