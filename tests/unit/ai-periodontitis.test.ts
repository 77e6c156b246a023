// The periodontitis method (server/ai/periodontitis) on radiographs drawn with known bone levels
// (tests/support/planted-teeth.ts): radiographic bone loss within 2 percentage points with the crest
// given and with the crest found, landmarks placed 5 px off moved onto the drawn edges (within a
// pixel), the AAP/EFP stage and grade at their boundaries, and a landmark with no edge near it left
// where it was put.
import { describe, expect, it } from "vitest"
import { gradeOf, measureTeeth, measureTooth, periodontitisSummary, stageOf } from "../../server/ai/periodontitis/periodontitis.ts"
import { crestRow, landmarksOf, paintMouth, threeTeeth, TOOTH } from "../support/planted-teeth.ts"

const mouth = threeTeeth()
const image = paintMouth(mouth)

describe("radiographic bone loss", () => {
  it("measures each tooth's bone loss within 2 points with the crest given, and stages it", () => {
    const results = measureTeeth(image, mouth.teeth.map(landmarksOf), 8)
    results.forEach((r, i) => {
      expect(r.crestSource).toBe("given")
      expect(Math.abs(r.rblPct! - mouth.teeth[i]!.rblPct)).toBeLessThan(2)
    })
    expect(results.map((r) => r.stage)).toEqual([1, 2, 3])
  })

  it("finds the crest along the CEJ–apex line when none is given, within 2 points", () => {
    const results = measureTeeth(
      image,
      mouth.teeth.map((t) => ({ ...landmarksOf(t), crest: null })),
      8
    )
    results.forEach((r, i) => {
      expect(r.crestSource).toBe("found")
      expect(Math.abs(r.rblPct! - mouth.teeth[i]!.rblPct)).toBeLessThan(2)
      expect(Math.abs(r.crest!.y - crestRow(mouth.teeth[i]!))).toBeLessThan(1.5)
    })
  })

  it("moves landmarks placed 5 px off along the root onto the drawn CEJ, crest and apex", () => {
    const tooth = mouth.teeth[1]!
    const exact = landmarksOf(tooth)
    // 5 px up the axis for the CEJ (into the enamel), down for the crest and the apex.
    const dy = 5
    const off = {
      cej: { x: exact.cej.x, y: exact.cej.y - dy },
      crest: { x: exact.crest.x, y: exact.crest.y + dy },
      apex: { x: exact.apex.x, y: exact.apex.y + dy }
    }
    const r = measureTooth(image, off, 8)
    expect(r.snapped).toEqual({ cej: true, crest: true, apex: true })
    expect(Math.abs(r.cej.y - TOOTH.cej)).toBeLessThan(1)
    expect(Math.abs(r.crest!.y - crestRow(tooth))).toBeLessThan(1)
    // The apex is the tip of a root tapering to a point, which fades over its last pixels: within 4 px of the drawn tip.
    expect(Math.abs(r.apex.y - TOOTH.apex)).toBeLessThan(4)
    expect(Math.abs(r.rblPct! - tooth.rblPct)).toBeLessThan(2)
    // Without snapping the 5 px stay, and the bone loss is off by more.
    const unsnapped = measureTooth(image, off, 0)
    expect(unsnapped.snapped).toEqual({ cej: false, crest: false, apex: false })
    expect(unsnapped.cej.y).toBeCloseTo(TOOTH.cej - dy, 6)
    expect(Math.abs(unsnapped.rblPct! - tooth.rblPct)).toBeGreaterThan(2)
  })

  it("leaves a landmark with no edge near it where it was put", () => {
    // In the middle of the root: root all around, no edge within 8 px along the axis.
    const exact = landmarksOf(mouth.teeth[0]!)
    const r = measureTooth(image, { ...exact, crest: { x: exact.cej.x + 12, y: 300 } }, 8)
    expect(r.snapped.crest).toBe(false)
    expect(r.crest).toEqual({ x: exact.cej.x + 12, y: 300 })
  })
})

describe("stage and grade (AAP/EFP 2017)", () => {
  it("stages by bone loss: below 15 % I, to a third II, beyond III/IV", () => {
    expect([0, 14.9, 15, 33.3, 33.4, 80].map(stageOf)).toEqual([1, 1, 2, 2, 3, 3])
  })

  it("grades by % bone loss per year of age: below 0.25 A, to 1.0 B, above C", () => {
    expect(gradeOf(10, 50)).toBe(1)
    expect(gradeOf(12.5, 50)).toBe(2)
    expect(gradeOf(50, 50)).toBe(2)
    expect(gradeOf(51, 50)).toBe(3)
  })

  it("takes the worst tooth for the whole mouth, and grades only with an age", () => {
    expect(periodontitisSummary([10, 25, null, 50], 40)).toEqual({ worstRblPct: 50, meanRblPct: 85 / 3, stage: 3, rate: 1.25, grade: 3 })
    expect(periodontitisSummary([10], null)).toMatchObject({ stage: 1, rate: null, grade: null })
    expect(periodontitisSummary([null], 30)).toMatchObject({ worstRblPct: null, stage: null, grade: null })
  })
})
