// Carotid intima-media thickness on a B-mode ultrasound image (README.md), in a region the user draws
// over the far wall. Down through the far wall the image goes: the lumen (dark), the lumen-intima
// interface (LI, a rise to the bright intima), the media (darker), the media-adventitia interface
// (MA, a rise to the brightest layer, the adventitia). Both interfaces are rises of intensity, MA the
// stronger, and IMT is the distance between them.
//   1. intensity: the mean of the channels, smoothed (a 3 x 3 box) against speckle;
//   2. edge strength: the vertical gradient (below minus above), rises only;
//   3. MA: the path across the region, one row per column, moving at most one row between
//      neighbouring columns, with the greatest summed edge strength (dynamic programming, as the
//      automated IMT methods since Liang et al. 2000 trace it);
//   4. LI: the same, above MA, between `minImtMm` and `maxImtMm` above it in every column;
//   5. each edge at sub-pixel precision: the vertex of the parabola through the gradient at the row
//      and its neighbours; IMT per column = MA − LI, then its mean, maximum and SD in mm.
import { type RgbTile, smoothedGray } from "../raster.ts"

export interface ImtParameters {
  /** The intima-media thickness range the search allows, mm (0.3–2.5: healthy to plaque-free thickened walls). */
  readonly minImtMm: number
  readonly maxImtMm: number
}

export const IMT_DEFAULTS: ImtParameters = { minImtMm: 0.3, maxImtMm: 2.5 }

export interface ImtResult {
  /** Per column (left to right, every column of the region): LI and MA, in the region's pixels (sub-pixel). */
  readonly li: ReadonlyArray<number>
  readonly ma: ReadonlyArray<number>
  /** mm */
  readonly mean: number
  readonly max: number
  readonly sd: number
  readonly columns: number
}

/** Rises of intensity going down: I(y+1) − I(y−1), negatives as zero. */
const rises = (gray: Float32Array, width: number, height: number): Float32Array => {
  const g = new Float32Array(width * height)
  for (let y = 1; y < height - 1; y++)
    for (let x = 0; x < width; x++) g[y * width + x] = Math.max(0, gray[(y + 1) * width + x]! - gray[(y - 1) * width + x]!)
  return g
}

/**
 * The path of one row per column that moves at most a row between columns and has the greatest
 * summed `g`, each column's row limited to [low(x), high(x)] (inclusive). Null when a column has none.
 */
const bestPath = (
  g: Float32Array,
  width: number,
  height: number,
  low: (x: number) => number,
  high: (x: number) => number
): Int32Array | null => {
  const score = new Float64Array(width * height).fill(Number.NEGATIVE_INFINITY)
  const from = new Int32Array(width * height).fill(-1)
  for (let x = 0; x < width; x++) {
    const lo = Math.max(1, low(x))
    const hi = Math.min(height - 2, high(x))
    if (lo > hi) return null
    for (let y = lo; y <= hi; y++) {
      let best = x === 0 ? 0 : Number.NEGATIVE_INFINITY
      let arg = -1
      if (x > 0)
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy
          if (yy < 0 || yy >= height) continue
          const s = score[yy * width + x - 1]!
          if (s > best) {
            best = s
            arg = yy
          }
        }
      if (best === Number.NEGATIVE_INFINITY) continue
      score[y * width + x] = best + g[y * width + x]!
      from[y * width + x] = arg
    }
  }
  let end = -1
  let top = Number.NEGATIVE_INFINITY
  for (let y = 0; y < height; y++)
    if (score[y * width + width - 1]! > top) {
      top = score[y * width + width - 1]!
      end = y
    }
  if (end < 0) return null
  const path = new Int32Array(width)
  path[width - 1] = end
  for (let x = width - 1; x > 0; x--) path[x - 1] = from[path[x]! * width + x]!
  return path
}

/** The row of the gradient's peak near `y` in column `x`, to a fraction of a pixel (parabolic vertex). */
const refine = (g: Float32Array, width: number, x: number, y: number): number => {
  const a = g[(y - 1) * width + x] ?? 0
  const b = g[y * width + x]!
  const c = g[(y + 1) * width + x] ?? 0
  const denominator = a - 2 * b + c
  const offset = denominator < 0 ? (a - c) / (2 * denominator) : 0
  return y + Math.max(-0.5, Math.min(0.5, offset)) + 0.5
}

/** IMT over the region `tile` (the far wall, lumen above it); `mpp` its microns per pixel. Null: no wall found. */
export const measureImt = (tile: RgbTile, mpp: number, p: ImtParameters): ImtResult | null => {
  const { width, height } = tile
  const g = rises(smoothedGray(tile), width, height)
  const minPx = Math.max(1, Math.floor((p.minImtMm * 1000) / mpp))
  const maxPx = Math.ceil((p.maxImtMm * 1000) / mpp)
  // MA first: the strongest rise, with room above it for the intima-media.
  const ma = bestPath(
    g,
    width,
    height,
    () => minPx + 1,
    () => height - 2
  )
  if (ma === null) return null
  const li = bestPath(
    g,
    width,
    height,
    (x) => ma[x]! - maxPx,
    (x) => ma[x]! - minPx
  )
  if (li === null) return null
  const liRows = Array.from(li, (y, x) => refine(g, width, x, y))
  const maRows = Array.from(ma, (y, x) => refine(g, width, x, y))
  const mm = maRows.map((y, x) => ((y - liRows[x]!) * mpp) / 1000)
  const mean = mm.reduce((s, v) => s + v, 0) / mm.length
  const sd = Math.sqrt(mm.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, mm.length - 1))
  return { li: liRows, ma: maRows, mean, max: Math.max(...mm), sd, columns: width }
}
