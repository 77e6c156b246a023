import { describe, expect, it } from "vitest"
import { applyStroke, brushSamples, capsuleRing, circleRing, paint } from "./brush.ts"
import { evenOddArea, pointsOfRing, ringsOf } from "./rings.ts"

const areaOf = (coords: ReadonlyArray<number>) => evenOddArea(ringsOf(Float64Array.from(coords)).map(pointsOfRing))
const vertexCount = (coords: ReadonlyArray<number>) => coords.filter((v) => !Number.isNaN(v)).length / 2

describe("brush stroke geometry", () => {
  it("a capsule is the segment widened by r: 2rL plus the circle", () => {
    const ring = capsuleRing(0, 0, 100, 0, 10)
    const area = evenOddArea([ring])
    expect(area).toBeLessThanOrEqual(2 * 10 * 100 + Math.PI * 100)
    expect(area).toBeGreaterThan(2 * 10 * 100 + Math.PI * 100 * 0.97)
    // A point is its circle.
    expect(capsuleRing(5, 5, 5, 5, 3)).toEqual(circleRing(5, 5, 3))
  })

  it("samples nearer than a third of the radius to the last kept one are skipped", () => {
    expect(brushSamples([0, 0], [1, 0, 3, 0, 4, 0, 7, 0, 8, 0], 10)).toEqual([
      [4, 0],
      [8, 0]
    ])
  })

  it("a straight stroke painted move by move is the capsule from its start to its end", () => {
    let stroke: ReadonlyArray<number> = []
    let from: readonly [number, number] = [0, 0]
    stroke = paint(stroke, from, [], 10, 1)
    for (let x = 5; x <= 200; x += 5) {
      stroke = paint(stroke, from, [x, 0], 10, 1)
      from = [x, 0]
    }
    expect(ringsOf(Float64Array.from(stroke))).toHaveLength(1)
    expect(areaOf(stroke) / (2 * 10 * 200 + Math.PI * 100)).toBeGreaterThan(0.97)
    expect(areaOf(stroke) / (2 * 10 * 200 + Math.PI * 100)).toBeLessThan(1.01)
  })

  it("the vertex count follows the outline, not the samples: 2,000 samples round a circle stay bounded", () => {
    let stroke: ReadonlyArray<number> = []
    let from: readonly [number, number] = [300, 0]
    stroke = paint(stroke, from, [], 20, 1)
    // Round a circle of radius 300 in 100 moves of 20 coalesced samples each, and a little past the start.
    for (let move = 1; move <= 105; move++) {
      const samples: Array<number> = []
      for (let k = 1; k <= 20; k++) {
        const a = ((move - 1 + k / 20) / 100) * Math.PI * 2
        samples.push(300 * Math.cos(a), 300 * Math.sin(a))
      }
      stroke = paint(stroke, from, samples, 20, 1)
      from = [samples.at(-2)!, samples.at(-1)!]
    }
    // A ring round, so a hole: the annulus between radius 280 and 320.
    expect(ringsOf(Float64Array.from(stroke))).toHaveLength(2)
    expect(areaOf(stroke) / (Math.PI * (320 ** 2 - 280 ** 2))).toBeGreaterThan(0.97)
    expect(vertexCount(stroke)).toBeLessThan(600)
  })

  it("applied to a shape: added grows it, cut in the middle makes a hole, cut over all of it leaves nothing", () => {
    const square = {
      kind: "polygon" as const,
      points: [
        [0, 0],
        [100, 0],
        [100, 100],
        [0, 100]
      ] as Array<[number, number]>
    }
    const edge = paint([], [100, 50], [], 10, 1)
    const grown = applyStroke(square, edge, false, 1)!
    expect(grown.kind).toBe("polygon")
    expect(areaOf(grown.coords) - 10_000).toBeGreaterThan(Math.PI * 100 * 0.45)
    const middle = paint([], [50, 50], [], 10, 1)
    const holed = applyStroke(square, middle, true, 1)!
    expect(holed.kind).toBe("area")
    expect(10_000 - areaOf(holed.coords)).toBeGreaterThan(Math.PI * 100 * 0.95)
    expect(applyStroke(square, paint([], [50, 50], [], 200, 1), true, 1)).toBeNull()
  })
})
