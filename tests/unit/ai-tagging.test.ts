// Auto tagging's classifier on painted overviews of each stain family (tests/support/planted-stains.ts),
// each with a known share of tissue.
import { describe, expect, it } from "vitest"
import { classifySlide, magnificationOf } from "../../server/ai/tagging/classify.ts"
import { families, paint, WHITE } from "../support/planted-stains.ts"

describe("auto tagging's classifier", () => {
  for (const family of families)
    for (const fraction of [0.2, 0.45, 0.7])
      it(`${family.name}, ${Math.round(fraction * 100)} % tissue`, () => {
        const tagged = classifySlide(family.tile(fraction), 0.5)
        expect(tagged.stain).toBe(family.stain)
        expect(Math.abs(tagged.tissueFraction - fraction)).toBeLessThan(0.03)
      })

  it("tells a radiograph's grey on a white light box from a coloured stain", () => {
    const tile = paint(
      WHITE,
      [
        [[120, 120, 122], 1],
        [[60, 60, 60], 1]
      ],
      0.5
    )
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
