// Fasciola hepatica eggs in a stool-sediment image, the way a parasitologist finds them by eye and
// an ImageJ macro does by hand (threshold, clean, fit an ellipse, filter by size):
//   1. colour: a pixel is egg-coloured when its hue is yellow-brown and its saturation is well above
//      the grey-beige sediment's (hsv.ts says why hue/saturation rather than RGB distance);
//   2. cleanup: an opening removes specks and thin fibres, a closing then hole filling makes each
//      egg one solid body (its granular yolk and lighter operculum leave gaps in the threshold);
//   3. objects: 8-connected components, touching eggs split by the distance-transform watershed
//      (../segmentation/watershed.ts);
//   4. an ellipse per object from its second central moments: for a filled ellipse of semi-axes a, b
//      the covariance's eigenvalues are a²/4 and b²/4, so length = 4·sqrt(λ1), width = 4·sqrt(λ2), and
//      the major axis lies at ½·atan2(2·μ11, μ20 − μ02);
//   5. the size filter: length and width within the published 130–150 × 63–90 µm widened by
//      `tolerancePct` on both sides, and the object's area at least `minFill` of its ellipse's (a merged
//      pair or a ragged clump is not an egg); every rejected object is counted by its reason.
// A tile is read with a margin of the longest egg allowed: an egg belongs to the tile whose core
// holds its centroid, so one cut by a core's edge is measured whole, once.
import type { Core } from "../ki67/ki67.ts"
import type { RgbTile } from "../raster.ts"
import { labelComponents } from "../segmentation/components.ts"
import { distanceTransform } from "../segmentation/distance.ts"
import { splitTouching } from "../segmentation/watershed.ts"
import { yellowBrownMask } from "./hsv.ts"
import { closeMask, fillHoles, openMask } from "./morphology.ts"

export interface FasciolaParameters {
  /** Egg length (major axis) range, µm: 130 to 150, the textbook size. */
  readonly minLengthUm: number
  readonly maxLengthUm: number
  /** Egg width (minor axis) range, µm: 63 to 90. */
  readonly minWidthUm: number
  readonly maxWidthUm: number
  /** Both ranges widened by this share on each side, %: focus, fixation and shrinkage change sizes. */
  readonly tolerancePct: number
  /** Saturation (0–1) a pixel needs besides its yellow-brown hue; the sediment stays below about 0.2. */
  readonly minSaturation: number
  /** Touching eggs split apart (see ../segmentation/watershed.ts). */
  readonly split: boolean
  /** Grams of stool the analysed region holds; eggs per gram when given. */
  readonly sampleWeightG: number | null
}

export const FASCIOLA_DEFAULTS: FasciolaParameters = {
  minLengthUm: 130,
  maxLengthUm: 150,
  minWidthUm: 63,
  maxWidthUm: 90,
  tolerancePct: 10,
  minSaturation: 0.3,
  split: true,
  sampleWeightG: null
}

/** An object's area over its fitted ellipse's: 1 for an ellipse, lower for merged pairs and clumps. */
export const MIN_FILL = 0.85

/**
 * The closing only bridges single-pixel gaps: a wider one would also fill the notch between two
 * touching eggs and make their neck too thick to split; larger gaps inside an egg are holes, filled.
 */
const CLOSE_RADIUS = 1
/** Above watershed.ts's 0.75 for round nuclei: an egg's own ridge has a neck of nearly its full height. */
const NECK_RATIO = 0.85

/** Hue range counted as yellow-brown, degrees (0 red, 60 yellow). */
export const HUE_RANGE = [18, 62] as const

export interface Egg {
  /** Centroid, tile pixels. */
  readonly x: number
  readonly y: number
  /** Full axes of the fitted ellipse, µm. */
  readonly lengthUm: number
  readonly widthUm: number
  /** Pixel area, µm². */
  readonly areaUm2: number
  /** The major axis' direction, radians from the x axis (y down, as the image). */
  readonly angle: number
  /** Half-axes in tile pixels, to draw the ellipse. */
  readonly semiMajorPx: number
  readonly semiMinorPx: number
}

export type RejectReason = "speck" | "short" | "long" | "narrow" | "wide" | "irregular"

export const REJECT_REASONS: ReadonlyArray<RejectReason> = ["speck", "short", "long", "narrow", "wide", "irregular"]

export interface FasciolaResult {
  readonly eggs: ReadonlyArray<Egg>
  readonly rejected: Record<RejectReason, number>
  /** Each rejected object's centroid (tile pixels) and reason: a region's outline is applied to them too. */
  readonly rejectedAt: ReadonlyArray<{ readonly x: number; readonly y: number; readonly reason: RejectReason }>
}

/** The accepted length and width ranges, µm, the tolerance applied. */
export const acceptedRanges = (p: FasciolaParameters) => {
  const t = p.tolerancePct / 100
  return {
    length: [p.minLengthUm * (1 - t), p.maxLengthUm * (1 + t)] as const,
    width: [p.minWidthUm * (1 - t), p.maxWidthUm * (1 + t)] as const
  }
}

/** The longest egg allowed, in pixels, and a little more: the margin a tile needs around its core. */
export const fasciolaMarginPx = (p: FasciolaParameters, mpp: number): number => Math.ceil(acceptedRanges(p).length[1] / mpp) + 4

interface Moments {
  n: number
  sx: number
  sy: number
  sxx: number
  syy: number
  sxy: number
}

export const detectEggs = (tile: RgbTile, mpp: number, p: FasciolaParameters, core?: Core): FasciolaResult => {
  const { width, height } = tile
  const ranges = acceptedRanges(p)
  // Structuring radii from the smallest egg allowed: specks and fibres thinner than ~1/12 of an egg's
  // width go; gaps inside an egg up to that size close.
  const minWidthPx = ranges.width[0] / mpp
  const radius = Math.max(1, Math.round(minWidthPx / 12))
  let mask = yellowBrownMask(tile, HUE_RANGE, p.minSaturation)
  mask = openMask(mask, width, height, radius)
  mask = closeMask(mask, width, height, CLOSE_RADIUS)
  mask = fillHoles(mask, width, height)
  const { labels, count } = p.split
    ? splitTouching(mask, distanceTransform(mask, width, height), width, height, {
        minSeparation: Math.max(2, minWidthPx / 2),
        neckRatio: NECK_RATIO
      })
    : labelComponents(mask, width, height)

  const moments: Moments[] = Array.from({ length: count + 1 }, () => ({ n: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0 }))
  for (let y = 0, i = 0; y < height; y++)
    for (let x = 0; x < width; x++, i++) {
      const l = labels[i]!
      if (l === 0) continue
      const m = moments[l]!
      m.n++
      m.sx += x
      m.sy += y
      m.sxx += x * x
      m.syy += y * y
      m.sxy += x * y
    }

  const eggs: Egg[] = []
  const rejected: Record<RejectReason, number> = { speck: 0, short: 0, long: 0, narrow: 0, wide: 0, irregular: 0 }
  const rejectedAt: Array<{ x: number; y: number; reason: RejectReason }> = []
  // Objects smaller than a quarter of the smallest egg's ellipse are specks: counted apart so that
  // the reasons that matter (near-egg sizes) are not drowned.
  const speckPx = (Math.PI * ranges.length[0] * ranges.width[0]) / 16 / (mpp * mpp)
  for (let l = 1; l <= count; l++) {
    const m = moments[l]!
    if (m.n === 0) continue
    const cx = m.sx / m.n + 0.5
    const cy = m.sy / m.n + 0.5
    if (core && (cx < core.x0 || cx >= core.x1 || cy < core.y0 || cy >= core.y1)) continue
    if (m.n < speckPx) {
      rejected.speck++
      rejectedAt.push({ x: cx, y: cy, reason: "speck" })
      continue
    }
    const mx = m.sx / m.n
    const my = m.sy / m.n
    // Central moments; + 1/12 is each pixel's own extent (a square of side 1).
    const mu20 = m.sxx / m.n - mx * mx + 1 / 12
    const mu02 = m.syy / m.n - my * my + 1 / 12
    const mu11 = m.sxy / m.n - mx * my
    const half = (mu20 + mu02) / 2
    const root = Math.sqrt(((mu20 - mu02) / 2) ** 2 + mu11 * mu11)
    const major = 2 * Math.sqrt(half + root)
    const minor = 2 * Math.sqrt(Math.max(0, half - root))
    const lengthUm = 2 * major * mpp
    const widthUm = 2 * minor * mpp
    const fill = m.n / (Math.PI * major * minor)
    const reason: RejectReason | null =
      lengthUm < ranges.length[0]
        ? "short"
        : lengthUm > ranges.length[1]
          ? "long"
          : widthUm < ranges.width[0]
            ? "narrow"
            : widthUm > ranges.width[1]
              ? "wide"
              : fill < MIN_FILL
                ? "irregular"
                : null
    if (reason) {
      rejected[reason]++
      rejectedAt.push({ x: cx, y: cy, reason })
      continue
    }
    eggs.push({
      x: cx,
      y: cy,
      lengthUm,
      widthUm,
      areaUm2: m.n * mpp * mpp,
      angle: 0.5 * Math.atan2(2 * mu11, mu20 - mu02),
      semiMajorPx: major,
      semiMinorPx: minor
    })
  }
  return { eggs, rejected, rejectedAt }
}

/** Eggs per gram, the sedimentation convention: eggs counted over grams of stool examined. */
export const eggsPerGram = (eggs: number, sampleWeightG: number | null): number | null =>
  sampleWeightG !== null && sampleWeightG > 0 ? eggs / sampleWeightG : null
