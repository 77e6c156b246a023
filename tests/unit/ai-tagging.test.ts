// Auto tagging's classifier on painted overviews of each stain family, each with a known share of
// tissue: a block covering exactly that share of the image, its texture mixing the family's colours
// pixel by pixel, on the family's background, with noise on every pixel.
import { describe, expect, it } from "vitest"
import { classifySlide, magnificationOf, type StainFamily } from "../../server/ai/tagging/classify.ts"
import { paintTile, type RgbTile } from "../../server/ai/raster.ts"

type Rgb = readonly [number, number, number]

/** A small deterministic generator, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed / 0x7fffffff
}

const SIZE = 240

/**
 * An overview whose tissue is the rectangle of `fraction` of the image (full width, centred rows),
 * inset from the borders so the frame shows background; each tissue pixel is one of `palette`, by
 * weight, with ±8 of noise per channel; the background is `background` with noise too.
 */
const paint = (background: Rgb, palette: ReadonlyArray<readonly [Rgb, number]>, fraction: number, seed = 7): RgbTile => {
  const next = random(seed)
  const noisy = ([r, g, b]: Rgb): Rgb => {
    const n = () => Math.round((next() - 0.5) * 16)
    const c = (v: number) => Math.max(0, Math.min(255, v + n()))
    return [c(r), c(g), c(b)]
  }
  const inset = 24
  const wide = SIZE - 2 * inset
  const rows = Math.round((fraction * SIZE * SIZE) / wide)
  const top = Math.round((SIZE - rows) / 2)
  const total = palette.reduce((sum, [, w]) => sum + w, 0)
  return paintTile(SIZE, SIZE, (x, y) => {
    if (x < inset || x >= SIZE - inset || y < top || y >= top + rows) return noisy(background)
    let pick = next() * total
    for (const [colour, weight] of palette) {
      pick -= weight
      if (pick <= 0) return noisy(colour)
    }
    return noisy(palette[0]![0])
  })
}

const WHITE: Rgb = [244, 243, 246]
const BLACK: Rgb = [6, 6, 8]

const families: ReadonlyArray<{ name: string; stain: StainFamily; tile: (fraction: number) => RgbTile }> = [
  {
    name: "H&E: pink eosin with purple nuclei on white glass",
    stain: "he",
    tile: (f) =>
      paint(
        WHITE,
        [
          [[232, 150, 198], 6],
          [[205, 120, 180], 2],
          [[110, 70, 160], 2]
        ],
        f
      )
  },
  {
    name: "IHC-DAB: brown DAB on a blue hematoxylin counterstain",
    stain: "ihc-dab",
    tile: (f) =>
      paint(
        WHITE,
        [
          [[150, 100, 55], 3],
          [[110, 72, 40], 1],
          [[130, 140, 200], 5],
          [[190, 195, 225], 2]
        ],
        f
      )
  },
  {
    name: "fluorescence: bright green and blue on black",
    stain: "fluorescence",
    tile: (f) =>
      paint(
        BLACK,
        [
          [[40, 200, 60], 5],
          [[40, 60, 210], 4],
          [[60, 110, 70], 2]
        ],
        f
      )
  },
  {
    name: "TTC: brick-red living brain with a pale infarct, photographed on black",
    stain: "ttc",
    tile: (f) =>
      paint(
        BLACK,
        [
          [[190, 35, 40], 6],
          [[160, 25, 35], 2],
          [[235, 222, 210], 3]
        ],
        f
      )
  },
  {
    name: "grayscale: an ultrasound's speckle on black",
    stain: "grayscale",
    tile: (f) =>
      paint(
        BLACK,
        [
          [[90, 90, 90], 3],
          [[160, 160, 160], 4],
          [[220, 220, 220], 2]
        ],
        f
      )
  }
]

describe("auto tagging's classifier", () => {
  for (const family of families)
    for (const fraction of [0.2, 0.45, 0.7])
      it(`${family.name}, ${Math.round(fraction * 100)} % tissue`, () => {
        const tagged = classifySlide(family.tile(fraction), 0.5)
        expect(tagged.stain).toBe(family.stain)
        expect(Math.abs(tagged.tissueFraction - fraction)).toBeLessThan(0.03)
      })

  it("tells a radiograph's grey on a white light box from a coloured stain", () => {
    const tile = paint(WHITE, [[[120, 120, 122], 1], [[60, 60, 60], 1]], 0.5)
    expect(classifySlide(tile, null)).toMatchObject({ stain: "grayscale", magnification: null, darkBackground: false })
  })

  it("tags no stain on a blank slide, and no tissue", () => {
    const blank = paint(WHITE, [[WHITE, 1]], 0.5)
    expect(classifySlide(blank, 0.25)).toMatchObject({ stain: null, tissueFraction: 0, magnification: "40x" })
  })

  it("gives the objective from microns per pixel", () => {
    expect([0.12, 0.25, 0.34, 0.5, 0.65, 1, 2, 4, 25].map(magnificationOf)).toEqual([
      "40x",
      "40x",
      "40x",
      "20x",
      "20x",
      "10x",
      "5x",
      "low",
      "low"
    ])
    expect([null, 0, -1, Number.NaN].map(magnificationOf)).toEqual([null, null, null, null])
  })
})
