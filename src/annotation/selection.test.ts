import { describe, expect, it } from "vitest"
import { boxOf, contains, EMPTY, joined, only, shapesWithin, shownIds, sole, toggled, without } from "./selection.ts"
import { annotationOf, ring } from "../testing/annotationFixtures.ts"
import { AnnotationStore } from "./store/store.ts"

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY })
const sorted = (ids: Iterable<string>) => [...ids].sort()

// A square region with a cell inside it, a cell the box's edge cuts, a line and a point.
const slide = () => {
  const store = new AnnotationStore()
  store.load([
    annotationOf("region", { kind: "rectangle", x: 0, y: 0, w: 1000, h: 1000 }),
    annotationOf("cell", ring(300, 300, 20)),
    annotationOf("cut", ring(500, 300, 20)),
    annotationOf("line", {
      kind: "polyline",
      points: [
        [100, 600],
        [300, 650],
        [400, 600]
      ]
    }),
    annotationOf("point", { kind: "points", points: [[200, 200]] }),
    annotationOf("hidden", ring(250, 450, 10), { visible: false }),
    annotationOf("other label", ring(350, 450, 10), { label: "l2" })
  ])
  return store
}

describe("the box rule", () => {
  it("a box is the same whichever corner it was dragged from", () => {
    expect(boxOf([10, 40], [0, 20])).toEqual(box(0, 20, 10, 40))
  })

  it("a shape is inside when all of it is, its edges on the border included; touching or crossing is not enough", () => {
    const b = box(0, 0, 100, 100)
    expect(contains(b, box(10, 10, 90, 90))).toBe(true)
    expect(contains(b, box(0, 0, 100, 100))).toBe(true)
    expect(contains(b, box(50, 50, 101, 60))).toBe(false)
    expect(contains(b, box(100, 0, 120, 10))).toBe(false)
    expect(contains(b, box(-50, -50, 200, 200))).toBe(false)
  })

  it("a box takes the shapes it surrounds, not the region it is drawn inside nor the cell its edge cuts", () => {
    const store = slide()
    expect(sorted(shapesWithin(store, box(90, 150, 505, 700)))).toEqual(["cell", "line", "other label", "point"])
    // Hidden on this screen, or its label hidden: not taken.
    store.setLabelVisible("l2", false)
    expect(sorted(shapesWithin(store, box(90, 150, 505, 700)))).toEqual(["cell", "line", "point"])
    // The whole slide's box takes everything shown.
    expect(sorted(shapesWithin(store, box(-1, -1, 2000, 2000)))).toEqual(["cell", "cut", "line", "point", "region"])
  })

  it("at 100,000 shapes it asks the spatial index and tests only what it returns", () => {
    const store = new AnnotationStore()
    const annotations = Array.from({ length: 100_000 }, (_, i) =>
      annotationOf(`c${i}`, ring((i % 400) * 50, Math.floor(i / 400) * 50, 10, 8))
    )
    store.load(annotations)
    let asked = 0
    const counted = {
      query: (b: Parameters<AnnotationStore["query"]>[0]) => {
        const found = store.query(b)
        asked += found.length
        return found
      }
    }
    // Columns 2..5 and rows 2..3 wholly inside; the cells of columns 1 and 6 and rows 1 and 4 cut.
    const ids = shapesWithin(counted, box(55, 55, 295, 195))
    expect(sorted(ids)).toEqual(sorted([2, 3, 4, 5].flatMap((x) => [2, 3].map((y) => `c${y * 400 + x}`))))
    // Asking the index for a few cells, not walking 100,000 shapes, is what keeps it fast; the
    // count says so on any machine, where a time would measure the machine.
    expect(asked).toBeLessThan(40)
    // Building 100,000 shapes takes seconds on a busy machine.
  }, 30_000)

  it("Ctrl+A takes every shape shown on this screen", () => {
    const store = slide()
    store.setShown("cut", false)
    expect(sorted(shownIds(store))).toEqual(["cell", "line", "other label", "point", "region"])
  })
})

describe("the selection set", () => {
  it("a click selects one shape or, on empty space, nothing", () => {
    expect(sorted(only("a"))).toEqual(["a"])
    expect(only(null)).toBe(EMPTY)
  })

  it("Shift+click adds a shape, and takes it out again", () => {
    const one = only("a")
    const two = toggled(one, "b")
    expect(sorted(two)).toEqual(["a", "b"])
    expect(sorted(toggled(two, "a"))).toEqual(["b"])
    // Never in place: the snapshot before keeps its selection.
    expect(sorted(one)).toEqual(["a"])
  })

  it("a box adds what it took, each once", () => {
    const before = only("a")
    expect(sorted(joined(before, ["b", "a", "c", "b"]))).toEqual(["a", "b", "c"])
    expect(joined(before, ["a"])).toBe(before)
  })

  it("deleted shapes leave the selection; nothing else changes it", () => {
    const selection = joined(EMPTY, ["a", "b", "c"])
    expect(sorted(without(selection, ["b", "x"]))).toEqual(["a", "c"])
    expect(without(selection, ["x"])).toBe(selection)
  })

  it("the handles' shape is there only when exactly one is selected", () => {
    expect(sole(only("a"))).toBe("a")
    expect(sole(EMPTY)).toBeNull()
    expect(sole(joined(EMPTY, ["a", "b"]))).toBeNull()
  })
})
