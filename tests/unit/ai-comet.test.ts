// The comet assay on generated fluorescence images (tests/support/planted-comets.ts): comets of known
// % DNA in tail, tail length and Olive moment, some without a tail. Every comet is found once, its
// % tail DNA within 2 points, its tail length within 2 px, its Olive moment within 5 %; the
// population's mean and median follow; sizes in µm with a resolution; cores count a comet once.
import { describe, expect, it } from "vitest"
import { COMET_DEFAULTS, detectComets, meanAndMedian } from "../../server/ai/comet/comet.ts"
import { paintTile } from "../../server/ai/raster.ts"
import { plantComets } from "../support/planted-comets.ts"

describe("comet assay", () => {
  for (const seed of [3, 8])
    it(`finds every planted comet and measures its tail (seed ${seed})`, () => {
      const { tile, comets } = plantComets({ width: 1200, height: 720, seed })
      const found = detectComets(tile, null, COMET_DEFAULTS)
      expect(found.length).toBe(comets.length)
      expect(comets.some((c) => c.tailLength === 0)).toBe(true)
      for (const planted of comets) {
        const comet = found.find((c) => Math.abs(c.x - planted.x) < 3 && Math.abs(c.y - planted.y) < 3)
        expect(comet, `comet at ${planted.x},${planted.y}`).toBeDefined()
        expect(Math.abs(comet!.tailDnaPct - planted.tailDnaPct)).toBeLessThan(2)
        expect(Math.abs(comet!.tailLength - planted.tailLength)).toBeLessThan(2)
        expect(Math.abs(comet!.oliveMoment - planted.oliveMoment)).toBeLessThan(Math.max(0.5, 0.05 * planted.oliveMoment))
        expect(comet!.tailMoment).toBeCloseTo((comet!.tailLength * comet!.tailDnaPct) / 100, 9)
      }
      const measured = meanAndMedian(found.map((c) => c.tailDnaPct))
      const truth = meanAndMedian(comets.map((c) => c.tailDnaPct))
      expect(Math.abs(measured.mean! - truth.mean!)).toBeLessThan(1)
      expect(Math.abs(measured.median! - truth.median!)).toBeLessThan(2)
    })

  it("gives lengths in µm and areas in µm² with a resolution", () => {
    const { tile, comets } = plantComets({ width: 1200, height: 240, seed: 5 })
    const inPixels = detectComets(tile, null, COMET_DEFAULTS)
    const inMicrons = detectComets(tile, 0.5, { ...COMET_DEFAULTS, minArea: 25, maxArea: 12_500 })
    expect(inMicrons.length).toBe(comets.length)
    for (const [i, c] of inMicrons.entries()) {
      expect(c.tailLength).toBeCloseTo(inPixels[i]!.tailLength * 0.5, 9)
      expect(c.tailDnaPct).toBeCloseTo(inPixels[i]!.tailDnaPct, 9)
      expect(c.area).toBeCloseTo(inPixels[i]!.area * 0.25, 9)
    }
  })

  it("counts a comet once across tiles, by its head's centre", () => {
    const { tile, comets } = plantComets({ width: 1200, height: 720, seed: 4 })
    const left = detectComets(tile, null, COMET_DEFAULTS, { x0: 0, y0: 0, x1: 600, y1: 720 })
    const right = detectComets(tile, null, COMET_DEFAULTS, { x0: 600, y0: 0, x1: 1200, y1: 720 })
    expect(left.length + right.length).toBe(comets.length)
  })

  it("leaves out blobs outside the area range and finds nothing on background", () => {
    const { tile } = plantComets({ width: 1200, height: 240, seed: 5 })
    expect(detectComets(tile, null, { ...COMET_DEFAULTS, minArea: 1e6, maxArea: 2e6 })).toEqual([])
    const dark = paintTile(300, 200, (x, y) => [4, 12 + ((x * 7 + y * 3) % 5), 5])
    expect(detectComets(dark, null, COMET_DEFAULTS)).toEqual([])
  })

  it("takes the mean and the median of a population", () => {
    expect(meanAndMedian([])).toEqual({ mean: null, median: null })
    expect(meanAndMedian([3, 1, 2])).toEqual({ mean: 2, median: 2 })
    expect(meanAndMedian([4, 1, 2, 10])).toEqual({ mean: 4.25, median: 3 })
  })
})
