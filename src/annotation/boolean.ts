// Boolean edits of closed shapes: merge (union), subtract (the first minus the others), intersect, and
// split a region into its parts. The clipping is polyclip-ts (the TypeScript successor of
// polygon-clipping, which Turf 7 uses for the same operations): a sweep-line algorithm with exact
// predicates that copes with shared edges, touching vertices and rings inside rings, the cases a
// home-made clipper gets wrong, and it takes any number of operands (martinez-polygon-clipping takes
// two). Clipper2 works on integer coordinates (we keep fractions) and JSTS carries the whole JTS API
// for four operations. Pure; the result is a geometry of ours, or null when nothing is left.
import { difference, type Geom, intersection, union } from "polyclip-ts"
import { type Geometry, type Point, verticesOf } from "./geometry.ts"
import { orientRings, polygonsOf, type Ring } from "./rings.ts"

export type BooleanEdit = "merge" | "subtract" | "intersect"

/** Shapes with an inside: only these take part in boolean edits. */
export const isClosed = (geometry: Pick<Geometry, "kind">): boolean =>
  geometry.kind === "rectangle" || geometry.kind === "polygon" || geometry.kind === "area"

type ClipRing = Array<[number, number]>

const ringOf = (points: ReadonlyArray<Point>): ClipRing => points.map(([x, y]) => [x, y])

/** Our closed shape as polyclip's multi-polygon. */
const toClip = (geometry: Geometry): Array<Array<ClipRing>> => {
  switch (geometry.kind) {
    case "rectangle":
      return [[ringOf(verticesOf(geometry))]]
    case "polygon":
      return [[ringOf(geometry.points)]]
    case "area":
      return polygonsOf(geometry.rings).map((rings) => rings.map(ringOf))
    default:
      throw new Error(`a ${geometry.kind} has no inside to combine`)
  }
}

/** polyclip's answer (rings closed, first vertex repeated) as our geometry: one ring a polygon, more an area. */
const fromClip = (polygons: ReadonlyArray<ReadonlyArray<ReadonlyArray<[number, number]>>>): Geometry | null => {
  const rings: Array<Ring> = []
  for (const polygon of polygons)
    for (const ring of polygon) {
      const open = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring
      if (open.length >= 3) rings.push(open.map(([x, y]) => [x, y] as const))
    }
  if (rings.length === 0) return null
  if (rings.length === 1) return { kind: "polygon", points: rings[0]! }
  return { kind: "area", rings: orientRings(rings) }
}

/**
 * The first shape combined with the others: merged with them, with them cut out of it, or cut down
 * to where they all overlap. Null when nothing is left (a subtraction that removes all of it, an
 * intersection of shapes that do not meet).
 */
export const combine = (edit: BooleanEdit, first: Geometry, others: ReadonlyArray<Geometry>): Geometry | null => {
  const [a, ...rest] = [first, ...others].map(toClip) as [Geom, ...Array<Geom>]
  const result = edit === "merge" ? union(a, ...rest) : edit === "subtract" ? difference(a, ...rest) : intersection(a, ...rest)
  return fromClip(result)
}

/** A region's separate parts, each with its own holes; a shape of one part is its only part. */
export const partsOf = (geometry: Geometry): ReadonlyArray<Geometry> => {
  if (geometry.kind !== "area") return [geometry]
  return polygonsOf(geometry.rings).map((rings) =>
    rings.length === 1 ? { kind: "polygon" as const, points: rings[0]! } : { kind: "area" as const, rings }
  )
}
