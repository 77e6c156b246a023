// Fasciola eggs on generated stool-sediment images (tests/support/planted-eggs.ts): eggs of known
// size and orientation, touching pairs, and debris of other colours and sizes. The count is exact,
// every egg's length and width within 3 % of what was planted, every piece of debris rejected for the
// reason it was planted with; tiles with a core count each egg once; the size filter and the hue
// choice are what decide (an image without eggs finds none; a narrower range rejects them).
import { describe, expect, it } from "vitest"
import { acceptedRanges, detectEggs, eggsPerGram, FASCIOLA_DEFAULTS, type Egg } from "../../server/ai/fasciola/fasciola.ts"
import { hueSaturation } from "../../server/ai/fasciola/hsv.ts"
import { closeMask, fillHoles, openMask } from "../../server/ai/fasciola/morphology.ts"
import { paintTile } from "../../server/ai/raster.ts"
import { type PlantedEgg, plantEggs } from "../support/planted-eggs.ts"

const matchOf = (found: ReadonlyArray<Egg>, planted: PlantedEgg, mpp: number) =>
  found.find((e) => Math.hypot(e.x - planted.x, e.y - planted.y) < 10 / mpp)

const axisDifference = (a: number, b: number) => {
  const d = Math.abs(a - b) % Math.PI
  return Math.min(d, Math.PI - d)
}

describe("Fasciola eggs", () => {
  for (const [mpp, seed] of [
    [1, 5],
    [0.8, 11]
  ] as const)
    it(`counts the planted eggs exactly and measures them within 3 % (${mpp} µm/px)`, () => {
      const { tile, eggs, debris } = plantEggs({
        width: Math.round(1680 / mpp),
        height: Math.round(1200 / mpp),
        mpp,
        touchingPairs: 3,
        seed
      })
      const found = detectEggs(tile, mpp, FASCIOLA_DEFAULTS)
      expect(found.eggs.length).toBe(eggs.length)
      for (const planted of eggs) {
        const egg = matchOf(found.eggs, planted, mpp)
        expect(egg, `egg at ${planted.x},${planted.y}`).toBeDefined()
        expect(Math.abs(egg!.lengthUm / planted.lengthUm - 1)).toBeLessThan(0.03)
        expect(Math.abs(egg!.widthUm / planted.widthUm - 1)).toBeLessThan(0.03)
        // Orientation of the major axis within 3 degrees.
        expect(axisDifference(egg!.angle, planted.angle)).toBeLessThan((3 * Math.PI) / 180)
        expect(Math.abs(egg!.areaUm2 / ((Math.PI * planted.lengthUm * planted.widthUm) / 4) - 1)).toBeLessThan(0.03)
      }
      // Debris of the eggs' colour is rejected for its planted reason; other colours are never objects.
      expect(found.rejected).toEqual({
        speck: debris.speck,
        short: debris.short,
        long: debris.long,
        narrow: debris.narrow,
        wide: 0,
        irregular: 0
      })
      expect(debris.otherColour).toBeGreaterThan(0)
      // Each rejected object is also placed, for a region's outline to be applied to it.
      expect(found.rejectedAt.length).toBe(debris.speck + debris.short + debris.long + debris.narrow)
    })

  it("finds the touching pairs as two eggs each, not as one too wide", () => {
    const { tile, eggs, debris } = plantEggs({ width: 1680, height: 480, mpp: 1, touchingPairs: 5, seed: 2 })
    expect(detectEggs(tile, 1, FASCIOLA_DEFAULTS).eggs.length).toBe(eggs.length)
    // Without the split each pair is one object, too wide or irregular for an egg.
    const merged = detectEggs(tile, 1, { ...FASCIOLA_DEFAULTS, split: false })
    expect(merged.eggs.length).toBe(eggs.length - 10)
    expect(merged.rejected.wide + merged.rejected.irregular + merged.rejected.long - debris.long).toBe(5)
  })

  it("counts an egg once across tiles: each tile answers for the eggs whose centre is in its core", () => {
    const mpp = 1
    const { tile, eggs } = plantEggs({ width: 1680, height: 1200, mpp, touchingPairs: 2, seed: 7 })
    // Two halves, each read whole (the margin is the other half) but answering for its core only.
    const left = detectEggs(tile, mpp, FASCIOLA_DEFAULTS, { x0: 0, y0: 0, x1: 840, y1: 1200 })
    const right = detectEggs(tile, mpp, FASCIOLA_DEFAULTS, { x0: 840, y0: 0, x1: 1680, y1: 1200 })
    expect(left.eggs.length + right.eggs.length).toBe(eggs.length)
    expect(left.eggs.every((e) => e.x < 840) && right.eggs.every((e) => e.x >= 840)).toBe(true)
  })

  it("rejects eggs outside a narrower size range, by reason", () => {
    const { tile, eggs } = plantEggs({ width: 960, height: 480, mpp: 1, touchingPairs: 0, seed: 4 })
    const strict = detectEggs(tile, 1, { ...FASCIOLA_DEFAULTS, minLengthUm: 160, maxLengthUm: 200, tolerancePct: 0 })
    expect(strict.eggs).toEqual([])
    expect(strict.rejected.short).toBeGreaterThanOrEqual(eggs.length)
  })

  it("finds nothing on sediment alone, nor on eggs of another hue", () => {
    const sediment = paintTile(400, 300, (x, y) => [196 + ((x * y) % 9), 188, 170])
    expect(detectEggs(sediment, 1, FASCIOLA_DEFAULTS)).toEqual({
      eggs: [],
      rejected: { speck: 0, short: 0, long: 0, narrow: 0, wide: 0, irregular: 0 },
      rejectedAt: []
    })
    // An egg-shaped, egg-sized object painted green is not yellow-brown.
    const green = paintTile(300, 200, (x, y) => (((x - 150) / 70) ** 2 + ((y - 100) / 38) ** 2 <= 1 ? [100, 150, 60] : [196, 188, 170]))
    expect(detectEggs(green, 1, FASCIOLA_DEFAULTS).eggs).toEqual([])
    const brown = paintTile(300, 200, (x, y) => (((x - 150) / 70) ** 2 + ((y - 100) / 38) ** 2 <= 1 ? [182, 128, 46] : [196, 188, 170]))
    const one = detectEggs(brown, 1, FASCIOLA_DEFAULTS).eggs
    expect(one.length).toBe(1)
    expect(one[0]!.lengthUm).toBeCloseTo(140, -0.5)
    expect(one[0]!.widthUm).toBeCloseTo(76, -0.5)
    expect(one[0]!.angle).toBeCloseTo(0, 2)
  })

  it("states the accepted ranges with the tolerance, and eggs per gram only with a weight", () => {
    const ranges = acceptedRanges(FASCIOLA_DEFAULTS)
    for (const [got, want] of [
      [ranges.length[0], 117],
      [ranges.length[1], 165],
      [ranges.width[0], 56.7],
      [ranges.width[1], 99]
    ] as const)
      expect(got).toBeCloseTo(want, 9)
    expect(eggsPerGram(12, null)).toBeNull()
    expect(eggsPerGram(12, 2)).toBe(6)
    // Kato-Katz's 41.7 mg template: eggs x 24.
    expect(eggsPerGram(5, 0.0417)).toBeCloseTo(119.9, 1)
  })
})

describe("colour and cleanup", () => {
  it("reads yellow-brown as hue 30-45 degrees and the sediment as barely saturated", () => {
    const [h, s] = hueSaturation(182, 128, 46)
    expect(h).toBeGreaterThan(30)
    expect(h).toBeLessThan(45)
    expect(s).toBeGreaterThan(0.6)
    expect(hueSaturation(196, 188, 170)[1]).toBeLessThan(0.2)
    expect(hueSaturation(100, 150, 60)[0]).toBeGreaterThan(80)
  })
  it("opens away specks, closes single-pixel gaps and fills holes", () => {
    const w = 20
    const mask = new Uint8Array(w * w)
    for (let y = 4; y < 16; y++) for (let x = 4; x < 16; x++) mask[y * w + x] = 1
    mask[9 * w + 9] = 0 // a hole
    mask[1 * w + 1] = 1 // a speck
    const opened = openMask(mask, w, w, 1)
    expect(opened[1 * w + 1]).toBe(0)
    expect(opened[5 * w + 5]).toBe(1)
    expect(closeMask(mask, w, w, 1)[9 * w + 9]).toBe(1)
    const filled = fillHoles(mask, w, w)
    expect(filled[9 * w + 9]).toBe(1)
    expect(filled[0]).toBe(0)
  })
})
