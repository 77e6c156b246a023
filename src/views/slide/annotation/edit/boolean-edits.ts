// The selection merged, subtracted or intersected, as the edits one undo step makes: the first shape
// selected (QuPath's primary object) takes the result and keeps its id, label and comments; the
// others are deleted. Pure; SelectionSection sends the changes.
import { type BooleanEdit, combine, isClosed } from "../../../../annotation/boolean.ts"
import { flatten } from "../../../../annotation/geometry.ts"
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
