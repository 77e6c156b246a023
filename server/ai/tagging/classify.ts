// Auto tagging's classifier: from a small overview of a slide (the whole image in a few hundred
// pixels) and its microns per pixel, the stain family, the share of the image that is tissue and the
// objective it was scanned at. Pure: pixels in, tags out; the method and its thresholds are in
// README.md beside this file, and tests/unit/auto-tagging.test.ts checks it on painted images.
import { deconvolve, odOf } from "../deconvolution/hed.ts"
import type { RgbTile } from "../raster.ts"

export type StainFamily = "he" | "ihc-dab" | "fluorescence" | "ttc" | "grayscale"
export type Magnification = "40x" | "20x" | "10x" | "5x" | "low"

export interface SlideTagging {
  /** null when the colours fit none of the families (another brightfield stain, an empty image). */
  readonly stain: StainFamily | null
  /** Tissue pixels over all pixels, 0..1. */
  readonly tissueFraction: number
  /** null without a resolution. */
  readonly magnification: Magnification | null
  /** Whether the background was dark (fluorescence, ultrasound, a photograph on black). */
  readonly darkBackground: boolean
}

/** How far from the background a pixel's brightness must be to count as tissue (0..255). */
const TISSUE_CONTRAST = 25
/** A pixel whose channels differ by less than this (0..255) is grey, whatever its brightness. */
const GREY_SPREAD = 24
/** Brightfield: a near-white pixel this saturated is still tissue (pale eosin, faint counterstain). */
const PALE_SATURATION = 0.12
/** Optical densities (-log10) of a stained pixel, as the deconvolution gives them. */
const DAB_OD = 0.3
const EOSIN_OD = 0.1

/** Objective from microns per pixel: a 40x scan is about 0.25 µm/px, each halving of power doubles it. */
export const magnificationOf = (mpp: number | null): Magnification | null => {
  if (mpp === null || !Number.isFinite(mpp) || mpp <= 0) return null
  // Bucket edges sit halfway (geometrically) between the nominal 0.25, 0.5, 1 and 2 µm/px.
  if (mpp < 0.35) return "40x"
  if (mpp < 0.7) return "20x"
  if (mpp < 1.4) return "10x"
  if (mpp < 2.8) return "5x"
  return "low"
}

const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b

const saturation = (r: number, g: number, b: number) => {
  const max = Math.max(r, g, b)
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max
}

/** Hue in degrees (0..360) of a pixel; red is 0. */
const hueOf = (r: number, g: number, b: number) => {
  const max = Math.max(r, g, b)
  const d = max - Math.min(r, g, b)
  if (d === 0) return 0
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return (h * 60 + 360) % 360
}

const median = (values: Array<number>) => {
  if (values.length === 0) return 0
  values.sort((a, b) => a - b)
  return values[values.length >> 1]!
}

/**
 * The background's brightness: the median luminance of the outermost 5 % of the image on every side.
 * Slides and photographs are framed with background around the specimen; a specimen that fills the
 * frame still leaves the median to whichever is more common at the edges.
 */
const backgroundLuminance = (tile: RgbTile) => {
  const { width, height, channels, data } = tile
  const band = Math.max(1, Math.round(Math.min(width, height) * 0.05))
  const values: Array<number> = []
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (x >= band && x < width - band && y >= band && y < height - band) continue
      const i = (y * width + x) * channels
      values.push(luminance(data[i]!, data[i + 1]!, data[i + 2]!))
    }
  return median(values)
}

/** Which pixels are tissue: darker or more coloured than a bright background, brighter than a dark one. */
export const tissueMask = (tile: RgbTile, background: number, dark: boolean): Uint8Array => {
  const { width, height, channels, data } = tile
  const mask = new Uint8Array(width * height)
  for (let p = 0, i = 0; p < mask.length; p++, i += channels) {
    const r = data[i]!
    const g = data[i + 1]!
    const b = data[i + 2]!
    const lum = luminance(r, g, b)
    mask[p] = dark
      ? lum - background > TISSUE_CONTRAST
        ? 1
        : 0
      : background - lum > TISSUE_CONTRAST || saturation(r, g, b) > PALE_SATURATION
        ? 1
        : 0
  }
  return mask
}

interface ColourShares {
  readonly grey: number
  readonly red: number
  readonly pale: number
  readonly greenOrBlue: number
}

/** Shares of the tissue's pixels that are grey, red, pale (near white) and green or blue. */
const colourShares = (tile: RgbTile, mask: Uint8Array, tissue: number): ColourShares => {
  const { channels, data } = tile
  let grey = 0
  let red = 0
  let pale = 0
  let greenOrBlue = 0
  for (let p = 0, i = 0; p < mask.length; p++, i += channels) {
    if (mask[p] === 0) continue
    const r = data[i]!
    const g = data[i + 1]!
    const b = data[i + 2]!
    const s = saturation(r, g, b)
    if (Math.max(r, g, b) - Math.min(r, g, b) < GREY_SPREAD) grey++
    if (s < 0.35 && luminance(r, g, b) > 150) pale++
    if (s >= 0.35) {
      const hue = hueOf(r, g, b)
      if (hue < 20 || hue >= 340) red++
      else if (hue >= 75 && hue < 270) greenOrBlue++
    }
  }
  const n = Math.max(1, tissue)
  return { grey: grey / n, red: red / n, pale: pale / n, greenOrBlue: greenOrBlue / n }
}

/**
 * Brightfield colour: colour deconvolution (server/ai/deconvolution) of the tissue into hematoxylin,
 * eosin and DAB. DAB-brown pixels make it IHC-DAB; eosin-pink ones (with the hematoxylin) H&E.
 */
const brightfieldStain = (tile: RgbTile, mask: Uint8Array, tissue: number): StainFamily | null => {
  const pixels = tile.width * tile.height
  const { e, d } = deconvolve(tile.data, tile.channels, pixels)
  let dab = 0
  let eosin = 0
  for (let p = 0; p < pixels; p++) {
    if (mask[p] === 0) continue
    const dOd = odOf(d[p]!)
    const eOd = odOf(e[p]!)
    if (dOd > DAB_OD && dOd > eOd + 0.1) dab++
    else if (eOd > EOSIN_OD && eOd >= dOd) eosin++
  }
  if (dab / tissue > 0.08) return "ihc-dab"
  if (eosin / tissue > 0.2) return "he"
  return null
}

export const classifySlide = (tile: RgbTile, mpp: number | null): SlideTagging => {
  const pixels = tile.width * tile.height
  const background = backgroundLuminance(tile)
  const dark = background < 80
  const mask = tissueMask(tile, background, dark)
  let tissue = 0
  for (let p = 0; p < pixels; p++) tissue += mask[p]!
  const tissueFraction = pixels === 0 ? 0 : tissue / pixels
  const magnification = magnificationOf(mpp)
  if (tissue === 0) return { stain: null, tissueFraction, magnification, darkBackground: dark }
  const shares = colourShares(tile, mask, tissue)
  const stain: StainFamily | null =
    shares.grey > 0.9
      ? "grayscale"
      : dark
        ? // A TTC-stained slice: brick red living tissue and pale infarct, nothing green or blue.
          shares.red > 0.3 && shares.red + shares.pale > 0.85 && shares.greenOrBlue < 0.05
          ? "ttc"
          : "fluorescence"
        : brightfieldStain(tile, mask, tissue)
  return { stain, tissueFraction, magnification, darkBackground: dark }
}
