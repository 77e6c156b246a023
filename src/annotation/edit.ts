// Edits of one shape's vertices, pure and on flat x,y arrays in image pixels (the store's form): drag
// a vertex (a rectangle's corner keeps it a rectangle, its opposite corner fixed), move the whole
// shape, insert a vertex on an edge, remove one (never below the shape's least), and find which
// handle of the selected shape a press is on. The tools machine runs these as the pointer moves; the
// overlay draws the handles where `handlesOf` says they are.
import type { ShapeKind } from "./store/shape.ts"
import { hits } from "./store/store.ts"

/** x,y pairs: a plain list (the tools machine's) or the store's Float64Array. */
export type Coords = ReadonlyArray<number> | Float64Array

/** Vertex handles are shown (and hit) only up to this many vertices: beyond, they cannot be told apart. */
export const HANDLE_LIMIT = 200

/** The fewest vertices a shape of each kind may have (a rectangle always has its four corners). */
export const leastVertices = (kind: ShapeKind): number => (kind === "polygon" ? 3 : kind === "polyline" ? 2 : kind === "rectangle" ? 4 : 1)

/** What a press on the selected shape is on. */
export type Handle =
  | { readonly kind: "vertex"; readonly index: number }
  /** The midpoint of the edge from vertex `index` to the next: dragging or clicking it inserts a vertex. */
  | { readonly kind: "midpoint"; readonly index: number }
  /** Inside a closed shape or on a line's stroke: dragging moves the whole shape. */
  | { readonly kind: "body" }

const vertexCount = (coords: Coords) => coords.length / 2

/** Whether the kind has edges a vertex can be inserted on. */
export const hasEdges = (kind: ShapeKind): boolean => kind === "polygon" || kind === "polyline"

/** How many edges a vertex can be inserted on: a polygon's closing edge counts, a line's has none. */
const edgeCount = (kind: ShapeKind, coords: Coords): number =>
  !hasEdges(kind) ? 0 : kind === "polygon" ? vertexCount(coords) : vertexCount(coords) - 1

/** The midpoint of each edge (x,y pairs), where the insert handles go. */
export const midpointsOf = (kind: ShapeKind, coords: Coords): Array<number> => {
  const n = vertexCount(coords)
  const out: Array<number> = []
  for (let i = 0; i < edgeCount(kind, coords); i++) {
    const j = (i + 1) % n
    out.push((coords[i * 2]! + coords[j * 2]!) / 2, (coords[i * 2 + 1]! + coords[j * 2 + 1]!) / 2)
  }
  return out
}

/**
 * Whether a shape this size shows (and takes) vertex and edge handles. An area (rings.ts) is moved
 * whole and reshaped by boolean edits, not vertex by vertex.
 */
export const showsHandles = (kind: ShapeKind, coords: Coords): boolean =>
  kind === "points" || (kind !== "area" && vertexCount(coords) <= HANDLE_LIMIT)

/**
 * The handle under (x, y) within `tolerance` image pixels: a vertex first (the nearest), then an
 * edge's midpoint, then the body. Null: the press is not on the shape.
 */
export const handleAt = (kind: ShapeKind, coords: Coords, x: number, y: number, tolerance: number): Handle | null => {
  const t2 = tolerance * tolerance
  const nearest = (points: Coords): number => {
    let best = -1
    let bestD = t2
    for (let i = 0; i < points.length; i += 2) {
      const d = (points[i]! - x) ** 2 + (points[i + 1]! - y) ** 2
      if (d <= bestD) {
        best = i / 2
        bestD = d
      }
    }
    return best
  }
  if (showsHandles(kind, coords)) {
    const vertex = nearest(coords)
    if (vertex >= 0) return { kind: "vertex", index: vertex }
    const midpoint = nearest(midpointsOf(kind, coords))
    if (midpoint >= 0) return { kind: "midpoint", index: midpoint }
  }
  return kind !== "points" && hits({ kind, coords: Float64Array.from(coords) }, x, y, tolerance) ? { kind: "body" } : null
}

/** The shape with vertex `index` at (x, y). A rectangle's corner drags its two neighbours with it. */
export const moveVertex = (kind: ShapeKind, coords: Coords, index: number, x: number, y: number): Array<number> => {
  const out = [...coords]
  if (kind !== "rectangle") {
    out[index * 2] = x
    out[index * 2 + 1] = y
    return out
  }
  // Corners go round: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left. The opposite corner
  // stays; the result is put back in that order, so a corner dragged past its opposite flips cleanly.
  const opposite = (index + 2) % 4
  const ox = coords[opposite * 2]!
  const oy = coords[opposite * 2 + 1]!
  const [x0, x1] = [Math.min(ox, x), Math.max(ox, x)]
  const [y0, y1] = [Math.min(oy, y), Math.max(oy, y)]
  return [x0, y0, x1, y0, x1, y1, x0, y1]
}

/** The whole shape moved by (dx, dy). */
export const translate = (coords: Coords, dx: number, dy: number): Array<number> =>
  Array.from(coords, (value, i) => (i % 2 === 0 ? value + dx : value + dy))

/** A vertex at (x, y) inserted after vertex `index` (on the edge from it to the next). Null for a kind without edges. */
export const insertVertex = (kind: ShapeKind, coords: Coords, index: number, x: number, y: number): Array<number> | null => {
  if (!hasEdges(kind) || index < 0 || index >= edgeCount(kind, coords)) return null
  const out = [...coords]
  out.splice((index + 1) * 2, 0, x, y)
  return out
}

/** Whether vertex `index` may go: never a rectangle's corner, never below the kind's least. */
export const canRemoveVertex = (kind: ShapeKind, coords: Coords, index: number): boolean =>
  kind !== "rectangle" && index >= 0 && index < vertexCount(coords) && vertexCount(coords) > leastVertices(kind)

/** The shape without vertex `index`, or null if it may not go. */
export const removeVertex = (kind: ShapeKind, coords: Coords, index: number): Array<number> | null => {
  if (!canRemoveVertex(kind, coords, index)) return null
  const out = [...coords]
  out.splice(index * 2, 2)
  return out
}

/** Whether two coordinate lists are the same shape (an edit that changed nothing is not sent). */
export const sameCoords = (a: Coords, b: Coords): boolean => {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
