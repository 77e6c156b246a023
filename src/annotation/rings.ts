// Shapes of several rings: a polygon with holes, or several polygons with their holes, as one
// annotation (QuPath's Polygon with interior rings and its MultiPolygon; an SVG path filled even-odd).
//
// The rings are read even-odd: a point is inside when an odd number of rings surround it. That is
// what an SVG `<path fill-rule="evenodd">` means, so a selector never has to say which ring is a hole
// of which polygon; the grouping is worked out from nesting where a format needs it (GeoJSON).
//
// Flat, as every shape in the viewer is flat (store/shape.ts): the rings one after another in one
// Float64Array, separated by one NaN pair, the "pen up" marker plotting libraries use for the same
// purpose (Bokeh's patches, matplotlib paths with NaN). A box or a move of the whole shape works on
// such an array unchanged (NaN is neither below nor above anything, and NaN + dx is NaN); what walks
// edges splits it with ringsOf. Pure and shared by the server and the SPA.
import type { Point } from "./geometry.ts"

/** A ring of at least three vertices, its first vertex not repeated at the end. */
export type Ring = ReadonlyArray<Point>

/** The rings of flat coordinates, each a view (no copy) of the x,y pairs between separators. */
export const ringsOf = (coords: Float64Array): Array<Float64Array> => {
  const out: Array<Float64Array> = []
  let start = 0
  for (let i = 0; i <= coords.length; i += 2) {
    if (i === coords.length || Number.isNaN(coords[i]!)) {
      if (i > start) out.push(coords.subarray(start, i))
      start = i + 2
    }
  }
  return out
}

/** The rings as one flat array with a NaN pair between each two. */
export const joinRings = (rings: ReadonlyArray<Ring>): Float64Array => {
  let size = 0
  for (const ring of rings) size += ring.length * 2
  const out = new Float64Array(size + Math.max(0, rings.length - 1) * 2)
  let at = 0
  for (const [r, ring] of rings.entries()) {
    if (r > 0) {
      out[at++] = Number.NaN
      out[at++] = Number.NaN
    }
    for (const [x, y] of ring) {
      out[at++] = x
      out[at++] = y
    }
  }
  return out
}

export const pointsOfRing = (flat: Float64Array): Array<Point> => {
  const out: Array<Point> = []
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!])
  return out
}

/** Twice the signed area (shoelace); positive when the ring turns clockwise on screen (y down). */
const twiceSigned = (ring: Ring): number => {
  let twice = 0
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!
    const [x2, y2] = ring[(i + 1) % ring.length]!
    twice += x1 * y2 - x2 * y1
  }
  return twice
}

export const ringArea = (ring: Ring): number => Math.abs(twiceSigned(ring)) / 2

/** Even-odd: whether (x, y) lies inside the ring. */
export const insideRing = (ring: Ring, x: number, y: number): boolean => {
  let within = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!
    const [xj, yj] = ring[j]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within
  }
  return within
}

/**
 * How deep each ring lies: how many of the other rings surround it (tested at its first vertex, which
 * for rings that do not cross is enough). Even: an outer boundary; odd: a hole.
 */
export const depthsOf = (rings: ReadonlyArray<Ring>): Array<number> =>
  rings.map((ring, r) => {
    const [x, y] = ring[0]!
    let depth = 0
    for (const [o, other] of rings.entries()) if (o !== r && insideRing(other, x, y)) depth++
    return depth
  })

/** The area inside an odd number of rings: outer boundaries add, holes subtract. */
export const evenOddArea = (rings: ReadonlyArray<Ring>): number => {
  const depths = depthsOf(rings)
  let area = 0
  for (const [r, ring] of rings.entries()) area += (depths[r]! % 2 === 0 ? 1 : -1) * ringArea(ring)
  return Math.max(0, area)
}

/**
 * The rings grouped as GeoJSON polygons, each its outer ring then its holes: a hole belongs to the
 * smallest boundary one level up that surrounds it. An island inside a hole is a polygon of its own.
 */
export const polygonsOf = (rings: ReadonlyArray<Ring>): Array<Array<Ring>> => {
  const depths = depthsOf(rings)
  const polygons = new Map<number, Array<Ring>>()
  for (const [r, ring] of rings.entries()) if (depths[r]! % 2 === 0) polygons.set(r, [ring])
  for (const [r, ring] of rings.entries()) {
    if (depths[r]! % 2 === 0) continue
    const [x, y] = ring[0]!
    let owner = -1
    let ownerArea = Number.POSITIVE_INFINITY
    for (const [o, outer] of rings.entries()) {
      if (depths[o] !== depths[r]! - 1 || !insideRing(outer, x, y)) continue
      const area = ringArea(outer)
      if (area < ownerArea) {
        owner = o
        ownerArea = area
      }
    }
    polygons.get(owner)?.push(ring)
  }
  return [...polygons.values()]
}

/**
 * The rings wound the way a nonzero fill reads as even-odd: boundaries one way, holes the other. The
 * viewer fills many shapes in one canvas path with the nonzero rule (so overlapping shapes do not
 * cancel each other out), and a hole wound against its boundary stays open under that rule.
 */
export const orientRings = (rings: ReadonlyArray<Ring>): Array<Ring> => {
  const depths = depthsOf(rings)
  return rings.map((ring, r) => {
    const clockwise = twiceSigned(ring) > 0
    const wanted = depths[r]! % 2 === 0
    return clockwise === wanted ? ring : [...ring].reverse()
  })
}
