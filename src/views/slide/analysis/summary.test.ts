import { describe, expect, it } from "vitest"
import { categoryText, summaryCsv, summaryRows, unitText } from "./summary.ts"

describe("analysis summary", () => {
  it("lists Ki67's figures with the index first, missing ones as null", () => {
    const rows = summaryRows("ki67", { ki67_index: 25.5, h_score: 60, nuclei: 200, positive: 51, negative: 149, plus1: 30 })
    expect(rows.map((r) => r.field)).toEqual([
      "ki67_index",
      "h_score",
      "nuclei",
      "positive",
      "negative",
      "plus1",
      "plus2",
      "plus3",
      "mean_dab_od",
      "mean_area_um2"
    ])
    expect(rows[0]).toEqual({ field: "ki67_index", key: "ki67Index", unit: "%", value: 25.5, lead: true })
    expect(rows.find((r) => r.field === "plus2")?.value).toBeNull()
    expect(rows.filter((r) => r.lead)).toHaveLength(1)
  })

  it("lists counting's count and mean size", () => {
    expect(summaryRows("counting", { count: 12, mean_area: 80.25 }).map((r) => [r.field, r.value])).toEqual([
      ["count", 12],
      ["mean_area", 80.25]
    ])
    expect(summaryRows("counting", null).every((r) => r.value === null)).toBe(true)
  })

  it("writes CSV with quoted names and plain numbers", () => {
    const csv = summaryCsv({
      slide: 'Biopsy "A", left',
      analysis: "Ki67",
      region: "Whole slide",
      exportedAt: "2026-11-28T10:00:00.000Z",
      rows: [
        { name: "Ki67 index", value: 25.5, unit: "%" },
        { name: "Mean area", value: null, unit: "µm²" }
      ],
      headers: { figure: "Figure", value: "Value", unit: "Unit" }
    })
    expect(csv.split("\r\n")).toEqual([
      'slide,"Biopsy ""A"", left"',
      "analysis,Ki67",
      "region,Whole slide",
      "exported,2026-11-28T10:00:00.000Z",
      "",
      "Figure,Value,Unit",
      "Ki67 index,25.5,%",
      "Mean area,,µm²",
      ""
    ])
  })

  it("lists Fasciola's figures with the count first, eggs per gram empty without a weight", () => {
    const rows = summaryRows("fasciola", { count: 12, eggs_per_gram: null, mean_length_um: 140.2, rejected: 3, rejected_long: 2 })
    expect(rows[0]).toEqual({ field: "count", key: "eggs", unit: "", value: 12, lead: true })
    expect(rows.find((r) => r.field === "eggs_per_gram")).toMatchObject({ unit: "/g", value: null })
    expect(rows.find((r) => r.field === "mean_length_um")).toMatchObject({ unit: "µm", value: 140.2 })
    expect(rows.find((r) => r.field === "rejected_long")?.value).toBe(2)
    expect(rows.filter((r) => r.lead)).toHaveLength(1)
  })

  it("lists the comet assay's figures, lengths in the slide's unit", () => {
    const rows = summaryRows("comet", { comets: 36, mean_tail_dna_pct: 38.2, median_tail_dna_pct: 40.1, mean_tail_length: 51.5 })
    expect(rows[0]).toMatchObject({ field: "comets", lead: true, value: 36 })
    expect(rows.find((r) => r.field === "median_tail_dna_pct")).toMatchObject({ unit: "%", value: 40.1 })
    const length = rows.find((r) => r.field === "mean_tail_length")!
    expect(unitText(length.unit, { area: "µm²", length: "µm" })).toBe("µm")
    expect(unitText(length.unit, { area: "px²", length: "px" })).toBe("px")
    expect(rows.find((r) => r.field === "mean_olive_moment")?.value).toBeNull()
  })

  it("lists the stroke analysis' figures, infarct % first, areas in mm², the volume empty without a thickness", () => {
    const rows = summaryRows("stroke", { infarct_pct: 26.7, corrected_infarct_pct: 22.1, infarct_area_mm2: 31.4, infarct_volume_mm3: null })
    expect(rows[0]).toEqual({ field: "infarct_pct", key: "infarctPct", unit: "%", value: 26.7, lead: true })
    expect(rows.find((r) => r.field === "infarct_area_mm2")).toMatchObject({ unit: "mm²", value: 31.4 })
    expect(rows.find((r) => r.field === "infarct_volume_mm3")).toMatchObject({ unit: "mm³", value: null })
    expect(rows.filter((r) => r.lead)).toHaveLength(1)
  })

  it("lists IMT's figures, the mean first, in mm", () => {
    const rows = summaryRows("imt", { imt_mean_mm: 0.81, imt_max_mm: 0.86, imt_sd_mm: 0.02, columns: 600 })
    expect(rows[0]).toEqual({ field: "imt_mean_mm", key: "imtMean", unit: "mm", value: 0.81, lead: true })
    expect(rows.map((r) => r.field)).toEqual(["imt_mean_mm", "imt_max_mm", "imt_sd_mm", "columns"])
  })

  it("lists periodontitis' stage first, then each tooth's rows, the stage and grade as read", () => {
    const rows = summaryRows("periodontitis", {
      stage: 3,
      grade: 2,
      worst_rbl_pct: 40,
      mean_rbl_pct: 30,
      teeth: 2,
      age_years: 50,
      rbl_pct_per_year: 0.8,
      tooth_1_rbl_pct: 20,
      tooth_1_stage: 2,
      tooth_1_cej_crest_mm: 2.4,
      tooth_1_root_mm: 12,
      tooth_2_rbl_pct: 40,
      tooth_2_stage: 3,
      tooth_2_cej_crest_mm: null,
      tooth_2_root_mm: null
    })
    expect(rows[0]).toEqual({ field: "stage", key: "stage", unit: "stage", value: 3, lead: true })
    expect(rows.filter((r) => r.tooth === 2).map((r) => r.field)).toEqual([
      "tooth_2_rbl_pct",
      "tooth_2_stage",
      "tooth_2_cej_crest_mm",
      "tooth_2_root_mm"
    ])
    expect(rows.map(categoryText).filter((t) => t !== null)).toEqual(["III/IV", "B", "II", "III/IV"])
    expect(categoryText({ unit: "%", value: 3 })).toBeNull()
  })
})
