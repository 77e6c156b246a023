// Infarct size on a TTC-stained brain slice (README.md): 2,3,5-triphenyltetrazolium chloride turns
// living tissue deep red, and the infarct, whose mitochondria no longer reduce it, stays pale. On a
// photograph of the slice against a dark background:
//   1. the slice: pixels brighter than the background (HSV value at or above `backgroundValue`),
//      opened, its largest component kept and its holes filled (ventricles and the pale infarct are
//      the slice too);
//   2. the infarct: pixels of the slice whose HSV saturation stays below `infarctSaturation` (red
//      tissue is saturated, infarct white to pale pink), opened, components under 0.5 % of the slice
//      left out as glare and vessels;
//   3. the midline: the user's (`midlineX`), or the slice's axis of symmetry within ±15° of vertical
//      (midline.ts: at each tilt the median of the midpoints of strips across it; the tilt whose
//      midpoints scatter least maps the outline best onto its mirror);
//   4. the hemispheres either side of it; the ipsilateral one holds more infarct;
//   5. infarct % of the ipsilateral hemisphere, and corrected for edema (Swanson et al. 1990):
//      corrected infarct = contralateral − (ipsilateral − infarct), as % of the contralateral
//      hemisphere; hemispheric swelling = (ipsilateral − contralateral) / contralateral.
// The whole slice is read at once, at a level of the pyramid where it is at most 2,048 px across (a
// slice photograph is small; its areas are measured to well under 1 % at that size).
import { type Ring, ringArea } from "../../../src/annotation/rings.ts"
import { outlineOf } from "../../../src/annotation/wand/outline.ts"
import { douglasPeucker } from "../../../src/annotation/render/simplify.ts"
import { fillHoles, openMask } from "../fasciola/morphology.ts"
import type { RgbTile } from "../raster.ts"
import { labelComponents } from "../segmentation/components.ts"
import { findMidline, type Midline, sideOf } from "./midline.ts"

export interface StrokeParameters {
  /** HSV value (0–1) at or above which a pixel is the slice, not the dark background. */
  readonly backgroundValue: number
  /** HSV saturation (0–1) below which a pixel of the slice is infarct. */
  readonly infarctSaturation: number
  /** The midline's x in full-resolution image pixels; null: the slice's axis of symmetry. */
  readonly midlineX: number | null
  /** The slice's thickness in mm; with it, the infarct's volume in this slice. */
  readonly sliceThicknessMm: number | null
  /** Instead of `midlineX`, a midline that may be tilted: two points on it, full-resolution pixels. */
  readonly midlineLine?: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }
}

export const STROKE_DEFAULTS: StrokeParameters = { backgroundValue: 0.2, infarctSaturation: 0.35, midlineX: null, sliceThicknessMm: null }

export type Side = "left" | "right"

export interface Outline {
  /** Outer ring, x, y pairs in the read image's pixels, simplified within a pixel. */
  readonly ring: ReadonlyArray<number>
  /** Pixels. */
  readonly area: number
}

export interface StrokeResult {
  readonly slice: number
  readonly hemispheres: Readonly<Record<Side, Outline>>
  readonly infarcts: ReadonlyArray<Outline & { readonly side: Side }>
  /** The midline's x in the read image's pixels (where it crosses `midline.y`), the line itself, and whether it was found rather than given. */
  readonly midlineX: number
  readonly midline: Midline
  readonly midlineFound: boolean
  readonly ipsilateral: Side
}

const valueAndSaturation = (tile: RgbTile, i: number): readonly [number, number] => {
  const p = i * tile.channels
  const r = tile.data[p]!
  const g = tile.data[p + 1]!
  const b = tile.data[p + 2]!
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  return [max / 255, max === 0 ? 0 : (max - min) / max]
}

/** Keeps the largest 8-connected component of `mask`. */
const largest = (mask: Uint8Array, width: number, height: number): Uint8Array => {
  const { labels, count } = labelComponents(mask, width, height)
  const sizes = new Uint32Array(count + 1)
  for (const l of labels) sizes[l]!++
  let best = 0
  for (let l = 1; l <= count; l++) if (best === 0 || sizes[l]! > sizes[best]!) best = l
  return Uint8Array.from(labels, (l) => (best !== 0 && l === best ? 1 : 0))
}

/** The outer ring of a mask's pixels (its largest ring), simplified, and its pixel count. */
const outlineOfMask = (mask: Uint8Array, width: number, height: number): Outline | undefined => {
  let [minX, minY, maxX, maxY, count] = [width, height, -1, -1, 0]
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (mask[y * width + x] === 1) {
        count++
        if (x < minX) minX = x
        if (x > maxX) maxX = x
        if (y < minY) minY = y
        if (y > maxY) maxY = y
      }
  if (count === 0) return undefined
  const rings: Array<Ring> = outlineOf({ mask, minX, minY, maxX, maxY, count }, width)
  const outer = rings.reduce((a, b) => (Math.abs(ringArea(b)) > Math.abs(ringArea(a)) ? b : a))
  return { ring: Array.from(douglasPeucker(outer.flat(), 0.75)), area: count }
}

/**
 * Measures one slice. `inside` (optional) says which pixels of `tile` belong to the region asked
 * for (an annotation's shape); the rest counts as background.
 */
export const measureStroke = (
  tile: RgbTile,
  p: StrokeParameters,
  given: number | Midline | null,
  inside?: (x: number, y: number) => boolean
): StrokeResult => {
  const { width, height } = tile
  const n = width * height
  const bright = new Uint8Array(n)
  const pale = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    if (inside && !inside(i % width, Math.floor(i / width))) continue
    const [v, s] = valueAndSaturation(tile, i)
    bright[i] = v >= p.backgroundValue ? 1 : 0
    pale[i] = s < p.infarctSaturation ? 1 : 0
  }
  // Speckle of the background and a torn edge go; the slice is one piece with its holes filled.
  const radius = Math.max(1, Math.round(Math.max(width, height) / 512))
  const slice = fillHoles(largest(openMask(bright, width, height, radius), width, height), width, height)
  const infarctRaw = openMask(
    Uint8Array.from(slice, (s, i) => s & pale[i]!),
    width,
    height,
    radius
  )
  let sliceArea = 0
  for (const s of slice) sliceArea += s

  // The midline: given (upright), or the slice's axis of symmetry, tilted or not (midline.ts).
  const midline: Midline =
    typeof given === "number"
      ? { x: given, y: height / 2, angle: 0 }
      : given !== null
        ? given
        : (findMidline(slice, width, height) ?? { x: width / 2, y: height / 2, angle: 0 })
  const leftOf = (x: number, y: number) => sideOf(midline, x, y) < 0

  const half = (side: Side) =>
    Uint8Array.from(slice, (s, i) => (s === 1 && leftOf((i % width) + 0.5, Math.floor(i / width) + 0.5) === (side === "left") ? 1 : 0))
  const empty = { ring: [], area: 0 }
  const hemispheres = {
    left: outlineOfMask(half("left"), width, height) ?? empty,
    right: outlineOfMask(half("right"), width, height) ?? empty
  }

  // Each infarct component large enough, with the side its centroid is on.
  const { labels, count } = labelComponents(infarctRaw, width, height)
  const sizes = new Uint32Array(count + 1)
  const sumX = new Float64Array(count + 1)
  const sumY = new Float64Array(count + 1)
  for (let i = 0; i < labels.length; i++) {
    sizes[labels[i]!]!++
    sumX[labels[i]!]! += (i % width) + 0.5
    sumY[labels[i]!]! += Math.floor(i / width) + 0.5
  }
  const infarcts: Array<Outline & { side: Side }> = []
  for (let l = 1; l <= count; l++) {
    if (sizes[l]! < sliceArea * 0.005) continue
    const outline = outlineOfMask(
      Uint8Array.from(labels, (v) => (v === l ? 1 : 0)),
      width,
      height
    )
    if (outline) infarcts.push({ ...outline, side: leftOf(sumX[l]! / sizes[l]!, sumY[l]! / sizes[l]!) ? "left" : "right" })
  }
  const onSide = (side: Side) => infarcts.filter((f) => f.side === side).reduce((sum, f) => sum + f.area, 0)
  return {
    slice: sliceArea,
    hemispheres,
    infarcts,
    midlineX: midline.x,
    midline,
    midlineFound: given === null,
    ipsilateral: onSide("right") > onSide("left") ? "right" : "left"
  }
}

export interface StrokeMeasures {
  readonly infarctArea: number
  readonly ipsilateralArea: number
  readonly contralateralArea: number
  readonly infarctPct: number | null
  readonly correctedInfarctArea: number
  readonly correctedInfarctPct: number | null
  readonly swellingPct: number | null
  readonly infarctVolume: number | null
}

/** Areas in mm² (and the volume in mm³ with a thickness) from the areas of the parts. */
export const strokeMeasures = (
  parts: { infarct: number; ipsilateral: number; contralateral: number },
  thicknessMm: number | null
): StrokeMeasures => {
  const { infarct, ipsilateral, contralateral } = parts
  const corrected = Math.max(0, contralateral - (ipsilateral - infarct))
  return {
    infarctArea: infarct,
    ipsilateralArea: ipsilateral,
    contralateralArea: contralateral,
    infarctPct: ipsilateral > 0 ? (100 * infarct) / ipsilateral : null,
    correctedInfarctArea: corrected,
    correctedInfarctPct: contralateral > 0 ? (100 * corrected) / contralateral : null,
    swellingPct: contralateral > 0 ? (100 * (ipsilateral - contralateral)) / contralateral : null,
    infarctVolume: thicknessMm === null ? null : infarct * thicknessMm
  }
}
