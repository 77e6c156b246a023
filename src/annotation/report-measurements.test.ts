import { describe, expect, it } from "vitest"
import { caseIdFromMetadata, tidyFields } from "../contract/report-fields.ts"
import { reportMeasurements } from "./report-measurements.ts"
import type { Shape } from "./store/shape.ts"

const shape = (id: string, kind: Shape["kind"], labelId: string, coords: ReadonlyArray<number>, comments: ReadonlyArray<string> = []) =>
  ({ id, kind, labelId, labelName: labelId, coords: Float64Array.from(coords), comments }) as unknown as Shape

const labels = [
  { id: "pos", name: "Ki67 positive" },
  { id: "neg", name: "Ki67 negative" },
  { id: "tumour", name: "Tumour" },
  { id: "empty", name: "Stroma" }
]
const shapes = [
  shape("p", "points", "pos", [1, 1, 2, 2, 3, 3]),
  shape("n", "points", "neg", [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]),
  shape("r1", "rectangle", "tumour", [0, 0, 100, 0, 100, 200, 0, 200]),
  shape("r2", "rectangle", "tumour", [0, 0, 10, 0, 10, 10, 0, 10])
]

describe("a report's measurement table", () => {
  it("counts as the counts section does, sums each label's region areas, and leaves out empty labels", () => {
    const table = reportMeasurements(shapes, labels, { width: 1000, height: 1000, mpp: 0.5 })
    expect(table.rows).toEqual([
      { label: "Ki67 positive", count: 3, shapes: 0, area_um2: null },
      { label: "Ki67 negative", count: 7, shapes: 0, area_um2: null },
      // (100 x 200 + 10 x 10) px² at 0.5 µm/px
      { label: "Tumour", count: 0, shapes: 2, area_um2: 20_100 * 0.25 }
    ])
    expect(table.index).toEqual({ positive: "Ki67 positive", negative: "Ki67 negative", percent: 30 })
  })

  it("gives no areas without a resolution, and no index without a pair", () => {
    const table = reportMeasurements(shapes, labels.slice(2), { width: 1000, height: 1000, mpp: null })
    expect(table.rows).toEqual([{ label: "Tumour", count: 0, shapes: 2, area_um2: null }])
    expect(table.index).toBeNull()
  })
})

describe("a report's fields", () => {
  it("are kept trimmed, blank texts dropped", () => {
    expect(tidyFields({ case_id: "  S-1 ", specimen: "   ", diagnosis: "Benign." })).toEqual({ case_id: "S-1", diagnosis: "Benign." })
  })

  it("take the case id from the metadata key a lab names it by", () => {
    expect(caseIdFromMetadata([{ name: "Patient ID", value: " RM-0099 " }])).toBe("RM-0099")
    expect(
      caseIdFromMetadata([
        { name: "stain", value: "HE" },
        { name: "Specimen_ID", value: "SP-7" }
      ])
    ).toBe("SP-7")
    expect(caseIdFromMetadata([{ name: "Case", value: " " }])).toBeUndefined()
    expect(caseIdFromMetadata([{ name: "mylab-is_public", value: "true" }])).toBeUndefined()
  })
})
