// One annotation as the viewer keeps it: its geometry flattened into one Float64Array of x,y pairs
// in full-resolution image pixels (a rectangle is its four corners), its bounding box, and what the
// renderer and the lists need (label colour, visibility, author, version). Flat arrays, not the
// parsed [x, y] tuples: 100,000 polygons of 32 vertices are 3.2 million tuples (~150 MB of small
// arrays and a long collection) but 25 MB as Float64Arrays.
import type { Annotation, LABEL_DEFAULT_COLOR } from "../../contract/annotations.ts"
import { type BBox, type Geometry, parseSelector, verticesOf } from "../geometry.ts"

export type ShapeKind = Geometry["kind"]

export interface Shape {
  readonly id: string
  readonly kind: ShapeKind
  /** x0, y0, x1, y1, ... in image pixels. */
  readonly coords: Float64Array
  readonly bbox: BBox
  readonly labelId: string
  readonly labelName: string
  /** "#RRGGBB" as the label has it. */
  readonly color: string
  readonly visible: boolean
  /** Absent for a shape not yet stored on the server. */
  readonly author: { readonly id: string; readonly name: string; readonly email: string } | null
  readonly version: number
  /** The comment bodies, in order. */
  readonly comments: ReadonlyArray<string>
}

export const DEFAULT_COLOR: typeof LABEL_DEFAULT_COLOR = "#FFFF00"

export const flatten = (geometry: Geometry): Float64Array => {
  const vertices = verticesOf(geometry)
  const out = new Float64Array(vertices.length * 2)
  for (let i = 0; i < vertices.length; i++) {
    const [x, y] = vertices[i]!
    out[i * 2] = x
    out[i * 2 + 1] = y
  }
  return out
}

export const bboxOfCoords = (coords: Float64Array): BBox => {
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (let i = 0; i < coords.length; i += 2) {
    const x = coords[i]!
    const y = coords[i + 1]!
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  return { minX, minY, maxX, maxY }
}

/** The viewer's shape for an annotation of the contract, or why its selector cannot be drawn. */
export const shapeOf = (
  annotation: Annotation
): { readonly ok: true; readonly shape: Shape } | { readonly ok: false; readonly error: string } => {
  const parsed = parseSelector(annotation.data.target.selector)
  if (!parsed.ok) return { ok: false, error: `annotation ${annotation.id}: the selector ${parsed.error}` }
  const [tag, ...rest] = annotation.data.body
  const coords = flatten(parsed.geometry)
  return {
    ok: true,
    shape: {
      id: annotation.id,
      kind: parsed.geometry.kind,
      coords,
      bbox: bboxOfCoords(coords),
      labelId: tag.label.id,
      labelName: tag.label.name ?? tag.value,
      color: tag.label.color || DEFAULT_COLOR,
      visible: annotation.visible,
      author: annotation.user,
      version: annotation.version,
      comments: rest.flatMap((body) => (body.purpose === "commenting" ? [body.value] : []))
    }
  }
}

/** The geometry back from a shape, for writing its selector (toSelector). */
export const geometryOf = (shape: Pick<Shape, "kind" | "coords">): Geometry => {
  const { coords } = shape
  if (shape.kind === "rectangle") {
    const { minX, minY, maxX, maxY } = bboxOfCoords(coords)
    return { kind: "rectangle", x: minX, y: minY, w: maxX - minX, h: maxY - minY }
  }
  const points: Array<readonly [number, number]> = []
  for (let i = 0; i < coords.length; i += 2) points.push([coords[i]!, coords[i + 1]!])
  return { kind: shape.kind, points }
}
