// The rules of a bulk edit, delete or restore of a slide's annotations, pure: which ids a request
// names (each once, at most ANNOTATION_LIMITS.perBulkEdit), how a refusal lists ids, and a stored
// shape moved by (dx, dy). The service (server/services/annotations/bulk-edits.ts) reads and writes.
import { ANNOTATION_LIMITS, type WebAnnotation } from "../../src/contract/annotations.ts"
import type { FieldErrors } from "../../src/contract/errors.ts"
import { bboxOf, type Geometry, parseSelector, type Point } from "../../src/annotation/geometry.ts"
import { canonicalData, derivedColumns, type LabelFacts } from "./annotation-data.ts"

/** Ids a refusal names before "and N more": enough to find them, short enough to read. */
const LISTED = 20

/** "a, b, c" or "a, b, c and 7 more". */
export const listIds = (ids: ReadonlyArray<string>): string => {
  const shown = ids.slice(0, LISTED).join(", ")
  return ids.length > LISTED ? `${shown} and ${ids.length - LISTED} more` : shown
}

type Checked<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly fields: FieldErrors }

/** The ids a request names, lower-cased, or the 400's field list (none, too many, or some twice). */
export const checkIds = (ids: ReadonlyArray<string>): Checked<ReadonlyArray<string>> => {
  if (ids.length === 0) return { ok: false, fields: { ids: ["Name at least one annotation."] } }
  if (ids.length > ANNOTATION_LIMITS.perBulkEdit)
    return {
      ok: false,
      fields: { ids: [`Name at most ${ANNOTATION_LIMITS.perBulkEdit} annotations at once; this list has ${ids.length}.`] }
    }
  const seen = new Set<string>()
  const twice: string[] = []
  const out: string[] = []
  for (const id of ids) {
    const lower = id.toLowerCase()
    if (seen.has(lower)) twice.push(lower)
    else {
      seen.add(lower)
      out.push(lower)
    }
  }
  if (twice.length > 0) return { ok: false, fields: { ids: [`These ids are in the list more than once: ${listIds(twice)}.`] } }
  return { ok: true, value: out }
}

const movedPoints = (points: ReadonlyArray<Point>, dx: number, dy: number) => points.map(([x, y]) => [x + dx, y + dy] as const)

const moved = (geometry: Geometry, dx: number, dy: number): Geometry =>
  geometry.kind === "rectangle"
    ? { ...geometry, x: geometry.x + dx, y: geometry.y + dy }
    : geometry.kind === "area"
      ? { kind: "area", rings: geometry.rings.map((ring) => movedPoints(ring, dx, dy)) }
      : { kind: geometry.kind, points: movedPoints(geometry.points, dx, dy) }

export type MovedColumns = ReturnType<typeof derivedColumns> & {
  readonly data: string
  readonly min_x: number
  readonly min_y: number
  readonly max_x: number
  readonly max_y: number
}

/** The columns of a stored annotation moved by (dx, dy), or why it cannot move (it would leave the coordinate range). */
export const movedColumns = (
  id: string,
  storedJson: string,
  label: LabelFacts,
  dx: number,
  dy: number
): { readonly ok: true; readonly columns: MovedColumns } | { readonly ok: false } => {
  const data = JSON.parse(storedJson) as WebAnnotation
  const parsed = parseSelector(data.target.selector)
  if (!parsed.ok) return { ok: false }
  const geometry = moved(parsed.geometry, dx, dy)
  // Written back through the same parser and writer as any edit, so the limits hold after the move.
  const canonical = canonicalData(id, data, label, geometry)
  const again = parseSelector(canonical.target.selector)
  if (!again.ok) return { ok: false }
  const box = bboxOf(again.geometry)
  return {
    ok: true,
    columns: {
      data: JSON.stringify(canonical),
      min_x: box.minX,
      min_y: box.minY,
      max_x: box.maxX,
      max_y: box.maxY,
      ...derivedColumns(again.geometry, canonical)
    }
  }
}
