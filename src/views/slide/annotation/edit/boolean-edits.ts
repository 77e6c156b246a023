// The selection merged, subtracted or intersected, as the edits one undo step makes: the first shape
// selected (QuPath's primary object) takes the result and keeps its id, label and comments; the
// others are deleted. Pure; SelectionSection sends the changes.
import { type BooleanEdit, combine, isClosed, partsOf } from "../../../../annotation/boolean.ts"
import { flatten } from "../../../../annotation/geometry.ts"
import type { GroupChange } from "../../../../machines/annotation/edits.machine.ts"
import { bboxOfCoords, geometryOf, type Shape } from "../../../../annotation/store/shape.ts"

export type BooleanChanges =
  | { readonly ok: true; readonly changes: ReadonlyArray<{ readonly from: Shape; readonly to: Shape | null }> }
  /** "open": a shape without an inside is selected; "empty": nothing would be left. */
  | { readonly ok: false; readonly reason: "open" | "empty" }

/** Whether boolean edits apply: two or more shapes, every one closed. */
export const combinable = (shapes: ReadonlyArray<Pick<Shape, "kind">>): boolean => shapes.length >= 2 && shapes.every(isClosed)

export const booleanChanges = (edit: BooleanEdit, shapes: ReadonlyArray<Shape>): BooleanChanges => {
  const [first, ...others] = shapes
  if (first === undefined || !combinable(shapes)) return { ok: false, reason: "open" }
  const result = combine(edit, geometryOf(first), others.map(geometryOf))
  if (result === null) return { ok: false, reason: "empty" }
  const coords = flatten(result)
  const to: Shape = { ...first, kind: result.kind, coords, bbox: bboxOfCoords(coords) }
  return { ok: true, changes: [{ from: first, to }, ...others.map((from) => ({ from, to: null }))] }
}

/** How many separate parts a shape has (a region of several polygons has more than one). */
export const partCount = (shape: Shape): number => (shape.kind === "area" ? partsOf(geometryOf(shape)).length : 1)

/**
 * A region split into its parts, as one undo step: the first part stays the shape (its id, label,
 * comments), each other part is a new annotation of the same label, made with `newId`.
 */
export const splitChanges = (shape: Shape, newId: () => string): ReadonlyArray<GroupChange> => {
  const [first, ...rest] = partsOf(geometryOf(shape)).map((geometry) => {
    const coords = flatten(geometry)
    return { kind: geometry.kind, coords, bbox: bboxOfCoords(coords) }
  })
  if (first === undefined || rest.length === 0) return []
  return [
    { from: shape, to: { ...shape, ...first } },
    ...rest.map((part) => ({ from: null, to: { ...shape, ...part, id: newId(), author: null, version: 0, comments: [] } }))
  ]
}
