// Blob counting by colour and size (cells, colonies, eggs): the pixels within `tolerance` of a
// target colour (Euclidean distance in RGB, 0 to 441), their 8-connected blobs, optionally touching
// blobs split (../segmentation/watershed.ts), and the blobs whose area is within the size range;
// one point per blob at its centroid. ImageJ's "Color Threshold" then "Analyze Particles" (size
// range, "include holes" off) does the same by hand.
import type { RgbTile } from "../raster.ts"
import { labelComponents, regionsOf } from "../segmentation/components.ts"
import { distanceTransform } from "../segmentation/distance.ts"
import { splitTouching } from "../segmentation/watershed.ts"
import type { Core } from "../ki67/ki67.ts"

export interface CountingParameters {
  /** "#RRGGBB". */
  readonly color: string
  /** Euclidean RGB distance a pixel may be from `color`. */
  readonly tolerance: number
  /** Blob area range: µm² when the slide has a resolution, else square pixels. */
  readonly minArea: number
  readonly maxArea: number
  readonly split: boolean
}

export const COUNTING_DEFAULTS: Omit<CountingParameters, "color"> = { tolerance: 60, minArea: 10, maxArea: 10_000, split: false }

export interface Blob {
  readonly x: number
  readonly y: number
  /** In the unit of the size range. */
  readonly area: number
}

export const rgbOf = (color: string): [number, number, number] => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)
  if (!m) throw new Error(`not a #RRGGBB colour: ${color}`)
  return [Number.parseInt(m[1]!, 16), Number.parseInt(m[2]!, 16), Number.parseInt(m[3]!, 16)]
}

/** The area of one pixel in the size range's unit. */
const pixelArea = (mpp: number | null) => (mpp !== null && mpp > 0 ? mpp * mpp : 1)

/** The widest blob the size range lets through, in pixels: the margin a tile needs around its core. */
export const countingMarginPx = (parameters: CountingParameters, mpp: number | null): number =>
  Math.ceil(2 * Math.sqrt(parameters.maxArea / pixelArea(mpp) / Math.PI)) + 2

export const countBlobs = (tile: RgbTile, mpp: number | null, parameters: CountingParameters, core?: Core): Array<Blob> => {
  const { width, height, channels, data } = tile
  const [tr, tg, tb] = rgbOf(parameters.color)
  const limit = parameters.tolerance * parameters.tolerance
  const mask = new Uint8Array(width * height)
  for (let p = 0, i = 0; p < mask.length; p++, i += channels) {
    const dr = data[i]! - tr
    const dg = data[i + 1]! - tg
    const db = data[i + 2]! - tb
    mask[p] = dr * dr + dg * dg + db * db <= limit ? 1 : 0
  }
  const unit = pixelArea(mpp)
  const minSeparation = Math.max(2, Math.sqrt(parameters.minArea / unit / Math.PI))
  const { labels, count } = parameters.split
    ? splitTouching(mask, distanceTransform(mask, width, height), width, height, { minSeparation, neckRatio: 0.75 })
    : labelComponents(mask, width, height)
  const out: Array<Blob> = []
  for (const r of regionsOf(labels, count, width)) {
    const area = r.area * unit
    if (area < parameters.minArea || area > parameters.maxArea) continue
    if (core && (r.cx < core.x0 || r.cx >= core.x1 || r.cy < core.y0 || r.cy >= core.y1)) continue
    out.push({ x: r.cx, y: r.cy, area })
  }
  return out
}
