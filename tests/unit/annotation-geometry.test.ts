// Selectors parsed and written back: every documented form, the limits, and what is refused.
import { describe, expect, it } from "vitest"
import { bboxOf, type Geometry, NUMBER_CHARS, parseSelector, toSelector, verticesOf } from "../../src/annotation/geometry.ts"
import { fastest, plainPoints } from "../support/timing.ts"

const svg = (value: string) => parseSelector({ type: "SvgSelector", value })
const fragment = (value: string) => parseSelector({ type: "FragmentSelector", value })
const limits = { vertices: 5, coordinate: 1000 }

describe("parseSelector", () => {
  it("reads each documented shape", () => {
    expect(fragment("xywh=pixel:1,2.5,30,40")).toEqual({ ok: true, geometry: { kind: "rectangle", x: 1, y: 2.5, w: 30, h: 40 } })
    expect(fragment("xywh=1,2,3,4")).toMatchObject({ ok: true, geometry: { kind: "rectangle" } })
    expect(svg("<svg><polygon points='0,0 10,0 5,8'/></svg>")).toEqual({
      ok: true,
      geometry: {
        kind: "polygon",
        points: [
          [0, 0],
          [10, 0],
          [5, 8]
        ]
      }
    })
    // Annotorious v2 writes double quotes, an xmlns and a closing tag; SVG allows any separators.
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg"><polygon points="0 0, 10 0,5 8"></polygon></svg>')).toMatchObject({
      ok: true,
      geometry: {
        kind: "polygon",
        points: [
          [0, 0],
          [10, 0],
          [5, 8]
        ]
      }
    })
    expect(svg("<svg><polyline points='1,1 2,2'/></svg>")).toMatchObject({ ok: true, geometry: { kind: "polyline" } })
    expect(svg("<svg><circle cx='3' cy='4' r='0'/><circle cy='6' cx='5'/></svg>")).toEqual({
      ok: true,
      geometry: {
        kind: "points",
        points: [
          [3, 4],
          [5, 6]
        ]
      }
    })
    expect(svg("<svg><polygon points='-1e2,0 10,0 5,8'/></svg>")).toMatchObject({ ok: true })
  })

  it("refuses what is not one of them, saying why", () => {
    const error = (p: ReturnType<typeof svg>) => (p.ok ? "accepted" : p.error)
    expect(error(svg("<svg><line x1='1' y1='1' x2='2' y2='2'/></svg>"))).toMatch(/other than/)
    expect(error(svg("<polygon points='0,0 1,1 2,0'/>"))).toMatch(/not an <svg>/)
    expect(error(svg("<svg></svg>"))).toMatch(/empty/)
    expect(error(svg("<svg><polygon points='0,0 1,1'/></svg>"))).toMatch(/at least 3/)
    expect(error(svg("<svg><polyline points='0,0'/></svg>"))).toMatch(/at least 2/)
    expect(error(svg("<svg><polygon points='0,0 1,1 2'/></svg>"))).toMatch(/odd/)
    expect(error(svg("<svg><polygon points='0,0 1,Infinity 2,2'/></svg>"))).toMatch(/not a number/)
    expect(error(svg("<svg><polygon points='0,0 1,1 2,2'/><polygon points='0,0 1,1 2,2'/></svg>"))).toMatch(/more than one/)
    expect(error(svg("<svg><circle cx='1' cy='1' r='5'/><circle cx='2' cy='2' r='5'/></svg>"))).toMatch(/radius/)
    expect(error(svg("<svg><ellipse cx='1' cy='1' rx='0' ry='5'/></svg>"))).toMatch(/radius is not above 0/)
    expect(error(svg("<svg><rect x='1' y='1' width='5'/></svg>"))).toMatch(/<rect> without/)
    expect(error(svg("<svg><circle cx='1' cy='1'/><polyline points='0,0 1,1'/></svg>"))).toMatch(/mixes/)
    expect(error(fragment("xywh=pixel:1,2,0,4"))).toMatch(/width or height/)
    expect(error(fragment("xywh=percent:1,2,3,4"))).toMatch(/xywh=pixel/)
    expect(error(fragment("t=10"))).toMatch(/xywh=pixel/)
    expect(error(svg("<svg><polygon points='0,0 1,1 2,0'></polyline></svg>"))).toMatch(/other than/)
    expect(error(svg(`<svg><polygon points='0,0 1,1 2,${"1".repeat(NUMBER_CHARS + 1)}'/></svg>`))).toMatch(/longer than 64/)
  })

  // A run of digits that is not a number (one letter at its end) used to be tried every way the
  // pattern could split it: quadratic, 27 s for 160,000 digits. Measured against a plain selector of
  // the same length in the same run, so a slow machine slows both.
  it("refuses a long token that is not a number as fast as it reads a plain selector of the same size", () => {
    const digits = 20_000
    const cases = [
      { hostile: `<svg><polygon points='0,0 1,1 2,2 ${"1".repeat(digits)}x,0'/></svg>`, type: "SvgSelector" as const },
      { hostile: `xywh=pixel:0,0,1,${"1".repeat(digits)}x`, type: "FragmentSelector" as const },
      // A region's path: a long token, and a long run of separators before something unreadable.
      { hostile: `<svg><path d='M0,0 L1,1 2,2 ${"1".repeat(digits)}x Z'/></svg>`, type: "SvgSelector" as const },
      { hostile: `<svg><path d='M0,0 L1,1 2,2${", ".repeat(digits / 2)}#'/></svg>`, type: "SvgSelector" as const }
    ]
    for (const { hostile, type } of cases) {
      const plain =
        type === "SvgSelector" ? `<svg><polygon points='${plainPoints(digits)}'/></svg>` : `xywh=pixel:0,0,1,${"1".repeat(digits)}`
      expect(parseSelector({ type, value: hostile }).ok).toBe(false)
      if (type === "SvgSelector") expect(parseSelector({ type, value: plain }).ok).toBe(true)
      const plainTime = fastest(() => parseSelector({ type, value: plain }))
      const hostileTime = fastest(() => parseSelector({ type, value: hostile }))
      expect(hostileTime / plainTime, `${type}: ${hostileTime.toFixed(2)} ms against ${plainTime.toFixed(2)} ms`).toBeLessThan(5)
    }
  })

  it("holds shapes to the vertex and coordinate limits", () => {
    const error = (p: ReturnType<typeof svg>) => (p.ok ? "accepted" : p.error)
    const ring = (n: number) => Array.from({ length: n }, (_, i) => `${i},${i % 2}`).join(" ")
    expect(parseSelector({ type: "SvgSelector", value: `<svg><polygon points='${ring(5)}'/></svg>` }, limits).ok).toBe(true)
    expect(error(parseSelector({ type: "SvgSelector", value: `<svg><polygon points='${ring(6)}'/></svg>` }, limits))).toMatch(
      /6 vertices; at most 5/
    )
    const circles = Array.from({ length: 6 }, (_, i) => `<circle cx='${i}' cy='0'/>`).join("")
    expect(error(parseSelector({ type: "SvgSelector", value: `<svg>${circles}</svg>` }, limits))).toMatch(/more than 5/)
    expect(error(parseSelector({ type: "FragmentSelector", value: "xywh=pixel:999,0,2,2" }, limits))).toMatch(/beyond 1000/)
    expect(error(parseSelector({ type: "SvgSelector", value: "<svg><polyline points='0,0 -1001,0'/></svg>" }, limits))).toMatch(/beyond/)
  })
})

describe("toSelector", () => {
  const shapes: Geometry[] = [
    { kind: "rectangle", x: 1.5, y: 2, w: 3, h: 4 },
    {
      kind: "polygon",
      points: [
        [0, 0],
        [10.25, 0],
        [5, 8]
      ]
    },
    {
      kind: "polyline",
      points: [
        [1, 1],
        [2, 3]
      ]
    },
    { kind: "points", points: [[7, 8]] },
    {
      kind: "points",
      points: [
        [1, 2],
        [3, 4]
      ]
    }
  ]
  it("writes the forms it reads, exactly", () => {
    for (const geometry of shapes) expect(parseSelector(toSelector(geometry))).toEqual({ ok: true, geometry })
    expect(toSelector(shapes[0]!)).toEqual({
      type: "FragmentSelector",
      conformsTo: "http://www.w3.org/TR/media-frags/",
      value: "xywh=pixel:1.5,2,3,4"
    })
    expect(toSelector(shapes[3]!).value).toBe("<svg><circle cx='7' cy='8' r='0'/></svg>")
  })

  it("bounds and corners", () => {
    expect(bboxOf(shapes[0]!)).toEqual({ minX: 1.5, minY: 2, maxX: 4.5, maxY: 6 })
    expect(bboxOf(shapes[1]!)).toEqual({ minX: 0, minY: 0, maxX: 10.25, maxY: 8 })
    expect(verticesOf(shapes[0]!)).toEqual([
      [1.5, 2],
      [4.5, 2],
      [4.5, 6],
      [1.5, 6]
    ])
  })
})
