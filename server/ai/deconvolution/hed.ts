// Colour deconvolution (Ruifrok & Johnston, Anal Quant Cytol Histol 23:291, 2001) into
// hematoxylin, eosin and DAB, with the stain matrix scikit-image uses (skimage.color.rgb_from_hed)
// and the same arithmetic as its `separate_stains`, so a number here can be checked against
//   skimage.color.rgb2hed(image)
// pixel for pixel:
//   rgb    = max(I / 255, 1e-6)
//   stains = max(0, (ln(rgb) / ln(1e-6)) @ hed_from_rgb),  hed_from_rgb = inverse(rgb_from_hed)
// ln(I) / ln(1e-6) is -log10(I) / 6: skimage's stain values are optical densities divided by six.
// The scoring thresholds of QuPath (and of the pathology literature) are plain optical densities
// (-log10 of transmitted light), so `odOf` multiplies back; see README.md.

/** Rows: the RGB optical density of hematoxylin, eosin, DAB (skimage.color.colorconv.rgb_from_hed). */
export const RGB_FROM_HED: ReadonlyArray<readonly [number, number, number]> = [
  [0.65, 0.7, 0.29],
  [0.07, 0.99, 0.11],
  [0.27, 0.57, 0.78]
]

type Matrix3 = ReadonlyArray<readonly [number, number, number]>

/** The inverse of a 3x3 matrix by its adjugate (the matrix above is well conditioned). */
export const invert3 = (m: Matrix3): Array<[number, number, number]> => {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [[number, number, number], [number, number, number], [number, number, number]]
  const A = e * i - f * h
  const B = -(d * i - f * g)
  const C = d * h - e * g
  const det = a * A + b * B + c * C
  if (Math.abs(det) < 1e-12) throw new Error("singular stain matrix")
  return [
    [A / det, -(b * i - c * h) / det, (b * f - c * e) / det],
    [B / det, (a * i - c * g) / det, -(a * f - c * d) / det],
    [C / det, -(a * h - b * g) / det, (a * e - b * d) / det]
  ]
}

/** skimage.color.hed_from_rgb. */
export const HED_FROM_RGB = invert3(RGB_FROM_HED)

const LOG_ADJUST = Math.log(1e-6)

/** ln(max(v / 255, 1e-6)) / ln(1e-6) for every 8-bit value: the per-pixel work becomes 3 lookups and 9 multiplies. */
const ABSORBANCE = Float64Array.from({ length: 256 }, (_, v) => Math.log(Math.max(v / 255, 1e-6)) / LOG_ADJUST)

/** skimage's stain value (OD / 6) as an optical density. */
export const SKIMAGE_TO_OD = -LOG_ADJUST / Math.LN10

export const odOf = (skimageValue: number): number => skimageValue * SKIMAGE_TO_OD

export interface Stains {
  /** skimage's rgb2hed channels, one value per pixel, row-major. */
  readonly h: Float32Array
  readonly e: Float32Array
  readonly d: Float32Array
}

/** One pixel, as skimage computes it (for tests and single reads). */
export const hedOfPixel = (r: number, g: number, b: number): [number, number, number] => {
  const x = [ABSORBANCE[r]!, ABSORBANCE[g]!, ABSORBANCE[b]!]
  const m = HED_FROM_RGB
  const out: [number, number, number] = [0, 0, 0]
  for (let k = 0; k < 3; k++) out[k] = Math.max(0, x[0]! * m[0]![k]! + x[1]! * m[1]![k]! + x[2]! * m[2]![k]!)
  return out
}

/** Every pixel of interleaved 8-bit samples (`channels` per pixel, the first three RGB). */
export const deconvolve = (data: Uint8Array, channels: number, pixels: number): Stains => {
  const h = new Float32Array(pixels)
  const e = new Float32Array(pixels)
  const d = new Float32Array(pixels)
  const m = HED_FROM_RGB
  const [m00, m01, m02] = m[0]!
  const [m10, m11, m12] = m[1]!
  const [m20, m21, m22] = m[2]!
  for (let p = 0, i = 0; p < pixels; p++, i += channels) {
    const r = ABSORBANCE[data[i]!]!
    const g = ABSORBANCE[data[i + 1]!]!
    const b = ABSORBANCE[data[i + 2]!]!
    const hv = r * m00 + g * m10 + b * m20
    const ev = r * m01 + g * m11 + b * m21
    const dv = r * m02 + g * m12 + b * m22
    h[p] = Math.max(hv, 0)
    e[p] = Math.max(ev, 0)
    d[p] = Math.max(dv, 0)
  }
  return { h, e, d }
}
