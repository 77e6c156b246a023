import { describe, expect, it } from "vitest"
import { countsCsv, csvField, type MeasuredShape } from "./counts-csv.ts"
import { summarize } from "./counting.ts"

const point = (id: string, labelName: string, x: number, comments: ReadonlyArray<string> = []): MeasuredShape => ({
  id,
  kind: "points",
  coords: [x, 1],
  labelName,
  comments,
  author: "Ada Lovelace",
  geometry: { kind: "points", points: [[x, 1]] }
})

describe("a CSV field", () => {
  it("is quoted when it holds a comma, a quote or a line break", () => {
    expect(csvField("Ki67, positive")).toBe('"Ki67, positive"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField("two\nlines")).toBe('"two\nlines"')
    expect(csvField("plain")).toBe("plain")
  })

  it("never starts with what a spreadsheet runs as a formula", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)")
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)")
  })

  it("writes numbers with a dot and nothing for none", () => {
    expect(csvField(33.333333333333336)).toBe("33.3333333333")
    expect(csvField(null)).toBe("")
    expect(csvField(Number.NaN)).toBe("")
  })
})

describe("the counts file", () => {
  it("has the region, each label's count and density, the index, then every annotation measured", () => {
    const labels = [
      { id: "p", name: "Ki67 positive" },
      { id: "n", name: "Ki67 negative" }
    ]
    const countables = [
      { id: "a", kind: "points" as const, coords: [1, 1], labelId: "p", comments: [] },
      { id: "b", kind: "points" as const, coords: [2, 1], labelId: "n", comments: [] },
      { id: "c", kind: "points" as const, coords: [3, 1], labelId: "n", comments: [] },
      { id: "d", kind: "points" as const, coords: [4, 1], labelId: "n", comments: ["note"] }
    ]
    const summary = summarize(countables, labels, { kind: "slide", width: 2000, height: 2000 }, 0.5, { positive: "p", negative: "n" })
    const square: MeasuredShape = {
      id: "r",
      kind: "rectangle",
      coords: [0, 0, 100, 100],
      labelName: "Tumour",
      comments: [],
      author: "Ada Lovelace",
      geometry: { kind: "rectangle", x: 0, y: 0, w: 100, h: 100 }
    }
    const csv = countsCsv({
      summary,
      region: "Whole slide",
      mpp: 0.5,
      pair: { positive: "Ki67 positive", negative: "Ki67 negative" },
      shapes: [point("a", "Ki67 positive", 1), point("d", "Ki67 negative", 4, ["note"]), square]
    })
    const lines = csv.split("\r\n")
    expect(lines.slice(0, 11)).toEqual([
      "region,Whole slide",
      "area_mm2,1",
      "microns_per_pixel,0.5",
      "",
      "label,count,per_mm2",
      "Ki67 positive,1,1",
      "Ki67 negative,2,2",
      "total,3,3",
      "",
      "positive,Ki67 positive",
      "negative,Ki67 negative"
    ])
    expect(lines[11]).toBe("index_percent,33.3333333333")
    expect(lines[13]).toBe("id,kind,label,author,points,area_um2,perimeter_um,length_um,comment")
    expect(lines[14]).toBe("a,points,Ki67 positive,Ada Lovelace,1,,,,")
    expect(lines[15]).toBe("d,comment,Ki67 negative,Ada Lovelace,1,,,,note")
    // 100 × 100 px at 0.5 µm: 2,500 µm², 200 µm round.
    expect(lines[16]).toBe("r,rectangle,Tumour,Ada Lovelace,,2500,200,,")
    expect(csv.endsWith("\r\n")).toBe(true)
  })

  it("measures in pixels, without a density, when the slide has no resolution", () => {
    const summary = summarize([], [{ id: "p", name: "Pos" }], { kind: "slide", width: 10, height: 10 }, null, null)
    const csv = countsCsv({ summary, region: "Whole slide", mpp: null, pair: null, shapes: [] })
    expect(csv).toContain("Pos,0,\r\n")
    expect(csv).toContain("id,kind,label,author,points,area_px2,perimeter_px,length_px,comment")
    expect(csv).not.toContain("index_percent")
  })
})
