// Yellow-brown pixels by hue and saturation (HSV, as ImageJ's "Color Threshold" offers it). Why not
// the RGB distance counting uses, nor optical density: Fasciola eggs are the one strongly chromatic
// yellow-brown thing in a sediment that is grey-beige (the same hue, barely saturated), so saturation
// is what separates egg from background, and hue what separates it from green plant fibres, red or
// blue debris. Both are ratios of the channels, so they hold under the brighter or dimmer lighting of
// another microscope, where an RGB distance to one colour would not; optical density would rank dark
// debris as high as eggs. Pixels darker than MIN_VALUE are noise-dominated and left out.

/** Brightest channel below this (0–255): too dark for a hue to mean anything. */
const MIN_VALUE = 40

import type { RgbTile } from "../raster.ts"

/** Hue in degrees (0–360) and saturation (0–1) of one pixel. */
export const hueSaturation = (r: number, g: number, b: number): readonly [hue: number, saturation: number] => {
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const chroma = max - min
  if (chroma === 0) return [0, 0]
  const h = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4
  return [h * 60, chroma / max]
}

/** 1 where the pixel's hue lies in `hue` (degrees) and its saturation is at least `minSaturation`. */
export const yellowBrownMask = (tile: RgbTile, hue: readonly [number, number], minSaturation: number): Uint8Array => {
  const { width, height, channels, data } = tile
  const mask = new Uint8Array(width * height)
  for (let p = 0, i = 0; p < mask.length; p++, i += channels) {
    const r = data[i]!
    const g = data[i + 1]!
    const b = data[i + 2]!
    if (Math.max(r, g, b) < MIN_VALUE) continue
    const [h, s] = hueSaturation(r, g, b)
    mask[p] = s >= minSaturation && h >= hue[0] && h <= hue[1] ? 1 : 0
  }
  return mask
}
