// Shapes of several rings: read from a path, written back, measured, hit, grouped for GeoJSON.
import { describe, expect, it } from "vitest"
import { combine, partsOf } from "./boolean.ts"
import { decodeCompact, encodeCompact, float64Bytes, KINDS } from "./compact.ts"
import { bboxOf, flatten, type Geometry, parseSelector, toSelector } from "./geometry.ts"
import { measure } from "./measure.ts"
import { depthsOf, evenOddArea, joinRings, orientRings, polygonsOf, ringsOf } from "./rings.ts"
import { geometryOf } from "./store/shape.ts"
import { hits } from "./store/store.ts"

const square = (x: number, y: number, size: number): Array<readonly [number, number]> => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size]
]
const path = (d: string) => parseSelector({ type: "SvgSelector", value: `<svg><path fill-rule="evenodd" d="${d}"/></svg>` })

// A 100 px square with a 20 px hole, and a 10 px island beside it.
const donut: Geometry = { kind: "area", rings: orientRings([square(0, 0, 100), square(40, 40, 20), square(200, 0, 10)]) }

describe("rings", () => {
  it("read from an SVG path: absolute and relative moves and lines, H and V, closing vertices dropped", () => {
    const read = path("M0,0 L100,0 100,100 0,100 Z m40,40 h20 v20 h-20 z M200 0 210 0 210 10 200 10 200 0 Z")
    expect(read.ok).toBe(true)
    if (!read.ok || read.geometry.kind !== "area") throw new Error("not an area")
    expect(read.geometry.rings.map((ring) => ring.length)).toEqual([4, 4, 4])
    expect(new Set(read.geometry.rings[1]!.map(String))).toEqual(new Set(square(40, 40, 20).map(String)))
    // One ring is a polygon.
    expect(path("M0,0 L10,0 L10,10 Z")).toMatchObject({ ok: true, geometry: { kind: "polygon" } })
  })

  it("refuses curves, stray numbers, rings too small and tokens too long, in time linear in the input", () => {
    expect(path("M0,0 C1,1 2,2 3,3 Z")).toMatchObject({ ok: false, error: expect.stringMatching(/path command C/) })
    expect(path("0,0 L1,1")).toMatchObject({ ok: false, error: expect.stringMatching(/before any path command/) })
    expect(path("M0,0 L1,1 Z M5,5 L6,6 L7,5 Z")).toMatchObject({ ok: false, error: expect.stringMatching(/fewer than 3/) })
    expect(path(`M${"9".repeat(100)},0 L1,1 L2,0 Z`)).toMatchObject({ ok: false, error: expect.stringMatching(/longer than/) })
    expect(path("M0,0 L1 Z")).toMatchObject({ ok: false })
    expect(path("M0,0 L10,0 L10,10 Z #")).toMatchObject({ ok: false })
  })

  it("write a path back that reads as the same rings (the stored selector's canonical form)", () => {
    const selector = toSelector(donut)
    expect(selector.value).toMatch(/^<svg><path fill-rule='evenodd' d='M0,0 L/)
    expect(parseSelector(selector)).toEqual({ ok: true, geometry: donut })
  })

  it("measure even-odd: the hole subtracted, every ring's edge in the perimeter", () => {
    expect(measure(donut)).toEqual({ areaPx: 100 * 100 - 20 * 20 + 10 * 10, perimeterPx: 400 + 80 + 40 })
    expect(measure(donut, 0.5).areaUm2).toBeCloseTo((10_000 - 400 + 100) * 0.25)
    expect(evenOddArea([square(0, 0, 10)])).toBe(100)
  })

  it("flatten with a NaN pair between rings, and come back whole from the viewer's flat form and the compact read", () => {
    const flat = flatten(donut)
    expect(flat.length).toBe((12 + 2) * 2)
    expect(ringsOf(flat).map((ring) => ring.length / 2)).toEqual([4, 4, 4])
    expect(geometryOf({ kind: "area", coords: flat })).toEqual(donut)
    expect(bboxOf(donut)).toEqual({ minX: 0, minY: 0, maxX: 210, maxY: 100 })
    const header = {
      count: 1,
      labels: [{ id: "l", name: "Tumor", color: "#C80000" }],
      authors: [{ id: "u", name: "Ada", email: "ada@example.com" }],
      times: ["2026-11-28T00:00:00Z"],
      ids: ["a"],
      versions: [1],
      kinds: [KINDS.indexOf("area")],
      label: [0],
      author: [0],
      visible: [1],
      vertices: [flat.length / 2],
      created: [0],
      comments: {}
    }
    const read = decodeCompact(encodeCompact(header, [float64Bytes(flat)]))
    expect(geometryOf({ kind: KINDS[read.kinds[0]!]!, coords: read.coords })).toEqual(donut)
  })

  it("hit inside the boundary and on the island, not in the hole", () => {
    const shape = { kind: "area" as const, coords: flatten(donut) }
    expect(hits(shape, 10, 10, 1)).toBe(true)
    expect(hits(shape, 50, 50, 1)).toBe(false)
    expect(hits(shape, 40.5, 50, 1)).toBe(true) // on the hole's edge
    expect(hits(shape, 205, 5, 1)).toBe(true)
    expect(hits(shape, 150, 50, 1)).toBe(false)
  })

  it("group as GeoJSON polygons by nesting: a hole to the smallest boundary round it, an island in a hole on its own", () => {
    const rings = [square(0, 0, 100), square(10, 10, 80), square(40, 40, 20), square(45, 45, 5)]
    expect(depthsOf(rings)).toEqual([0, 1, 2, 3])
    expect(polygonsOf(rings)).toEqual([
      [rings[0], rings[1]],
      [rings[2], rings[3]]
    ])
    expect(joinRings([]).length).toBe(0)
  })
})

describe("boolean edits", () => {
  const rect = (x: number, y: number, w: number, h: number): Geometry => ({ kind: "rectangle", x, y, w, h })
  it("merge overlapping shapes into one outline, and apart ones into one region of parts", () => {
    const merged = combine("merge", rect(0, 0, 100, 100), [rect(50, 50, 100, 100)])
    expect(merged?.kind).toBe("polygon")
    expect(measure(merged!).areaPx).toBe(100 * 100 * 2 - 50 * 50)
    const apart = combine("merge", rect(0, 0, 10, 10), [rect(20, 0, 10, 10)])
    expect(apart?.kind).toBe("area")
    expect(partsOf(apart!).map((part) => measure(part).areaPx)).toEqual([100, 100])
  })

  it("subtract a shape inside another as a hole, which the area and the hit test leave out", () => {
    const holed = combine("subtract", rect(0, 0, 100, 100), [rect(40, 40, 20, 20)])
    expect(holed?.kind).toBe("area")
    expect(measure(holed!).areaPx).toBe(10_000 - 400)
    expect(hits({ kind: "area", coords: flatten(holed!) }, 50, 50, 0.5)).toBe(false)
    // Stored and read back, the hole is still a hole.
    expect(parseSelector(toSelector(holed!))).toEqual({ ok: true, geometry: holed })
    expect(combine("subtract", rect(0, 0, 10, 10), [rect(-5, -5, 30, 30)])).toBeNull()
  })

  it("intersect down to the overlap, or nothing when the shapes do not meet", () => {
    expect(measure(combine("intersect", rect(0, 0, 100, 100), [rect(50, 50, 100, 100)])!).areaPx).toBe(2500)
    expect(combine("intersect", rect(0, 0, 10, 10), [rect(20, 20, 10, 10)])).toBeNull()
  })

  it("refuse shapes without an inside", () => {
    expect(() =>
      combine("merge", rect(0, 0, 1, 1), [
        {
          kind: "polyline",
          points: [
            [0, 0],
            [1, 1]
          ]
        }
      ])
    ).toThrow(/no inside/)
  })
})
