import { afterEach, describe, expect, it, vi } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { type Shape, shapeOf } from "./shape.ts"
import { ShapeTable } from "./shape-table.ts"
import { AnnotationStore } from "./store.ts"

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

  describe("in a page", () => {
    afterEach(() => vi.unstubAllGlobals())

    it("the store moves a load into its table in idle slices, each asked with a timeout, until all are in", () => {
      const asked: Array<{ readonly run: IdleRequestCallback; readonly timeout: number | undefined }> = []
      vi.stubGlobal("requestIdleCallback", (run: IdleRequestCallback, options?: IdleRequestOptions) => {
        asked.push({ run, timeout: options?.timeout })
        return asked.length
      })
      const store = new AnnotationStore()
      store.loadShapes(shapes(10_000))
      // A page that is never idle: each slice comes by its timeout with no time left, and still moves a chunk.
      const busy = { didTimeout: true, timeRemaining: () => 0 } as IdleDeadline
      let slices = 0
      while (asked.length > slices) asked[slices++]!.run(busy)
      expect(slices).toBe(3)
      expect(asked.every((a) => a.timeout === 500)).toBe(true)
      expect(store.size).toBe(10_000)
      expect(store.get("s9999")?.id).toBe("s9999")
    })
  })
})
