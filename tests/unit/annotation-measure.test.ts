// Shoelace areas, perimeters and lengths, in pixels and in microns.
import { describe, expect, it } from "vitest"
import {
  measure,
  polygonArea,
  polygonPerimeter,
  polylineLength,
  squareMicronsOf,
  squareMillimetresOf
} from "../../src/annotation/measure.ts"

describe("measurements", () => {
  it("measures polygons whichever way they wind", () => {
    const square = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10]
    ] as const
    expect(polygonArea(square)).toBe(100)
    expect(polygonArea([...square].reverse())).toBe(100)
    expect(
      polygonArea([
        [0, 0],
        [4, 0],
        [0, 3]
      ])
    ).toBe(6)
    expect(
      polygonPerimeter([
        [0, 0],
        [4, 0],
        [0, 3]
      ])
    ).toBe(12)
    // An L shape (concave): 3x1 + 1x2.
    expect(
      polygonArea([
        [0, 0],
        [3, 0],
        [3, 1],
        [1, 1],
        [1, 3],
        [0, 3]
      ])
    ).toBe(5)
  })

  it("measures strokes open", () => {
    expect(
      polylineLength([
        [0, 0],
        [3, 4],
        [3, 10]
      ])
    ).toBe(11)
    expect(polylineLength([[1, 1]])).toBe(0)
  })

  it("converts with microns per pixel", () => {
    expect(squareMicronsOf(100, 0.5)).toBe(25)
    expect(squareMillimetresOf(4_000_000, 0.5)).toBe(1)
    expect(measure({ kind: "rectangle", x: 0, y: 0, w: 20, h: 10 }, 0.25)).toEqual({
      areaPx: 200,
      perimeterPx: 60,
      areaUm2: 12.5,
      areaMm2: 0.0000125,
      perimeterUm: 15
    })
    expect(
      measure(
        {
          kind: "polyline",
          points: [
            [0, 0],
            [0, 8]
          ]
        },
        2
      )
    ).toEqual({ lengthPx: 8, lengthUm: 16 })
    expect(
      measure({
        kind: "polygon",
        points: [
          [0, 0],
          [4, 0],
          [0, 3]
        ]
      })
    ).toEqual({ areaPx: 6, perimeterPx: 12 })
    expect(
      measure(
        {
          kind: "points",
          points: [
            [1, 1],
            [2, 2]
          ]
        },
        0.5
      )
    ).toEqual({ count: 2 })
    // An unknown or nonsensical mpp gives pixels only.
    expect(measure({ kind: "rectangle", x: 0, y: 0, w: 1, h: 1 }, 0)).toEqual({ areaPx: 1, perimeterPx: 4 })
    expect(measure({ kind: "rectangle", x: 0, y: 0, w: 1, h: 1 }, null)).toEqual({ areaPx: 1, perimeterPx: 4 })
  })
})
