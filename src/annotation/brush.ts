// The brush's geometry (QuPath's brush): a stroke is the area a circle sweeps along the pointer's path,
// built as drawn: each pointer segment becomes a capsule (the segment widened by the radius, round at
// both ends) and the capsules of a move are unioned into the stroke so far with polyclip (boolean.ts
// says why that library), then every ring is simplified to within a fraction of a screen pixel, so
// the stroke's vertex count follows its outline's length, not the number of pointer samples. On
// release the stroke is added to the shape it paints on, or cut out of it (holes), with `combine`.
// Pure: the tools machine calls it; coordinates are image pixels, flat x,y pairs with a NaN pair
// between rings (rings.ts).
import { type Geom, union } from "polyclip-ts"
import { type BooleanEdit, combine } from "./boolean.ts"
import { flatten, type Geometry } from "./geometry.ts"
import { douglasPeucker } from "./render/simplify.ts"
import { orientRings, pointsOfRing, polygonsOf, ringsOf } from "./rings.ts"
import type { ShapeKind } from "./store/shape.ts"

/** Vertices of a whole circle of the brush (a capsule has half at each end, plus one). */
export const BRUSH_SEGMENTS = 20
/** The stroke is simplified to within this many screen pixels after each move. */
export const BRUSH_TOLERANCE_PX = 0.35
/** A new sample nearer than this fraction of the radius to the last one is skipped: the capsule between the kept ones covers it, and a move costs a union per kept sample. */
export const BRUSH_STEP = 0.35
/** Brush diameters the size control offers, in screen pixels. */
export const BRUSH_SIZES = { min: 4, max: 400, initial: 40 } as const

type Pair = [number, number]

/** The circle of radius r at (x, y), as a closed ring (first vertex not repeated). */
export const circleRing = (x: number, y: number, r: number, segments = BRUSH_SEGMENTS): Array<Pair> =>
  Array.from({ length: segments }, (_, i) => {
    const a = (i / segments) * Math.PI * 2
    return [x + r * Math.cos(a), y + r * Math.sin(a)] as Pair
  })

/** The segment from a to b widened by r on every side: a half circle round each end. A point: its circle. */
export const capsuleRing = (ax: number, ay: number, bx: number, by: number, r: number, segments = BRUSH_SEGMENTS): Array<Pair> => {
  const length = Math.hypot(bx - ax, by - ay)
  if (length === 0) return circleRing(ax, ay, r, segments)
  const heading = Math.atan2(by - ay, bx - ax)
  const half = segments / 2
  const ring: Array<Pair> = []
  // Round b from the right of the heading to its left, then round a back to the right.
  for (let i = 0; i <= half; i++) {
    const t = heading - Math.PI / 2 + (i / half) * Math.PI
    ring.push([bx + r * Math.cos(t), by + r * Math.sin(t)])
  }
  for (let i = 0; i <= half; i++) {
    const t = heading + Math.PI / 2 + (i / half) * Math.PI
    ring.push([ax + r * Math.cos(t), ay + r * Math.sin(t)])
  }
  return ring
}

/** The samples kept from a move: each at least BRUSH_STEP·r from the last kept one (the last position is `from`). */
export const brushSamples = (from: readonly [number, number], samples: ReadonlyArray<number>, r: number): Array<Pair> => {
  const out: Array<Pair> = []
  let [lx, ly] = from
  const step = BRUSH_STEP * r
  for (let i = 0; i + 1 < samples.length; i += 2) {
    const x = samples[i]!
    const y = samples[i + 1]!
    if (Math.hypot(x - lx, y - ly) < step) continue
    out.push([x, y])
    lx = x
    ly = y
  }
  return out
}

/** A ring closed as polyclip wants it (first vertex repeated). */
const closedRing = (ring: ReadonlyArray<readonly [number, number]>): Array<Pair> => [
  ...ring.map(([x, y]) => [x, y] as Pair),
  [ring[0]![0], ring[0]![1]]
]

/** The stroke so far as polyclip's multi-polygon, each hole inside its outer ring (even-odd, rings.ts). */
const strokeClip = (stroke: ReadonlyArray<number>): Array<Array<Array<Pair>>> =>
  polygonsOf(ringsOf(Float64Array.from(stroke)).map(pointsOfRing)).map((polygon) => polygon.map(closedRing))

/** polyclip's answer as flat rings, each simplified to within `tolerance` (image px) and wound even-odd-safe. */
const flatOf = (polygons: ReadonlyArray<ReadonlyArray<ReadonlyArray<Pair>>>, tolerance: number): Array<number> => {
  const rings = polygons
    .flat()
    .map((ring) => pointsOfRing(douglasPeucker(ring.slice(0, -1).flat(), tolerance)))
    .filter((ring) => ring.length >= 3)
  return rings.length === 0 ? [] : [...flatten({ kind: "area", rings: orientRings(rings) })]
}

/**
 * The stroke `stroke` (flat rings, empty before the first dab) grown by the brush of radius r (image
 * px) moved from `from` through `samples`; `scale` is screen px per image px, for the simplification.
 * The first call of a stroke (stroke empty) also lays the dab at `from`, so a click paints a disc.
 */
export const paint = (
  stroke: ReadonlyArray<number>,
  from: readonly [number, number],
  samples: ReadonlyArray<number>,
  r: number,
  scale: number
): ReadonlyArray<number> => {
  const capsules: Array<Array<Array<Pair>>> = []
  let [ax, ay] = from
  if (stroke.length === 0) capsules.push([closedRing(circleRing(ax, ay, r))])
  for (const [bx, by] of brushSamples(from, samples, r)) {
    capsules.push([closedRing(capsuleRing(ax, ay, bx, by, r))])
    ax = bx
    ay = by
  }
  if (capsules.length === 0) return stroke
  const [first, ...rest] = stroke.length === 0 ? capsules : [strokeClip(stroke), ...capsules]
  return flatOf(union(first as Geom, ...(rest as Array<Geom>)), BRUSH_TOLERANCE_PX / scale)
}

/** Where the brush is after a move: the last sample kept (the next segment starts there). */
export const brushEnd = (from: readonly [number, number], samples: ReadonlyArray<number>, r: number): readonly [number, number] =>
  brushSamples(from, samples, r).at(-1) ?? from

/** The stroke as a geometry: one ring a polygon, more an area. */
export const strokeGeometry = (stroke: ReadonlyArray<number>): Geometry | null => {
  const rings = ringsOf(Float64Array.from(stroke)).map(pointsOfRing)
  if (rings.length === 0) return null
  return rings.length === 1 ? { kind: "polygon", points: rings[0]! } : { kind: "area", rings }
}

/** What a stroke makes of the shape it paints on: added, or cut out (null: nothing left). */
export const applyStroke = (
  target: Geometry,
  stroke: ReadonlyArray<number>,
  subtract: boolean,
  scale: number
): { readonly kind: ShapeKind; readonly coords: ReadonlyArray<number> } | null => {
  const painted = strokeGeometry(stroke)
  if (painted === null) return { kind: target.kind, coords: [...flatten(target)] }
  const edit: BooleanEdit = subtract ? "subtract" : "merge"
  const result = combine(edit, target, [painted])
  if (result === null) return null
  const rings = result.kind === "area" ? result.rings : result.kind === "polygon" ? [result.points] : []
  const simple = rings
    .map((ring) => pointsOfRing(douglasPeucker(ring.flat(), BRUSH_TOLERANCE_PX / scale)))
    .filter((ring) => ring.length >= 3)
  if (simple.length === 0) return null
  return simple.length === 1
    ? { kind: "polygon", coords: simple[0]!.flat() }
    : { kind: "area", coords: [...flatten({ kind: "area", rings: orientRings(simple) })] }
}
