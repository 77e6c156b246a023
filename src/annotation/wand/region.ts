// The wand's region: the flood fill around the clicked pixel (fill.ts), its outline with holes
// (outline.ts), thinned and carried from the pixels read to the slide's image pixels. Pure; the view
// reads the pixels (what the viewer shows at its current level) and says how its pixels map to the
// image's.
import { ANNOTATION_LIMITS } from "../../contract/annotations.ts"
import { flatten, type Geometry, type Point } from "../geometry.ts"
import { douglasPeucker } from "../render/simplify.ts"
import { orientRings, pointsOfRing, type Ring, ringArea } from "../rings.ts"
import { floodFill, type Pixels } from "./fill.ts"
import { outlineOf } from "./outline.ts"

/** Outlines are simplified to within this many pixels of those read (screen pixels: finer is not seen). */
export const WAND_SIMPLIFY_PX = 0.5
/** Holes smaller than this (pixels read, squared) are noise in the stain, not holes: a 2 × 2 hole is kept. */
export const WAND_MIN_HOLE_PX2 = 3
/** Thinning stops growing coarser here; beyond, holes are left out instead. */
const MAX_SIMPLIFY_PX = 32
/** The tolerance's range (Euclidean distance in RGB) and where it starts. */
export const WAND_TOLERANCE = { min: 0, max: 120, initial: 24 } as const

export interface WandRegion {
  /** One ring: a polygon; a ring and its holes: an area (geometry.ts). */
  readonly geometry: Geometry
  /** x,y pairs in image pixels, rings separated by a NaN pair (what the store and the tools keep). */
  readonly coords: Float64Array
  /** How many pixels read the fill took. */
  readonly pixels: number
}

/** A closed ring simplified as a path that comes back to its first vertex, which is then not repeated. */
const simplifyRing = (ring: Ring, tolerance: number): Ring => {
  const flat = new Float64Array((ring.length + 1) * 2)
  for (const [i, [x, y]] of [...ring, ring[0]!].entries()) {
    flat[i * 2] = x
    flat[i * 2 + 1] = y
  }
  const simplified = pointsOfRing(douglasPeucker(flat, tolerance)).slice(0, -1)
  return simplified.length >= 3 ? simplified : ring
}

/**
 * The region the wand grows from (x, y), in the coordinates of the pixels read; `toImage` carries a
 * point of those to image pixels. Null when nothing can be grown there (outside, or not on the slide).
 */
export const wandRegion = (pixels: Pixels, x: number, y: number, tolerance: number, toImage: (p: Point) => Point): WandRegion | null => {
  const fill = floodFill(pixels, x, y, tolerance)
  if (fill === null) return null
  const rings = outlineOf(fill, pixels.width)
  // The outer boundary is the largest ring (the fill is one piece); small holes are left out.
  const outer = rings.reduce((a, b) => (ringArea(b) > ringArea(a) ? b : a))
  const kept = rings.filter((ring) => ring === outer || ringArea(ring) >= WAND_MIN_HOLE_PX2)
  // Coarser until the shape fits what one annotation may hold (a fill of a whole noisy screen can
  // outline thousands of vertices); if thinning alone cannot, the smallest holes go first.
  const holes = kept.filter((ring) => ring !== outer).sort((a, b) => ringArea(b) - ringArea(a))
  let simplified: Array<Ring> = []
  for (let tolerancePx = WAND_SIMPLIFY_PX; ; tolerancePx *= 2) {
    simplified = [outer, ...holes].map((ring) => simplifyRing(ring, tolerancePx))
    let total = simplified.reduce((sum, ring) => sum + ring.length, 0)
    if (total <= ANNOTATION_LIMITS.vertices) break
    if (tolerancePx >= MAX_SIMPLIFY_PX) {
      while (total > ANNOTATION_LIMITS.vertices && simplified.length > 1) total -= simplified.pop()!.length
      break
    }
  }
  const inImage = simplified.map((ring) => ring.map(toImage))
  const geometry: Geometry = inImage.length === 1 ? { kind: "polygon", points: inImage[0]! } : { kind: "area", rings: orientRings(inImage) }
  return { geometry, coords: flatten(geometry), pixels: fill.count }
}
