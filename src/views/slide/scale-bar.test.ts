import { describe, expect, it } from "vitest"
import { lengthLabel, niceFloor, SCALE_BAR_MAX_PX, scaleBarFor } from "./scale-bar.ts"

describe("niceFloor", () => {
  it("steps 1, 2, 5 through the decades", () => {
    expect([0.9, 1, 1.9, 2, 4.99, 5, 9.99, 10, 12, 25, 70, 150, 999, 1000, 0.003].map(niceFloor)).toEqual([
      0.5, 1, 1, 2, 2, 5, 5, 10, 10, 20, 50, 100, 500, 1000, 0.002
    ])
  })
})

describe("lengthLabel", () => {
  it("keeps the number between 1 and 999 by changing the unit", () => {
    expect(lengthLabel(500)).toEqual({ value: 500, unit: "µm" })
    expect(lengthLabel(1000)).toEqual({ value: 1, unit: "mm" })
    expect(lengthLabel(2000)).toEqual({ value: 2, unit: "mm" })
    expect(lengthLabel(1)).toEqual({ value: 1, unit: "µm" })
    expect(lengthLabel(0.2)).toEqual({ value: 200, unit: "nm" })
  })
})

describe("scaleBarFor", () => {
  it("a 0.25 µm/px slide seen 1:1: 50 µm over 200 px", () => {
    expect(scaleBarFor(0.25, 1)).toEqual({ micrometres: 50, px: 200, value: 50, unit: "µm" })
  })

  it("zoomed out to a whole 40x slide on screen: millimetres", () => {
    // 1/64 of full resolution: one screen pixel is 16 µm, 200 px are 3.2 mm, so the bar is 2 mm.
    const bar = scaleBarFor(0.25, 1 / 64)
    expect(bar).toMatchObject({ micrometres: 2000, value: 2, unit: "mm" })
    expect(bar?.px).toBeCloseTo(125, 9)
  })

  it("zooming in shortens what the bar stands for", () => {
    const out = scaleBarFor(0.5, 0.1)!
    const inward = scaleBarFor(0.5, 0.4)!
    expect(inward.micrometres).toBeLessThan(out.micrometres)
  })

  it("always fits between 2/5 of the maximum and the maximum", () => {
    for (let zoom = 0.001; zoom < 8; zoom *= 1.07) {
      const bar = scaleBarFor(0.2523, zoom)!
      expect(bar.px).toBeLessThanOrEqual(SCALE_BAR_MAX_PX + 1e-6)
      expect(bar.px).toBeGreaterThanOrEqual(SCALE_BAR_MAX_PX / 2.5 - 1e-6)
      expect(String(bar.value)).toMatch(/^[125]0*$/)
    }
  })

  it("is null when the microns per pixel are unknown or the zoom is not a size", () => {
    expect(scaleBarFor(null, 1)).toBeNull()
    expect(scaleBarFor(0, 1)).toBeNull()
    expect(scaleBarFor(0.25, 0)).toBeNull()
    expect(scaleBarFor(0.25, Number.NaN)).toBeNull()
  })
})
