import { describe, expect, it } from "vitest"
import { defaultForm, orderOf, toothOf } from "./parameters.ts"

const slide = { type: "slide" } as const

describe("analysis parameters", () => {
  it("makes Ki67's order from the defaults, QuPath's numbers", () => {
    expect(orderOf(defaultForm, "lab-1", slide)).toEqual({
      analysis: "ki67",
      labId: "lab-1",
      region: slide,
      parameters: { thresholds: [0.2, 0.4, 0.6], min_area_um2: 10, max_area_um2: 400, nucleus_threshold: 0.1, sigma_um: 1.5, split: true }
    })
  })

  it("reads a decimal comma, and refuses thresholds that do not rise or sizes the wrong way round", () => {
    const ki67 = (patch: Partial<typeof defaultForm.ki67>) =>
      orderOf({ ...defaultForm, ki67: { ...defaultForm.ki67, ...patch } }, "l", slide)
    expect(ki67({ plus1: "0,25" })?.parameters).toMatchObject({ thresholds: [0.25, 0.4, 0.6] })
    expect(ki67({ plus2: "0.1" })).toBeNull()
    expect(ki67({ minArea: "500" })).toBeNull()
    expect(ki67({ sigma: "" })).toBeNull()
    expect(ki67({ plus3: "9" })).toBeNull()
  })

  it("makes a counting order over a shape, and refuses a colour that is not #RRGGBB", () => {
    const region = { type: "annotation", annotation_id: "a1" } as const
    const form = { ...defaultForm, analysis: "counting" as const }
    expect(orderOf(form, "lab-1", region)).toEqual({
      analysis: "counting",
      labId: "lab-1",
      region,
      parameters: { color: "#5A4A9C", tolerance: 60, min_area: 10, max_area: 10000, split: false }
    })
    expect(orderOf({ ...form, counting: { ...form.counting, color: "blue" } }, "l", region)).toBeNull()
    expect(orderOf({ ...form, counting: { ...form.counting, tolerance: "500" } }, "l", region)).toBeNull()
  })

  it("makes a Fasciola order with the published egg sizes, the sample weight only when typed", () => {
    const form = { ...defaultForm, analysis: "fasciola" as const }
    const fasciola = (patch: Partial<typeof defaultForm.fasciola>) =>
      orderOf({ ...form, fasciola: { ...form.fasciola, ...patch } }, "l", slide)
    expect(orderOf(form, "lab-1", slide)).toEqual({
      analysis: "fasciola",
      labId: "lab-1",
      region: slide,
      parameters: {
        min_length_um: 130,
        max_length_um: 150,
        min_width_um: 63,
        max_width_um: 90,
        tolerance_pct: 10,
        min_saturation: 0.3,
        split: true
      }
    })
    expect(fasciola({ sampleWeight: "0,5" })?.parameters).toMatchObject({ sample_weight_g: 0.5 })
    expect(fasciola({ sampleWeight: "0" })).toBeNull()
    expect(fasciola({ sampleWeight: "heavy" })).toBeNull()
    expect(fasciola({ minLength: "160" })).toBeNull()
    expect(fasciola({ minWidth: "95" })).toBeNull()
    expect(fasciola({ tolerance: "60" })).toBeNull()
  })

  it("makes a comet order, its area range the right way round", () => {
    const form = { ...defaultForm, analysis: "comet" as const }
    expect(orderOf(form, "lab-1", slide)).toEqual({
      analysis: "comet",
      labId: "lab-1",
      region: slide,
      parameters: { threshold: 25, min_area: 100, max_area: 50000 }
    })
    expect(orderOf({ ...form, comet: { ...form.comet, threshold: "0" } }, "l", slide)).toBeNull()
    expect(orderOf({ ...form, comet: { ...form.comet, minArea: "60000" } }, "l", slide)).toBeNull()
  })

  it("makes a stroke order, the midline and thickness only when given, and refuses them out of range", () => {
    const form = { ...defaultForm, analysis: "stroke" as const }
    expect(orderOf(form, "lab-1", slide)).toEqual({
      analysis: "stroke",
      labId: "lab-1",
      region: slide,
      parameters: { background_value: 0.2, infarct_saturation: 0.35 }
    })
    const given = orderOf({ ...form, stroke: { ...form.stroke, midline: "1500", thickness: "2,0" } }, "l", slide)
    expect(given?.parameters).toEqual({ background_value: 0.2, infarct_saturation: 0.35, midline_x: 1500, slice_thickness_mm: 2 })
    expect(orderOf({ ...form, stroke: { ...form.stroke, thickness: "30" } }, "l", slide)).toBeNull()
    expect(orderOf({ ...form, stroke: { ...form.stroke, midline: "middle" } }, "l", slide)).toBeNull()
    expect(orderOf({ ...form, stroke: { ...form.stroke, saturation: "1.2" } }, "l", slide)).toBeNull()
  })

  it("makes an IMT order, its range the right way round", () => {
    const form = { ...defaultForm, analysis: "imt" as const }
    expect(orderOf(form, "lab-1", slide)).toEqual({
      analysis: "imt",
      labId: "lab-1",
      region: slide,
      parameters: { min_imt_mm: 0.3, max_imt_mm: 2.5 }
    })
    expect(orderOf({ ...form, imt: { minImt: "1,5", maxImt: "1" } }, "l", slide)).toBeNull()
    expect(orderOf({ ...form, imt: { minImt: "0", maxImt: "1" } }, "l", slide)).toBeNull()
  })

  it("makes a periodontitis order from the teeth added, the whole slide its region, the age optional", () => {
    const tooth = toothOf([
      { x: 10.04, y: 20 },
      { x: 12, y: 60 },
      { x: 30, y: 300 }
    ])!
    expect(tooth).toEqual({ cej: { x: 10.04, y: 20 }, crest: { x: 12, y: 60 }, apex: { x: 30, y: 300 } })
    expect(toothOf([{ x: 1, y: 2 }])).toBeNull()
    const found = toothOf([
      { x: 1, y: 2 },
      { x: 3, y: 400 }
    ])!
    expect(found.crest).toBeNull()
    const form = { ...defaultForm, analysis: "periodontitis" as const }
    // No teeth yet: nothing to run.
    expect(orderOf(form, "l", slide)).toBeNull()
    const withTeeth = { ...form, periodontitis: { ...form.periodontitis, teeth: [tooth, found], age: "45" } }
    expect(orderOf(withTeeth, "lab-1", { type: "annotation", annotation_id: "a" })).toEqual({
      analysis: "periodontitis",
      labId: "lab-1",
      region: { type: "slide" },
      parameters: {
        teeth: [
          { cej: { x: 10, y: 20 }, crest: { x: 12, y: 60 }, apex: { x: 30, y: 300 } },
          { cej: { x: 1, y: 2 }, apex: { x: 3, y: 400 } }
        ],
        snap_px: 8,
        age_years: 45
      }
    })
    expect(orderOf({ ...withTeeth, periodontitis: { ...withTeeth.periodontitis, age: "" } }, "l", slide)?.parameters).not.toHaveProperty(
      "age_years"
    )
    expect(orderOf({ ...withTeeth, periodontitis: { ...withTeeth.periodontitis, age: "200" } }, "l", slide)).toBeNull()
  })
})
