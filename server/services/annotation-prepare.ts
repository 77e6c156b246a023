// A bulk upload's annotations made ready to store before its transaction opens: each checked shape's
// canonical selector, stored JSON and derived columns, computed in slices that yield to other
// requests (slices.ts), so the transaction itself only writes.
import type { Annotation, NewAnnotation } from "../../src/contract/annotations.ts"
import { CHECK_SLICE, canonicalData, derivedColumns, type LabelFacts, type Shape } from "../domain/annotation-data.ts"

export const labelMap = (rows: ReadonlyArray<{ id: string; name: string; color: string }>): ReadonlyMap<string, LabelFacts> =>
  new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, color: row.color }]))

/** One annotation of a bulk upload, ready to store: what the transaction then only writes. */
export interface PreparedAnnotation {
  readonly id: string
  readonly shape: Shape
  readonly label: LabelFacts
  readonly data: Annotation["data"]
  /** `data` as stored (JSON text). */
  readonly json: string
  readonly visible: boolean
  readonly derived: ReturnType<typeof derivedColumns>
}

/** The canonical data and stored columns of checked shapes, pausing every CHECK_SLICE (see slices.ts). */
export function* prepareAnnotations(
  items: ReadonlyArray<NewAnnotation>,
  shapes: ReadonlyArray<Shape>,
  labels: ReadonlyMap<string, LabelFacts>
): Generator<void, ReadonlyArray<PreparedAnnotation>> {
  const out: PreparedAnnotation[] = []
  for (const [index, item] of items.entries()) {
    if (index > 0 && index % CHECK_SLICE === 0) yield
    const id = item.id.toLowerCase()
    const shape = shapes[index]!
    const label = labels.get(shape.labelId)!
    const data = canonicalData(id, item.data, label, shape.geometry)
    out.push({
      id,
      shape,
      label,
      data,
      json: JSON.stringify(data),
      visible: item.visible ?? true,
      derived: derivedColumns(shape.geometry, data)
    })
  }
  return out
}

/** A generator's result, run at once. */
export const finish = <A>(steps: Generator<void, A>): A => {
  let step = steps.next()
  while (!step.done) step = steps.next()
  return step.value
}

/** Whether every label the prepared annotations use is as it was when they were prepared. */
export const sameLabels = (
  before: ReadonlyMap<string, LabelFacts>,
  now: ReadonlyMap<string, LabelFacts>,
  prepared: ReadonlyArray<PreparedAnnotation>
): boolean =>
  [...new Set(prepared.map((p) => p.label.id))].every((id) => {
    const a = before.get(id)
    const b = now.get(id)
    return a !== undefined && b !== undefined && a.name === b.name && a.color === b.color
  })
