import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { type Shape, shapeOf } from "./shape.ts"
import { ShapeTable } from "./shape-table.ts"

const shapes = (count: number): Array<Shape> =>
  Array.from({ length: count }, (_, i) => {
    const parsed = shapeOf(annotationOf(`s${i}`, ring(100 * i, 100, 10)))
    if (!parsed.ok) throw new Error(parsed.error)
    return parsed.shape
  })

describe("ShapeTable", () => {
  it("answers size and values from a load before any id is in the map", () => {
    const table = new ShapeTable()
    const loaded = shapes(3)
    table.reset(loaded)
    expect(table.settled).toBe(false)
    expect(table.size).toBe(3)
    expect([...table.values()]).toEqual(loaded)
  })

  it("moves a load in slices up to a deadline, and at once when an id is asked for", () => {
    const table = new ShapeTable()
    const loaded = shapes(10_000)
    table.reset(loaded)
    // A deadline already passed still moves one chunk, so idle slices always make progress.
    expect(table.settleSome(0)).toBe(false)
    expect(table.settled).toBe(false)
    expect(table.get("s9999")).toBe(loaded[9999])
    expect(table.settled).toBe(true)
    expect(table.size).toBe(10_000)
    expect(table.settleSome(0)).toBe(true)
  })

  it("keeps the whole load when an edit comes before it is settled", () => {
    const table = new ShapeTable()
    const [a, b, c] = shapes(3) as [Shape, Shape, Shape]
    table.reset([a, b])
    table.set({ ...b, version: 2 })
    table.delete(a.id)
    table.set(c)
    expect([...table.values()].map((s) => [s.id, s.version])).toEqual([
      ["s1", 2],
      ["s2", 1]
    ])
  })

  it("forgets the previous load on a new one, settled or not", () => {
    const table = new ShapeTable()
    const [a, b] = shapes(2) as [Shape, Shape]
    table.reset([a])
    table.reset([b])
    expect(table.get(a.id)).toBeUndefined()
    expect(table.get(b.id)).toBe(b)
    table.reset([])
    expect(table.size).toBe(0)
    expect(table.get(b.id)).toBeUndefined()
  })
})
