// Selecting several annotations, pure: which shapes a selection box takes, and the selection as a set
// of ids (what a click, a Shift+click, a box and Ctrl+A make of it).
//
// The box rule is QuPath's: a shape is selected when all of it lies inside the box, not when the box
// merely touches or crosses it (a box dragged over a crowded region takes the cells it surrounds,
// not the large region they sit in). Every shape here is straight segments between its vertices, so
// all of it lies inside the (convex) box exactly when every vertex does, that is when its bounding
// box does: the test costs four comparisons whatever the vertex count. A shape touching the box's
// border from inside counts as inside. The candidates come from the store's spatial index (the
// shapes whose boxes meet the box), so a box over a slide of 100,000 shapes looks at the few it
// meets, and only shapes shown on this screen (their label and they themselves not hidden) are
// taken, as only those can be seen to be in the box.
import type { BBox } from "./geometry.ts"
import type { AnnotationStore } from "./store/store.ts"

/** The selection: the ids of the selected annotations. */
export type Selection = ReadonlySet<string>

export const EMPTY: Selection = new Set<string>()

/** The box spanned by two corners, whichever way it was dragged. */
export const boxOf = (a: readonly [number, number], b: readonly [number, number]): BBox => ({
  minX: Math.min(a[0], b[0]),
  minY: Math.min(a[1], b[1]),
  maxX: Math.max(a[0], b[0]),
  maxY: Math.max(a[1], b[1])
})

/** Whether `inner` lies wholly inside `box` (its edges on the box's border count as inside). */
export const contains = (box: BBox, inner: BBox): boolean =>
  inner.minX >= box.minX && inner.maxX <= box.maxX && inner.minY >= box.minY && inner.maxY <= box.maxY

/** The ids of the shown shapes wholly inside the box: the spatial index's candidates, then containment. */
export const shapesWithin = (store: Pick<AnnotationStore, "query">, box: BBox): Array<string> => {
  const out: Array<string> = []
  for (const shape of store.query(box)) if (contains(box, shape.bbox)) out.push(shape.id)
  return out
}

/** The ids of every shape shown on this screen (Ctrl+A). */
export const shownIds = (store: Pick<AnnotationStore, "all" | "isShown">): Array<string> => {
  const out: Array<string> = []
  for (const shape of store.all()) if (store.isShown(shape)) out.push(shape.id)
  return out
}

/** A plain click: the shape under it alone, or nothing. */
export const only = (id: string | null): Selection => (id === null ? EMPTY : new Set([id]))

/** Shift+click: the shape joins the selection, or leaves it if it was in it. */
export const toggled = (selection: Selection, id: string): Selection => {
  const next = new Set(selection)
  if (!next.delete(id)) next.add(id)
  return next
}

/** A box (with Shift, always): what it took joins the selection. */
export const joined = (selection: Selection, ids: Iterable<string>): Selection => {
  const next = new Set(selection)
  for (const id of ids) next.add(id)
  return next.size === selection.size ? selection : next
}

/** The selection without these (deleted, here or elsewhere); the same set when none of them was in it. */
export const without = (selection: Selection, ids: Iterable<string>): Selection => {
  let next: Set<string> | null = null
  for (const id of ids) {
    if (!selection.has(id)) continue
    next ??= new Set(selection)
    next.delete(id)
  }
  return next ?? selection
}

/** The one selected id when exactly one is selected (the single-shape handles are shown only then). */
export const sole = (selection: Selection): string | null => {
  if (selection.size !== 1) return null
  for (const id of selection) return id
  return null
}
