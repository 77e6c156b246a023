// Cell counting, as pathologists do the manual Ki67 count: how many points each label holds (a
// counter's click is one point; an imported multi-point holds several), within a chosen region (a
// closed annotation) or the whole slide, the density per mm² of that region, and for a pair of
// labels (positive, negative) the index positive / (positive + negative) in percent. A comment pin is
// its own kind and never a cell, whatever label it carries. Pure: the counts panel and the CSV use it.
import type { BBox } from "./geometry.ts"
import { evenOddArea, pointsOfRing, ringsOf } from "./rings.ts"
import type { ShapeKind } from "./store/shape.ts"

/** What counting reads of a shape (the store's Shape has it). */
export interface Countable {
  readonly id: string
  readonly kind: ShapeKind
  readonly coords: ArrayLike<number>
  readonly labelId: string
  readonly comments: ReadonlyArray<string>
}

/** One point with a non-blank comment: a note on the slide, not a counted cell. */
export const isComment = (shape: Pick<Countable, "kind" | "coords" | "comments">): boolean =>
  shape.kind === "points" && shape.coords.length === 2 && shape.comments.some((c) => c.trim() !== "")

/** The region the points are counted in: a closed shape's ring in image pixels, or the whole slide. */
export type Region =
  | { readonly kind: "slide"; readonly width: number; readonly height: number }
  | { readonly kind: "shape"; readonly id: string; readonly ring: ReadonlyArray<number> }

/** The bounding box of a ring, or of a region's rings (NaN pairs between them). */
export const boxOfRing = (ring: ReadonlyArray<number>): BBox => {
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (let i = 0; i + 1 < ring.length; i += 2) {
    // A region's ring separator (NaN) is no vertex.
    if (Number.isNaN(ring[i]!)) continue
    minX = Math.min(minX, ring[i]!)
    maxX = Math.max(maxX, ring[i]!)
    minY = Math.min(minY, ring[i + 1]!)
    maxY = Math.max(maxY, ring[i + 1]!)
  }
  return { minX, minY, maxX, maxY }
}

/**
 * A rectangle's or polygon's ring (x,y pairs), a region's rings (a NaN pair between each two,
 * rings.ts), or null for a shape that encloses nothing.
 */
export const ringOf = (shape: Pick<Countable, "kind" | "coords">): ReadonlyArray<number> | null => {
  const c = shape.coords
  if (shape.kind === "rectangle" && c.length >= 4) {
    // Its corners, however many the store keeps: the box they span.
    const { minX, minY, maxX, maxY } = boxOfRing(Array.from(c))
    return [minX, minY, maxX, minY, maxX, maxY, minX, maxY]
  }
  if ((shape.kind === "polygon" || shape.kind === "area") && c.length >= 6) return Array.from(c)
  return null
}

/**
 * Whether (x, y) lies inside the ring, or inside an odd number of a region's rings (even-odd
 * crossing rule, so a hole's points are outside; a point on the edge may go either way).
 */
export const insideRing = (ring: ReadonlyArray<number>, x: number, y: number): boolean => {
  let inside = false
  for (const run of ringsOf(Float64Array.from(ring))) {
    const n = run.length / 2
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = run[i * 2]!
      const yi = run[i * 2 + 1]!
      const xj = run[j * 2]!
      const yj = run[j * 2 + 1]!
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
    }
  }
  return inside
}

/** The region's area in square image pixels. */
export const regionAreaPx = (region: Region): number => {
  if (region.kind === "slide") return Math.max(0, region.width) * Math.max(0, region.height)
  // Holes left out: a region's rings read even-odd.
  return evenOddArea(ringsOf(Float64Array.from(region.ring)).map(pointsOfRing))
}

/** The region's area in mm², or null when the slide has no resolution. */
export const regionAreaMm2 = (region: Region, mpp: number | null): number | null =>
  mpp !== null && Number.isFinite(mpp) && mpp > 0 ? (regionAreaPx(region) * mpp * mpp) / 1_000_000 : null

/** How many points each label holds within the region (comments left out), by label id. */
export const countPoints = (shapes: Iterable<Countable>, region: Region): Map<string, number> => {
  const counts = new Map<string, number>()
  const box = region.kind === "shape" ? boxOfRing(region.ring) : null
  for (const shape of shapes) {
    if (shape.kind !== "points" || isComment(shape)) continue
    let n = 0
    for (let i = 0; i + 1 < shape.coords.length; i += 2) {
      const x = shape.coords[i]!
      const y = shape.coords[i + 1]!
      if (
        region.kind === "slide" ||
        (box !== null && x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY && insideRing(region.ring, x, y))
      )
        n++
    }
    if (n > 0) counts.set(shape.labelId, (counts.get(shape.labelId) ?? 0) + n)
  }
  return counts
}

/** Points per mm², or null without an area. */
export const density = (count: number, areaMm2: number | null): number | null => (areaMm2 !== null && areaMm2 > 0 ? count / areaMm2 : null)

/** positive / (positive + negative) in percent; null when nothing is counted yet. */
export const pairIndex = (positive: number, negative: number): number | null =>
  positive + negative > 0 ? (100 * positive) / (positive + negative) : null

export interface CountRow {
  readonly labelId: string
  readonly name: string
  readonly count: number
  /** Per mm² of the region; null without a resolution. */
  readonly perMm2: number | null
}

export interface CountSummary {
  readonly rows: ReadonlyArray<CountRow>
  readonly total: number
  readonly areaMm2: number | null
  /** The pair's index in percent, when a pair is chosen and something of it is counted. */
  readonly index: number | null
}

/** Every label's count and density in the region, and the chosen pair's index. */
export const summarize = (
  shapes: Iterable<Countable>,
  labels: ReadonlyArray<{ readonly id: string; readonly name: string }>,
  region: Region,
  mpp: number | null,
  pair: { readonly positive: string; readonly negative: string } | null
): CountSummary => {
  const counts = countPoints(shapes, region)
  const areaMm2 = regionAreaMm2(region, mpp)
  const rows = labels.map((l) => {
    const count = counts.get(l.id) ?? 0
    return { labelId: l.id, name: l.name, count, perMm2: density(count, areaMm2) }
  })
  const total = rows.reduce((sum, r) => sum + r.count, 0)
  const index =
    pair === null || pair.positive === pair.negative ? null : pairIndex(counts.get(pair.positive) ?? 0, counts.get(pair.negative) ?? 0)
  return { rows, total, areaMm2, index }
}

/** The pair a slide's label names suggest ("Ki67 positive" and "Ki67 negative", "positif"/"negatif", "+"/"−"), or null. */
export const guessPair = (
  labels: ReadonlyArray<{ readonly id: string; readonly name: string }>
): { readonly positive: string; readonly negative: string } | null => {
  const find = (words: RegExp) => labels.find((l) => words.test(l.name))?.id
  const positive = find(/positi[vf]|\bpos\b|\+\s*$/i)
  const negative = find(/negati[vf]|\bneg\b|[-−]\s*$/i)
  return positive !== undefined && negative !== undefined && positive !== negative ? { positive, negative } : null
}
