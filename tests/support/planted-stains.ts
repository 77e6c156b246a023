// Painted overviews of each stain family auto tagging knows (server/ai/tagging), each with a known
// share of tissue: a block covering exactly that share of the image, its texture mixing the family's
// colours pixel by pixel, on the family's background, with noise on every pixel. Used by the
// classifier's unit test and, uploaded as slides, by the server and end-to-end tests.
import type { StainFamily } from "../../server/ai/tagging/classify.ts"
import { paintTile, type RgbTile } from "../../server/ai/raster.ts"

export type Rgb = readonly [number, number, number]

/** A small deterministic generator, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}

export const SIZE = 240

/** How an image is painted: its side, and the side of the cells that each take one colour of the palette. */
export interface Canvas {
  /** Width and height in pixels (240 by default: an overview). */
  readonly size?: number
  /**
   * Cells of this many pixels share one colour (1 by default: every pixel its own). A slide's
   * colours come in cells and nuclei, not pixel by pixel: a larger image is given cells that
   * survive the pyramid's downscaling into its overview.
   */
  readonly grain?: number
}

/**
 * An image whose tissue is the rectangle of `fraction` of it (centred rows, inset from the sides so
 * the frame shows background); each tissue cell is one of `palette`, by weight, each pixel with ±8
 * of noise per channel; the background is `background` with noise too.
 */
export const paint = (
  background: Rgb,
  palette: ReadonlyArray<readonly [Rgb, number]>,
  fraction: number,
  canvas: Canvas = {},
  seed = 7
): RgbTile => {
  const size = canvas.size ?? SIZE
  const grain = canvas.grain ?? 1
  const next = random(seed)
  const noisy = ([r, g, b]: Rgb): Rgb => {
    const n = () => Math.round((next() - 0.5) * 16)
    const c = (v: number) => Math.max(0, Math.min(255, v + n()))
    return [c(r), c(g), c(b)]
  }
  const inset = Math.round(size / 10)
  const wide = size - 2 * inset
  const rows = Math.round((fraction * size * size) / wide)
  const top = Math.round((size - rows) / 2)
  const total = palette.reduce((sum, [, w]) => sum + w, 0)
  const cellsAcross = Math.ceil(size / grain)
  const cellColour = Array.from({ length: cellsAcross * cellsAcross }, () => {
    let pick = next() * total
    for (const [colour, weight] of palette) {
      pick -= weight
      if (pick <= 0) return colour
    }
    return palette[0]![0]
  })
  return paintTile(size, size, (x, y) => {
    if (x < inset || x >= size - inset || y < top || y >= top + rows) return noisy(background)
    return noisy(cellColour[Math.floor(y / grain) * cellsAcross + Math.floor(x / grain)]!)
  })
}

export const WHITE: Rgb = [244, 243, 246]
export const BLACK: Rgb = [6, 6, 8]

export const families: ReadonlyArray<{ name: string; stain: StainFamily; tile: (fraction: number, canvas?: Canvas) => RgbTile }> = [
  {
    name: "H&E: pink eosin with purple nuclei on white glass",
    stain: "he",
    tile: (f, canvas) =>
      paint(
        WHITE,
        [
          [[232, 150, 198], 6],
          [[205, 120, 180], 2],
          [[110, 70, 160], 2]
        ],
        f,
        canvas
      )
  },
  {
    name: "IHC-DAB: brown DAB on a blue hematoxylin counterstain",
    stain: "ihc-dab",
    tile: (f, canvas) =>
      paint(
        WHITE,
        [
          [[150, 100, 55], 3],
          [[110, 72, 40], 1],
          [[130, 140, 200], 5],
          [[190, 195, 225], 2]
        ],
        f,
        canvas
      )
  },
  {
    name: "fluorescence: bright green and blue on black",
    stain: "fluorescence",
    tile: (f, canvas) =>
      paint(
        BLACK,
        [
          [[40, 200, 60], 5],
          [[40, 60, 210], 4],
          [[60, 110, 70], 2]
        ],
        f,
        canvas
      )
  },
  {
    name: "TTC: brick-red living brain with a pale infarct, photographed on black",
    stain: "ttc",
    tile: (f, canvas) =>
      paint(
        BLACK,
        [
          [[190, 35, 40], 6],
          [[160, 25, 35], 2],
          [[235, 222, 210], 3]
        ],
        f,
        canvas
      )
  },
  {
    name: "grayscale: an ultrasound's speckle on black",
    stain: "grayscale",
    tile: (f, canvas) =>
      paint(
        BLACK,
        [
          [[90, 90, 90], 3],
          [[160, 160, 160], 4],
          [[220, 220, 220], 2]
        ],
        f,
        canvas
      )
  }
]
