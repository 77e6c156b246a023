import { describe, expect, it } from "vitest"
import {
  canRemoveVertex,
  HANDLE_LIMIT,
  handleAt,
  insertVertex,
  leastVertices,
  midpointsOf,
  moveVertex,
  removeVertex,
  sameCoords,
  translate
} from "./edit.ts"

const square = [0, 0, 100, 0, 100, 100, 0, 100]
const triangle = [0, 0, 100, 0, 50, 80]
const line = [0, 0, 100, 0, 200, 50]

describe("moving a vertex", () => {
  it("a polygon's vertex goes where it is dragged, the others stay", () => {
    expect(moveVertex("polygon", triangle, 2, 60, 120)).toEqual([0, 0, 100, 0, 60, 120])
    expect(triangle).toEqual([0, 0, 100, 0, 50, 80])
  })

  it("a rectangle's corner keeps it a rectangle, the opposite corner fixed", () => {
    // The bottom-right corner (2) dragged out: top-left stays at 0,0.
    expect(moveVertex("rectangle", square, 2, 150, 120)).toEqual([0, 0, 150, 0, 150, 120, 0, 120])
    // The top-right corner (1) dragged in: the bottom-left (3) stays at 0,100.
    expect(moveVertex("rectangle", square, 1, 40, 30)).toEqual([0, 30, 40, 30, 40, 100, 0, 100])
  })

  it("a corner dragged past its opposite flips the rectangle, still in corner order", () => {
    const flipped = moveVertex("rectangle", square, 2, -50, -20)
    expect(flipped).toEqual([-50, -20, 0, -20, 0, 0, -50, 0])
  })
})

describe("moving the whole shape", () => {
  it("every vertex moves by the same amount", () => {
    expect(translate(line, 10, -5)).toEqual([10, -5, 110, -5, 210, 45])
  })
})

describe("inserting and removing vertices", () => {
  it("a vertex is inserted on the edge after the given vertex, the closing edge included", () => {
    expect(insertVertex("polygon", triangle, 0, 50, -10)).toEqual([0, 0, 50, -10, 100, 0, 50, 80])
    expect(insertVertex("polygon", triangle, 2, 20, 50)).toEqual([0, 0, 100, 0, 50, 80, 20, 50])
    // A line has no closing edge.
    expect(insertVertex("polyline", line, 2, 0, 0)).toBeNull()
    expect(insertVertex("polyline", line, 1, 150, 10)).toEqual([0, 0, 100, 0, 150, 10, 200, 50])
  })

  it("rectangles and points take no inserted vertex", () => {
    expect(insertVertex("rectangle", square, 0, 50, 0)).toBeNull()
    expect(insertVertex("points", [5, 5], 0, 6, 6)).toBeNull()
  })

  it("a vertex is removed, never below the shape's least and never a rectangle's corner", () => {
    expect(removeVertex("polygon", square.slice(), 1)).toEqual([0, 0, 100, 100, 0, 100])
    expect(removeVertex("polygon", triangle, 0)).toBeNull()
    expect(removeVertex("polyline", line, 2)).toEqual([0, 0, 100, 0])
    expect(removeVertex("polyline", [0, 0, 10, 10], 0)).toBeNull()
    expect(removeVertex("rectangle", square, 0)).toBeNull()
    expect(removeVertex("points", [1, 1, 2, 2], 0)).toEqual([2, 2])
    expect(removeVertex("points", [1, 1], 0)).toBeNull()
    expect(canRemoveVertex("polygon", square, 9)).toBe(false)
    expect([leastVertices("polygon"), leastVertices("polyline"), leastVertices("rectangle"), leastVertices("points")]).toEqual([3, 2, 4, 1])
  })

  it("edge midpoints: one per edge, a polygon's closing edge too", () => {
    expect(midpointsOf("polygon", triangle)).toEqual([50, 0, 75, 40, 25, 40])
    expect(midpointsOf("polyline", line)).toEqual([50, 0, 150, 25])
    expect(midpointsOf("rectangle", square)).toEqual([])
  })
})

describe("which handle a press is on", () => {
  it("a vertex before a midpoint before the body; nothing outside", () => {
    expect(handleAt("polygon", square, 98, 3, 5)).toEqual({ kind: "vertex", index: 1 })
    expect(handleAt("polygon", square, 52, 2, 5)).toEqual({ kind: "midpoint", index: 0 })
    expect(handleAt("polygon", square, 30, 70, 5)).toEqual({ kind: "body" })
    expect(handleAt("polygon", square, 130, 70, 5)).toBeNull()
  })

  it("the nearest vertex wins when two are within reach", () => {
    expect(handleAt("polyline", [0, 0, 4, 0, 100, 0], 3, 0, 5)).toEqual({ kind: "vertex", index: 1 })
  })

  it("a line's body is its stroke, not the area it bends round", () => {
    expect(handleAt("polyline", line, 100, 30, 4)).toBeNull()
    expect(handleAt("polyline", line, 30, 1, 4)).toEqual({ kind: "body" })
  })

  it("an outline with more vertices than can be told apart moves only as a whole", () => {
    const many = Array.from({ length: HANDLE_LIMIT + 1 }, (_, i) => {
      const a = (2 * Math.PI * i) / (HANDLE_LIMIT + 1)
      return [500 + 400 * Math.cos(a), 500 + 400 * Math.sin(a)]
    }).flat()
    expect(handleAt("polygon", many, many[0]!, many[1]!, 5)).toEqual({ kind: "body" })
    expect(handleAt("polygon", many.slice(0, 2 * HANDLE_LIMIT), many[0]!, many[1]!, 5)).toEqual({ kind: "vertex", index: 0 })
  })

  it("counter points: each point is a vertex; there is no body between them", () => {
    expect(handleAt("points", [10, 10, 50, 50], 49, 51, 3)).toEqual({ kind: "vertex", index: 1 })
    expect(handleAt("points", [10, 10, 50, 50], 30, 30, 3)).toBeNull()
  })
})

it("an edit that changed nothing is the same shape", () => {
  expect(sameCoords(square, [...square])).toBe(true)
  expect(sameCoords(square, translate(square, 0, 1))).toBe(false)
  expect(sameCoords(triangle, square)).toBe(false)
})
