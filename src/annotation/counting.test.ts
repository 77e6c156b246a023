import { describe, expect, it } from "vitest"
import {
  type Countable,
  countPoints,
  density,
  guessPair,
  insideRing,
  isComment,
  pairIndex,
  regionAreaMm2,
  regionAreaPx,
  ringOf,
  summarize
} from "./counting.ts"
import { joinRings } from "./rings.ts"

let next = 0
const point = (labelId: string, x: number, y: number, comments: ReadonlyArray<string> = []): Countable => ({
  id: `p${next++}`,
  kind: "points",
  coords: [x, y],
  labelId,
  comments
})
const slide = { kind: "slide", width: 1000, height: 2000 } as const

describe("counting cells", () => {
  it("counts each label's points and never a comment, whatever label it carries", () => {
    const shapes = [point("pos", 1, 1), point("pos", 2, 2), point("neg", 3, 3), point("neg", 4, 4, ["look here"])]
    const counts = countPoints(shapes, slide)
    expect(counts.get("pos")).toBe(2)
    expect(counts.get("neg")).toBe(1)
  })

  it("counts every point of a multi-point, and a blank comment is no comment", () => {
    const multi: Countable = { id: "m", kind: "points", coords: [1, 1, 2, 2, 3, 3], labelId: "pos", comments: ["look"] }
    expect(isComment(multi)).toBe(false)
    expect(isComment(point("pos", 1, 1, ["  "]))).toBe(false)
    expect(countPoints([multi, point("pos", 5, 5, [" "])], slide).get("pos")).toBe(4)
  })

  it("leaves out shapes that are not points", () => {
    const square: Countable = { id: "s", kind: "rectangle", coords: [0, 0, 10, 10], labelId: "pos", comments: [] }
    expect(countPoints([square], slide).size).toBe(0)
  })

  it("counts only the points inside a region's ring", () => {
    const triangle = ringOf({ kind: "polygon", coords: [0, 0, 100, 0, 0, 100] })!
    const region = { kind: "shape", id: "t", ring: triangle } as const
    const counts = countPoints([point("pos", 10, 10), point("pos", 90, 90), point("pos", -5, 5)], region)
    expect(counts.get("pos")).toBe(1)
    expect(insideRing(triangle, 60, 60)).toBe(false)
    expect(insideRing(triangle, 40, 40)).toBe(true)
  })

  it("reads a rectangle's ring from its two corners, and a line encloses nothing", () => {
    expect(ringOf({ kind: "rectangle", coords: [30, 40, 10, 20] })).toEqual([10, 20, 30, 20, 30, 40, 10, 40])
    expect(ringOf({ kind: "rectangle", coords: [10, 20, 30, 20, 30, 40, 10, 40] })).toEqual([10, 20, 30, 20, 30, 40, 10, 40])
    expect(ringOf({ kind: "polyline", coords: [0, 0, 1, 1, 2, 0] })).toBeNull()
    expect(ringOf({ kind: "points", coords: [0, 0] })).toBeNull()
  })
})

describe("density and the index", () => {
  it("gives the region's area in mm² from the microns per pixel, and none without them", () => {
    // 1000 × 2000 px at 0.5 µm/px: 500 × 1000 µm = 0.5 mm²
    expect(regionAreaMm2(slide, 0.5)).toBeCloseTo(0.5)
    expect(regionAreaMm2(slide, null)).toBeNull()
    expect(regionAreaMm2(slide, 0)).toBeNull()
    const square = { kind: "shape", id: "s", ring: ringOf({ kind: "rectangle", coords: [0, 0, 2000, 2000] })! } as const
    expect(regionAreaMm2(square, 0.25)).toBeCloseTo(0.25)
  })

  it("divides a count by the area; no area, no density", () => {
    expect(density(50, 0.5)).toBe(100)
    expect(density(50, null)).toBeNull()
    expect(density(50, 0)).toBeNull()
  })

  it("is positive over positive plus negative, in percent; nothing counted, no index", () => {
    expect(pairIndex(3, 1)).toBe(75)
    expect(pairIndex(0, 4)).toBe(0)
    expect(pairIndex(0, 0)).toBeNull()
  })

  it("summarizes every label in order, with its density and the pair's index", () => {
    const shapes = [point("pos", 1, 1), point("neg", 2, 2), point("neg", 3, 3), point("neg", 4, 4, ["note"])]
    const labels = [
      { id: "pos", name: "Ki67 positive" },
      { id: "neg", name: "Ki67 negative" },
      { id: "other", name: "Stroma" }
    ]
    const summary = summarize(shapes, labels, slide, 0.5, { positive: "pos", negative: "neg" })
    expect(summary.rows.map((r) => [r.name, r.count, r.perMm2])).toEqual([
      ["Ki67 positive", 1, 2],
      ["Ki67 negative", 2, 4],
      ["Stroma", 0, 0]
    ])
    expect(summary.total).toBe(3)
    expect(summary.index).toBeCloseTo(100 / 3)
    expect(summarize(shapes, labels, slide, 0.5, { positive: "pos", negative: "pos" }).index).toBeNull()
    expect(summarize(shapes, labels, slide, null, null)).toMatchObject({ areaMm2: null, index: null })
  })
})

describe("the pair a slide suggests", () => {
  it("is the labels named positive and negative, in either language or by sign", () => {
    const en = [
      { id: "s", name: "Stroma" },
      { id: "n", name: "Ki67 negative" },
      { id: "p", name: "Ki67 Positive" }
    ]
    expect(guessPair(en)).toEqual({ positive: "p", negative: "n" })
    expect(
      guessPair([
        { id: "a", name: "Ki67 positif" },
        { id: "b", name: "Ki67 negatif" }
      ])
    ).toEqual({ positive: "a", negative: "b" })
    expect(
      guessPair([
        { id: "a", name: "ER+" },
        { id: "b", name: "ER-" }
      ])
    ).toEqual({ positive: "a", negative: "b" })
  })

  it("is none when either is missing", () => {
    expect(
      guessPair([
        { id: "p", name: "Ki67 positive" },
        { id: "s", name: "Stroma" }
      ])
    ).toBeNull()
    expect(guessPair([])).toBeNull()
  })
})

describe("counting in a region with a hole", () => {
  it("leaves out the points in the hole, and the hole's area from the density", () => {
    const rings = [
      [
        [0, 0],
        [100, 0],
        [100, 100],
        [0, 100]
      ],
      [
        [40, 40],
        [60, 40],
        [60, 60],
        [40, 60]
      ]
    ] as const
    const coords = Array.from(joinRings(rings))
    const ring = ringOf({ kind: "area", coords })
    expect(ring).not.toBeNull()
    expect(insideRing(ring!, 10, 10)).toBe(true)
    expect(insideRing(ring!, 50, 50)).toBe(false)
    expect(regionAreaPx({ kind: "shape", id: "r", ring: ring! })).toBe(10_000 - 400)
  })
})
