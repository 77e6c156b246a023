// IHC-Ki67 scoring of one tile, the way QuPath's "Positive cell detection" scores nuclei:
//   1. colour deconvolution into hematoxylin and DAB (../deconvolution/hed.ts), as optical densities;
//   2. nuclei: the sum of both densities above a threshold both after a Gaussian smoothing (sigma in
//      µm) and as it is: the first finds nuclei, the second draws their edges;
//   3. touching nuclei split by a watershed on the distance transform (../segmentation/watershed.ts);
//   4. nuclei outside the size range (µm², from the slide's microns per pixel) dropped;
//   5. each nucleus' mean DAB optical density against the 1+ / 2+ / 3+ thresholds.
// A tile is read with a margin around the part it answers for (its core): a nucleus belongs to the
// tile whose core holds its centroid, so one cut by a tile's edge is found whole, once.
import { deconvolve, SKIMAGE_TO_OD } from "../deconvolution/hed.ts"
import type { RgbTile } from "../raster.ts"
import { labelComponents, regionsOf } from "../segmentation/components.ts"
import { gaussianBlur } from "../segmentation/blur.ts"
import { distanceTransform } from "../segmentation/distance.ts"
import { splitTouching } from "../segmentation/watershed.ts"

export interface Ki67Parameters {
  /** Optical density (hematoxylin + DAB) a nucleus' pixels exceed. QuPath's default is 0.1. */
  readonly nucleusThreshold: number
  /** Gaussian smoothing before the threshold, µm (QuPath: 1.5). */
  readonly sigmaUm: number
  /** Nucleus area range, µm² (QuPath: 10 to 400). */
  readonly minAreaUm2: number
  readonly maxAreaUm2: number
  /** Mean DAB optical density for 1+, 2+, 3+ (QuPath: 0.2, 0.4, 0.6); 1+ and above is positive. */
  readonly thresholds: readonly [number, number, number]
  /** Touching nuclei split apart (see watershed.ts). */
  readonly split: boolean
}

export const KI67_DEFAULTS: Ki67Parameters = {
  nucleusThreshold: 0.1,
  sigmaUm: 1.5,
  minAreaUm2: 10,
  maxAreaUm2: 400,
  thresholds: [0.2, 0.4, 0.6],
  split: true
}

/** 0 negative, 1..3 for 1+..3+. */
export type Ki67Class = 0 | 1 | 2 | 3

export interface Nucleus {
  /** Centroid, in the tile's pixels. */
  readonly x: number
  readonly y: number
  readonly areaUm2: number
  /** Mean optical densities over the nucleus. */
  readonly dab: number
  readonly hematoxylin: number
  readonly intensity: Ki67Class
}

/** The part of the tile this call answers for, in tile pixels (end exclusive). */
export interface Core {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

export const classOf = (dab: number, [t1, t2, t3]: readonly [number, number, number]): Ki67Class =>
  dab >= t3 ? 3 : dab >= t2 ? 2 : dab >= t1 ? 1 : 0

/** The widest nucleus the size filter lets through, in pixels: the margin a tile needs around its core. */
export const marginPx = (parameters: Ki67Parameters, mpp: number): number =>
  Math.ceil((2 * Math.sqrt(parameters.maxAreaUm2 / Math.PI)) / mpp + 3 * (parameters.sigmaUm / mpp)) + 2

export const detectNuclei = (tile: RgbTile, mpp: number, parameters: Ki67Parameters, core?: Core): Array<Nucleus> => {
  const { width, height } = tile
  const pixels = width * height
  const { h, d } = deconvolve(tile.data, tile.channels, pixels)
  // In optical density units from here on (skimage's values are OD / 6).
  const sum = new Float32Array(pixels)
  for (let p = 0; p < pixels; p++) {
    h[p] = h[p]! * SKIMAGE_TO_OD
    d[p] = d[p]! * SKIMAGE_TO_OD
    sum[p] = h[p]! + d[p]!
  }
  // The smoothed image decides where nuclei are (speckle and thin strands fall below the threshold);
  // the unsmoothed one draws their edges. The smoothed edge alone
  // lies some sigmas outside the real one when the nucleus is much darker than the threshold (a
  // 10 µm nucleus read as 13), which would inflate every area and close the neck between touching
  // nuclei so that the split could no longer see it.
  const smooth = gaussianBlur(sum, width, height, parameters.sigmaUm / mpp)
  const t = parameters.nucleusThreshold
  const mask = new Uint8Array(pixels)
  for (let p = 0; p < pixels; p++) mask[p] = smooth[p]! > t && sum[p]! > t ? 1 : 0
  // Two nuclei's centres are at least about a smallest nucleus' radius apart.
  const minRadiusPx = Math.sqrt(parameters.minAreaUm2 / Math.PI) / mpp
  const { labels, count } = parameters.split
    ? splitTouching(mask, distanceTransform(mask, width, height), width, height, {
        minSeparation: Math.max(2, minRadiusPx),
        neckRatio: 0.75
      })
    : labelComponents(mask, width, height)
  const pixelUm2 = mpp * mpp
  const dabSums = regionsOf(labels, count, width, d)
  const hSums = regionsOf(labels, count, width, h)
  const out: Array<Nucleus> = []
  for (const [i, r] of dabSums.entries()) {
    const areaUm2 = r.area * pixelUm2
    if (areaUm2 < parameters.minAreaUm2 || areaUm2 > parameters.maxAreaUm2) continue
    if (core && (r.cx < core.x0 || r.cx >= core.x1 || r.cy < core.y0 || r.cy >= core.y1)) continue
    const dab = r.sum / r.area
    out.push({ x: r.cx, y: r.cy, areaUm2, dab, hematoxylin: hSums[i]!.sum / r.area, intensity: classOf(dab, parameters.thresholds) })
  }
  return out
}

export interface Ki67Summary {
  readonly nuclei: number
  readonly negative: number
  readonly positive: number
  /** Nuclei of 1+, 2+, 3+. */
  readonly plus1: number
  readonly plus2: number
  readonly plus3: number
  /** positive / nuclei in percent; null without nuclei. */
  readonly ki67Index: number | null
  /** (1 x %1+) + (2 x %2+) + (3 x %3+): 0 to 300; null without nuclei. */
  readonly hScore: number | null
  readonly meanDab: number | null
  readonly meanAreaUm2: number | null
}

/** Running totals, so a whole slide's summary never holds its nuclei at once. */
export interface Ki67Tally {
  readonly counts: [number, number, number, number]
  dabSum: number
  areaSum: number
}

export const newTally = (): Ki67Tally => ({ counts: [0, 0, 0, 0], dabSum: 0, areaSum: 0 })

export const addToTally = (tally: Ki67Tally, nuclei: ReadonlyArray<Nucleus>): void => {
  for (const n of nuclei) {
    tally.counts[n.intensity]!++
    tally.dabSum += n.dab
    tally.areaSum += n.areaUm2
  }
}

export const summarize = (tally: Ki67Tally): Ki67Summary => {
  const [negative, plus1, plus2, plus3] = tally.counts
  const nuclei = negative + plus1 + plus2 + plus3
  const positive = plus1 + plus2 + plus3
  const round = (v: number) => Math.round(v * 100) / 100
  return {
    nuclei,
    negative,
    positive,
    plus1,
    plus2,
    plus3,
    ki67Index: nuclei === 0 ? null : round((100 * positive) / nuclei),
    hScore: nuclei === 0 ? null : round((100 * (plus1 + 2 * plus2 + 3 * plus3)) / nuclei),
    meanDab: nuclei === 0 ? null : round((tally.dabSum / nuclei) * 1000) / 1000,
    meanAreaUm2: nuclei === 0 ? null : round(tally.areaSum / nuclei)
  }
}
