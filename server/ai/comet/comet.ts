// The single-cell gel electrophoresis (comet) assay, with OpenComet's measures (Gyori et al. 2014) and
// the head found by mirroring its untailed half (README.md): on a fluorescence image (dark background, DNA bright), each comet is a bright blob whose
// DNA migrated from the head (the nucleoid) into a tail along the electrophoresis direction (+x: the
// tail to the right, as the slide is scanned). Per tile:
//   1. intensity: the brightest channel (SYBR green, ethidium or propidium read alike), less the
//      background, the tile's median (most of a comet slide is background);
//   2. comets: pixels more than `threshold` above the background, opened and hole-filled, their
//      8-connected components within the area range;
//   3. the profile: the comet's background-subtracted intensity summed per column;
//   4. head and tail: the head's centre is the profile's peak (the centroid of its top 10 %), and the
//      head is the part left of it mirrored about it (a nucleoid is symmetric, the tail is on one
//      side only); everything right of the head is tail. %DNA in tail = 100 × tail / (head + tail);
//   5. tail length: from the head's right edge to the comet's end; tail moment = tail length × %DNA /
//      100; Olive tail moment = (tail centroid − head centroid, along x) × %DNA / 100.
// A comet belongs to the tile whose core holds its head centre.
import type { Core } from "../ki67/ki67.ts"
import type { RgbTile } from "../raster.ts"
import { labelComponents } from "../segmentation/components.ts"
import { fillHoles, openMask } from "../fasciola/morphology.ts"

export interface CometParameters {
  /** Intensity above the background (8-bit levels) a comet's pixels reach. */
  readonly threshold: number
  /** Comet area range: µm² when the slide has a resolution, else square pixels. */
  readonly minArea: number
  readonly maxArea: number
}

export const COMET_DEFAULTS: CometParameters = { threshold: 25, minArea: 100, maxArea: 50_000 }

export interface Comet {
  /** Head centre (the profile's peak) and the comet's vertical centre, tile pixels. */
  readonly x: number
  readonly y: number
  /** The comet's box, tile pixels (end exclusive). */
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
  /** In µm with a resolution, else pixels. */
  readonly tailLength: number
  readonly tailDnaPct: number
  readonly tailMoment: number
  readonly oliveMoment: number
  /** In µm² with a resolution, else px². */
  readonly area: number
}

/** The area of one pixel, and the length of one, in the result's units. */
const unitsOf = (mpp: number | null) => (mpp !== null && mpp > 0 ? { length: mpp, area: mpp * mpp } : { length: 1, area: 1 })

/** The longest comet the area range allows, pixels (a tail is long and thin: the area itself, bounded). */
export const cometMarginPx = (p: CometParameters, mpp: number | null): number =>
  Math.min(1024, Math.ceil(Math.sqrt(p.maxArea / unitsOf(mpp).area) * 2)) + 4

const medianOf = (values: Float32Array): number => {
  // A histogram: the values are 0-255.
  const counts = new Uint32Array(256)
  for (const v of values) counts[Math.min(255, Math.max(0, Math.round(v)))]!++
  let seen = 0
  for (let v = 0; v < 256; v++) {
    seen += counts[v]!
    if (seen * 2 >= values.length) return v
  }
  return 0
}

export const detectComets = (tile: RgbTile, mpp: number | null, p: CometParameters, core?: Core): Array<Comet> => {
  const { width, height, channels, data } = tile
  const units = unitsOf(mpp)
  const intensity = new Float32Array(width * height)
  for (let q = 0, i = 0; q < intensity.length; q++, i += channels) intensity[q] = Math.max(data[i]!, data[i + 1]!, data[i + 2]!)
  const background = medianOf(intensity)
  let mask: Uint8Array = new Uint8Array(width * height)
  for (let q = 0; q < mask.length; q++) mask[q] = intensity[q]! - background > p.threshold ? 1 : 0
  mask = fillHoles(openMask(mask, width, height, 1), width, height)
  const { labels, count } = labelComponents(mask, width, height)

  // Per comet: its box and pixel count, then its column profile.
  const box = Array.from({ length: count + 1 }, () => ({ x0: width, y0: height, x1: -1, y1: -1, n: 0, sy: 0 }))
  for (let y = 0, q = 0; y < height; y++)
    for (let x = 0; x < width; x++, q++) {
      const l = labels[q]!
      if (l === 0) continue
      const b = box[l]!
      if (x < b.x0) b.x0 = x
      if (x > b.x1) b.x1 = x
      if (y < b.y0) b.y0 = y
      if (y > b.y1) b.y1 = y
      b.n++
      b.sy += y
    }
  const out: Comet[] = []
  for (let l = 1; l <= count; l++) {
    const b = box[l]!
    const area = b.n * units.area
    if (b.n === 0 || area < p.minArea || area > p.maxArea) continue
    const columns = b.x1 - b.x0 + 1
    const profile = new Float64Array(columns)
    for (let y = b.y0; y <= b.y1; y++)
      for (let x = b.x0; x <= b.x1; x++) {
        const q = y * width + x
        if (labels[q] === l) profile[x - b.x0]! += Math.max(0, intensity[q]! - background)
      }
    let peak = 0
    for (let c = 1; c < columns; c++) if (profile[c]! > profile[peak]!) peak = c
    // The head's centre: the centroid of the columns around the peak within 90 % of it (a sphere's
    // profile is flat-topped: its argmax alone moves with the noise by a column or two, and the head
    // twice as much); continuous, from the comet's left edge.
    let from = peak
    let to = peak
    while (from > 0 && profile[from - 1]! >= 0.9 * profile[peak]!) from--
    while (to < columns - 1 && profile[to + 1]! >= 0.9 * profile[peak]!) to++
    let weight = 0
    let moment = 0
    for (let c = from; c <= to; c++) {
      weight += profile[c]!
      moment += profile[c]! * (c + 0.5)
    }
    const centre = moment / weight
    // The head: from the left edge to the centre's mirror image; a column it cuts is shared.
    const headEnd = Math.min(columns, 2 * centre)
    let head = 0
    let headX = 0
    let tail = 0
    let tailX = 0
    for (let c = 0; c < columns; c++) {
      const v = profile[c]!
      const inHead = Math.max(0, Math.min(1, headEnd - c))
      head += v * inHead
      headX += v * inHead * (c + 0.5)
      tail += v * (1 - inHead)
      tailX += v * (1 - inHead) * (c + 0.5)
    }
    const total = head + tail
    if (total <= 0) continue
    const cx = b.x0 + centre
    const cy = b.sy / b.n + 0.5
    if (core && (cx < core.x0 || cx >= core.x1 || cy < core.y0 || cy >= core.y1)) continue
    const fraction = tail / total
    const tailLength = (columns - headEnd) * units.length
    const olive = tail > 0 ? (tailX / tail - headX / head) * units.length * fraction : 0
    out.push({
      x: cx,
      y: cy,
      x0: b.x0,
      y0: b.y0,
      x1: b.x1 + 1,
      y1: b.y1 + 1,
      tailLength,
      tailDnaPct: 100 * fraction,
      tailMoment: tailLength * fraction,
      oliveMoment: olive,
      area
    })
  }
  return out
}

/** Mean and median of a population's values; null for none. */
export const meanAndMedian = (values: ReadonlyArray<number>): { mean: number | null; median: number | null } => {
  if (values.length === 0) return { mean: null, median: null }
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return {
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    median: sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  }
}
