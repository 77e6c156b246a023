// The rules of analysis jobs: parameters made whole and checked across fields, the plan's limit,
// and the tiles an analysis walks (every core pixel once, margins within the image).
import { describe, expect, it } from "vitest"
import { clampBox, planTiles } from "../../server/ai/tiles.ts"
import {
  cometParametersOf,
  countingParametersOf,
  fasciolaParametersOf,
  isFinished,
  ki67ParametersOf,
  strokeParametersOf,
  limitRefusal
} from "../../server/domain/analysis-rules.ts"
import { plans } from "../../server/domain/plans.ts"
import { midlineThrough, sideOf } from "../../server/ai/stroke/midline.ts"

describe("analysis parameters", () => {
  it("fills in QuPath's defaults and keeps what was sent", () => {
    expect(ki67ParametersOf(undefined)).toEqual({
      ok: true,
      value: { nucleusThreshold: 0.1, sigmaUm: 1.5, minAreaUm2: 10, maxAreaUm2: 400, thresholds: [0.2, 0.4, 0.6], split: true }
    })
    const sent = ki67ParametersOf({ thresholds: [0.1, 0.3, 0.5], split: false })
    expect(sent.ok && sent.value).toMatchObject({ thresholds: [0.1, 0.3, 0.5], split: false, minAreaUm2: 10 })
  })
  it("refuses a size range upside down and thresholds that do not rise", () => {
    expect(ki67ParametersOf({ min_area_um2: 50, max_area_um2: 20 })).toEqual({
      ok: false,
      fields: { data: ["min_area_um2 must be below max_area_um2."] }
    })
    expect(ki67ParametersOf({ thresholds: [0.5, 0.4, 0.6] })).toMatchObject({ ok: false })
    expect(countingParametersOf({ color: "#aabbcc", min_area: 5, max_area: 5 })).toMatchObject({ ok: false })
    expect(countingParametersOf({ color: "#aabbcc" })).toMatchObject({ ok: true, value: { color: "#AABBCC", tolerance: 60 } })
  })
  it("counts the plan's analyses: the last one allowed, then a clear 402", () => {
    expect(limitRefusal(plans.basic, 99, "ki67")).toBeUndefined()
    expect(limitRefusal(plans.basic, 100, "ki67")).toMatchObject({ code: "analysis_limit", plan: "basic" })
    expect(limitRefusal(plans.free, 0, "counting")?.message).toMatch(/0 analyses/)
  })
  it("tells an ended job from one under way", () => {
    expect(["accepted", "running"].map((s) => isFinished(s as "accepted"))).toEqual([false, false])
    expect(["done", "failed", "cancelled"].map((s) => isFinished(s as "done"))).toEqual([true, true, true])
  })
})

describe("analysis tiles", () => {
  it("covers every pixel of the region with cores exactly once, margins clipped to the image", () => {
    const region = { x: 100, y: 50, w: 2500, h: 1100 }
    const tiles = planTiles(region, 1024, 40, 3000, 1200)
    const seen = new Uint8Array(3000 * 1200)
    for (const { core, read } of tiles) {
      expect(read.x).toBeGreaterThanOrEqual(0)
      expect(read.y).toBeGreaterThanOrEqual(0)
      expect(read.x + read.w).toBeLessThanOrEqual(3000)
      expect(read.y + read.h).toBeLessThanOrEqual(1200)
      expect(core.x - read.x).toBeLessThanOrEqual(40)
      for (let y = core.y; y < core.y + core.h; y++) for (let x = core.x; x < core.x + core.w; x++) seen[y * 3000 + x]!++
    }
    let inside = 0
    let twice = 0
    for (const n of seen) {
      inside += n
      if (n > 1) twice++
    }
    expect(twice).toBe(0)
    expect(inside).toBe(2500 * 1100)
    expect(tiles).toHaveLength(3 * 2)
  })
  it("clamps a region to the image, and answers nothing outside it", () => {
    expect(clampBox({ x: -10.5, y: 20.2, w: 50, h: 5000 }, 100, 100)).toEqual({ x: 0, y: 20, w: 40, h: 80 })
    expect(clampBox({ x: 200, y: 0, w: 10, h: 10 }, 100, 100)).toBeNull()
  })
})

describe("Fasciola and comet parameters", () => {
  it("fills in the published egg sizes, keeps the weight only when sent, and refuses crossed ranges", () => {
    expect(fasciolaParametersOf(undefined)).toEqual({
      ok: true,
      value: {
        minLengthUm: 130,
        maxLengthUm: 150,
        minWidthUm: 63,
        maxWidthUm: 90,
        tolerancePct: 10,
        minSaturation: 0.3,
        split: true,
        sampleWeightG: null
      }
    })
    expect(fasciolaParametersOf({ sample_weight_g: 2 })).toMatchObject({ ok: true, value: { sampleWeightG: 2 } })
    expect(fasciolaParametersOf({ min_length_um: 150, max_length_um: 150 })).toEqual({
      ok: false,
      fields: { data: ["min_length_um must be below max_length_um."] }
    })
    expect(fasciolaParametersOf({ min_width_um: 200, max_width_um: 300 })).toEqual({
      ok: false,
      fields: { data: ["min_width_um must not exceed max_length_um: an egg's width is its shorter axis."] }
    })
  })
  it("fills in the comet defaults and refuses an area range the wrong way round", () => {
    expect(cometParametersOf(undefined)).toEqual({ ok: true, value: { threshold: 25, minArea: 100, maxArea: 50_000 } })
    expect(cometParametersOf({ min_area: 10, max_area: 5 })).toEqual({ ok: false, fields: { data: ["min_area must be below max_area."] } })
  })
  it("names a Fasciola or comet refusal for the analysis feature, as Ki67's", () => {
    expect(limitRefusal(plans.basic, plans.basic.analyses, "fasciola")?.feature).toBe("ai_analysis")
    expect(limitRefusal(plans.basic, plans.basic.analyses, "comet")?.feature).toBe("ai_analysis")
    expect(limitRefusal(plans.basic, plans.basic.analyses, "counting")?.feature).toBe("ai_counting")
  })
})

describe("stroke midline parameters", () => {
  it("keeps a line that runs top to bottom, tilted or not, and refuses one across the slice", () => {
    expect(strokeParametersOf(undefined)).toMatchObject({ ok: true, value: { midlineX: null } })
    // No line sent: none stored (the job's parameters read as before).
    const plain = strokeParametersOf(undefined)
    expect(plain.ok && "midlineLine" in plain.value).toBe(false)
    const tilted = { x0: 1600, y0: 1900, x1: 1400, y1: 500 }
    expect(strokeParametersOf({ midline: tilted })).toMatchObject({ ok: true, value: { midlineLine: tilted } })
    expect(strokeParametersOf({ midline: { x0: 100, y0: 1200, x1: 2900, y1: 1300 } })).toEqual({
      ok: false,
      fields: { data: ["midline must run top to bottom, within 45° of vertical."] }
    })
  })

  it("turns a line's two ends into the same midline, whichever end comes first", () => {
    const down = midlineThrough(500, 100, 600, 700)
    const up = midlineThrough(600, 700, 500, 100)
    expect(up.angle).toBeCloseTo(down.angle, 12)
    expect(down.angle).toBeCloseTo(Math.atan2(100, 600), 12)
    // A point right of the line is on its right (positive), the other way round too.
    expect(sideOf(down, 700, 400)).toBeGreaterThan(0)
    expect(sideOf(up, 700, 400)).toBeGreaterThan(0)
    expect(sideOf(up, 400, 400)).toBeLessThan(0)
  })
})
