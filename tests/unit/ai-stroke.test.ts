// The TTC stroke method (server/ai/stroke) on slices drawn with known areas: the slice, its
// hemispheres and the infarct within 3 %, the midline found on a symmetric slice, the infarct's side,
// and the edema correction's arithmetic (Swanson et al. 1990) on a swollen hemisphere.
import { describe, expect, it } from "vitest"
import { measureStroke, STROKE_DEFAULTS, strokeMeasures } from "../../server/ai/stroke/stroke.ts"
import { sideOf } from "../../server/ai/stroke/midline.ts"
import { paintSlice, plantedAreas } from "../support/planted-infarct.ts"
import { ringArea } from "../../src/annotation/rings.ts"
import { pointsOfRing } from "../../src/annotation/rings.ts"

const within = (actual: number, expected: number, pct: number) => expect(Math.abs(actual - expected) / expected).toBeLessThan(pct / 100)

describe("infarct size on a TTC slice", () => {
  const symmetric = {
    width: 1000,
    height: 800,
    centre: [500, 400] as const,
    left: 300,
    right: 300,
    half: 250,
    infarct: { x: 640, y: 380, r: 100 }
  }

  it("finds the slice, the midline by symmetry, both hemispheres and the infarct, within 3 %", () => {
    const result = measureStroke(paintSlice(symmetric), STROKE_DEFAULTS, null)
    const drawn = plantedAreas(symmetric)
    expect(result.midlineFound).toBe(true)
    expect(Math.abs(result.midlineX - 500)).toBeLessThan(3)
    within(result.hemispheres.left.area, drawn.left, 3)
    within(result.hemispheres.right.area, drawn.right, 3)
    expect(result.infarcts).toHaveLength(1)
    within(result.infarcts[0]!.area, drawn.infarct, 3)
    expect(result.infarcts[0]!.side).toBe("right")
    expect(result.ipsilateral).toBe("right")
    // The outline drawn on the slide encloses what was measured.
    within(ringArea(pointsOfRing(Float64Array.from(result.infarcts[0]!.ring))), drawn.infarct, 3)
    const m = strokeMeasures(
      { infarct: result.infarcts[0]!.area, ipsilateral: result.hemispheres.right.area, contralateral: result.hemispheres.left.area },
      2
    )
    within(m.infarctPct!, (100 * drawn.infarct) / drawn.right, 3)
    within(m.infarctVolume!, drawn.infarct * 2, 3)
  })

  it("finds an infarct on the left as ipsilateral there, and none on a healthy slice", () => {
    const left = { ...symmetric, infarct: { x: 380, y: 420, r: 80 } }
    const result = measureStroke(paintSlice(left), STROKE_DEFAULTS, null)
    expect(result.ipsilateral).toBe("left")
    within(result.infarcts[0]!.area, plantedAreas(left).infarct, 3)
    const healthy = measureStroke(paintSlice({ ...symmetric, infarct: { x: 0, y: 0, r: 0 } }), STROKE_DEFAULTS, null)
    expect(healthy.infarcts).toEqual([])
  })

  it("uses the midline given, and corrects a swollen hemisphere's infarct for edema", () => {
    // The right hemisphere swollen by 10 %: 330 px wide against 300.
    const swollen = { ...symmetric, right: 330 }
    const result = measureStroke(paintSlice(swollen), STROKE_DEFAULTS, 500)
    expect(result.midlineFound).toBe(false)
    expect(result.midlineX).toBe(500)
    const drawn = plantedAreas(swollen)
    within(result.hemispheres.right.area, drawn.right, 3)
    const m = strokeMeasures(
      { infarct: result.infarcts[0]!.area, ipsilateral: result.hemispheres.right.area, contralateral: result.hemispheres.left.area },
      null
    )
    const corrected = drawn.left - (drawn.right - drawn.infarct)
    within(m.correctedInfarctArea, corrected, 3)
    within(m.correctedInfarctPct!, (100 * corrected) / drawn.left, 3)
    within(m.swellingPct!, 10, 5)
    expect(m.infarctVolume).toBeNull()
  })

  it("finds the axis of a slice laid askew, and the hemispheres and infarct either side of it", () => {
    for (const tilt of [12, -8]) {
      const askew = { ...symmetric, infarct: { x: 640, y: 400, r: 90 }, tilt }
      const result = measureStroke(paintSlice(askew), STROKE_DEFAULTS, null)
      const drawn = plantedAreas(askew)
      expect(Math.abs((result.midline.angle * 180) / Math.PI - tilt)).toBeLessThan(1)
      // The axis passes through the slice's centre (500, 400) within 3 px.
      expect(Math.abs(sideOf(result.midline, 500, 400))).toBeLessThan(3)
      within(result.hemispheres.left.area, drawn.left, 3)
      within(result.hemispheres.right.area, drawn.right, 3)
      within(result.infarcts[0]!.area, drawn.infarct, 3)
      expect(result.ipsilateral).toBe("right")
      // A swollen hemisphere leaves the tilt found (the slice is still mirror-symmetric along it)
      // but pulls the axis toward it: README.md says to give the midline for the edema correction.
      const swollen = measureStroke(paintSlice({ ...askew, right: 330 }), STROKE_DEFAULTS, null)
      expect(Math.abs((swollen.midline.angle * 180) / Math.PI - tilt)).toBeLessThan(1)
    }
  }, 30_000)

  it("keeps an upright slice's midline upright", () => {
    const result = measureStroke(paintSlice(symmetric), STROKE_DEFAULTS, null)
    expect(result.midline.angle).toBe(0)
  })

  it("computes the edema correction as Swanson's formula, never below zero", () => {
    expect(strokeMeasures({ infarct: 30, ipsilateral: 110, contralateral: 100 }, null)).toMatchObject({
      correctedInfarctArea: 20,
      correctedInfarctPct: 20,
      swellingPct: 10,
      infarctPct: (100 * 30) / 110
    })
    expect(strokeMeasures({ infarct: 5, ipsilateral: 200, contralateral: 100 }, null).correctedInfarctArea).toBe(0)
  })
})
