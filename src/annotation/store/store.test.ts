import { describe, expect, it } from "vitest"
import { annotationOf, compactOf, ring } from "../../testing/annotationFixtures.ts"
import { parseSelector } from "../geometry.ts"
import { geometryOf, shapeOf, withCoords } from "./shape.ts"
import { type Change, AnnotationStore } from "./store.ts"
import { SpatialIndex } from "./spatial.ts"

const box = (minX: number, minY: number, maxX: number, maxY: number) => ({ minX, minY, maxX, maxY })
const ids = (shapes: ReadonlyArray<{ id: string }>) => shapes.map((s) => s.id).sort()

const slide = () => [
  annotationOf("rect", { kind: "rectangle", x: 10, y: 20, w: 100, h: 50 }),
  annotationOf("poly", ring(500, 500, 40), { label: "l2", color: "#00FF00", comment: "mitosis" }),
  annotationOf("line", {
    kind: "polyline",
    points: [
      [1000, 1000],
      [1100, 1000],
      [1100, 1100]
    ]
  }),
  annotationOf(
    "dots",
    {
      kind: "points",
      points: [
        [2000, 2000],
        [2050, 2010]
      ]
    },
    { visible: false }
  )
]

describe("AnnotationStore", () => {
  it("hides and shows one annotation for this viewer only, over its stored flag, in queries and hit tests", () => {
    const store = new AnnotationStore()
    store.load(slide())
    const all = box(0, 0, 5000, 5000)
    expect(ids(store.query(all))).toEqual(["line", "poly", "rect"])
    store.setShown("rect", false)
    // The stored annotation is untouched: only this screen's view changes.
    expect(store.get("rect")?.visible).toBe(true)
    expect(ids(store.query(all))).toEqual(["line", "poly"])
    expect(store.hitTest(50, 40, 1)).toBeUndefined()
    // A shape stored hidden can be shown here.
    store.setShown("dots", true)
    expect(ids(store.query(all))).toEqual(["dots", "line", "poly"])
    expect([...store.shownOverridesOf()]).toEqual([
      ["rect", false],
      ["dots", true]
    ])
    // Back to what the annotation says: the override goes.
    store.setShown("rect", true)
    expect([...store.shownOverridesOf()]).toEqual([["dots", true]])
    // A hidden label hides its shapes whatever this viewer chose for them.
    store.setLabelVisible("l1", false)
    expect(store.isVisible(store.get("rect")!)).toBe(true)
    expect(store.isShown(store.get("rect")!)).toBe(false)
    const other = new AnnotationStore()
    other.load(slide())
    other.restoreShown(store.shownOverridesOf())
    expect(other.isShown(other.get("dots")!)).toBe(true)
  })

  it("restyles a label's shapes, and only those, in one change that keeps geometry and versions", () => {
    const store = new AnnotationStore()
    store.load(slide())
    const before = store.get("poly")!
    const heard: Array<Change> = []
    store.subscribe((change) => heard.push(change))
    store.restyle("l2", "Stroma", "#123456")
    expect(store.get("poly")).toMatchObject({ labelName: "Stroma", color: "#123456", version: before.version, coords: before.coords })
    expect(store.get("rect")?.color).toBe("#FF0000")
    // What the viewport is drawn from is the restyled shape too (the index holds the objects).
    const everything = { minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 }
    expect(store.query(everything).find((shape) => shape.id === "poly")).toBe(store.get("poly"))
    expect(heard.map((c) => [c.origin, ids(c.upserted)])).toEqual([["remote", ["poly"]]])
    // Told again with nothing new, it changes nothing and says nothing.
    store.restyle("l2", "Stroma", "#123456")
    expect(heard).toHaveLength(1)
  })

  it("restyles a label of thousands by rebuilding its index, and draws every one in the new colour", () => {
    const store = new AnnotationStore()
    store.load(Array.from({ length: 2500 }, (_, i) => annotationOf(`c${i}`, ring(100 + (i % 50) * 40, 100 + Math.floor(i / 50) * 40, 5))))
    store.restyle("l1", "Tumour", "#00FF00")
    const shown = store.query({ minX: 0, minY: 0, maxX: 1e6, maxY: 1e6 })
    expect(shown).toHaveLength(2500)
    expect(new Set(shown.map((shape) => shape.color))).toEqual(new Set(["#00FF00"]))
  })

  it("parses every selector form into flat image coordinates, with label, author and version", () => {
    const store = new AnnotationStore()
    const report = store.load([
      ...slide(),
      {
        ...annotationOf("bad", ring(0, 0, 1)),
        data: {
          ...annotationOf("bad", ring(0, 0, 1)).data,
          target: { source: "s", selector: { type: "SvgSelector", value: "<svg><rect/></svg>" } }
        }
      }
    ])
    expect(report.loaded).toBe(4)
    expect(report.skipped).toHaveLength(1)
    expect(report.skipped[0]).toContain("bad")
    const rect = store.get("rect")!
    expect(rect.kind).toBe("rectangle")
    expect([...rect.coords]).toEqual([10, 20, 110, 20, 110, 70, 10, 70])
    expect(rect.bbox).toEqual(box(10, 20, 110, 70))
    expect(geometryOf(rect)).toEqual({ kind: "rectangle", x: 10, y: 20, w: 100, h: 50 })
    const poly = store.get("poly")!
    expect(poly.coords.length).toBe(64)
    expect(poly.color).toBe("#00FF00")
    expect(poly.labelId).toBe("l2")
    expect(poly.comments).toEqual(["mitosis"])
    expect(poly.author?.name).toBe("Ada")
    expect(store.get("dots")?.kind).toBe("points")
    expect(store.get("line")?.kind).toBe("polyline")
  })

  it("loads the compact read as it loads the W3C list: views of one array, boxes, index, hit tests", () => {
    const annotations = [
      ...slide(),
      annotationOf("cell", ring(300, 300, 20), { version: 4 }),
      annotationOf("region", { kind: "rectangle", x: 0, y: 0, w: 1000, h: 1000 }, { label: "l3", color: "" })
    ]
    const fromList = new AnnotationStore()
    fromList.load(annotations)
    const compact = compactOf(annotations)
    const store = new AnnotationStore()
    const heard: Array<Change> = []
    store.subscribe((change) => heard.push(change))
    store.loadCompact(compact)
    expect(heard.map((c) => [c.origin, c.reset, c.upserted.length])).toEqual([["load", true, 6]])
    expect([...store.all()]).toEqual([...fromList.all()])
    // Every shape's coordinates are a view of the answer's one array: nothing was copied or parsed.
    for (const shape of store.all()) expect(shape.coords.buffer).toBe(compact.coords.buffer)
    expect(store.get("rect")?.bbox).toEqual(box(10, 20, 110, 70))
    expect(store.get("region")?.color).toBe("#FFFF00")
    expect(store.get("poly")).toMatchObject({ labelId: "l2", color: "#00FF00", comments: ["mitosis"], author: { name: "Ada" } })
    expect(store.get("dots")?.visible).toBe(false)
    expect(ids(store.query(box(0, 0, 600, 600)))).toEqual(["cell", "poly", "rect", "region"])
    expect(ids(store.query(box(1001, 900, 3000, 3000)))).toEqual(["line"])
    expect(store.hitTest(300, 300, 2)?.id).toBe("cell")
    expect(store.hitTest(600, 600, 2)?.id).toBe("region")
    expect(store.hitTest(1100, 1050, 2)?.id).toBe("line")
    // An edit replaces the shape with coordinates of its own; its neighbours keep their views.
    const moved = withCoords(store.get("cell")!, [5000, 5000, 5010, 5000, 5010, 5010])
    store.apply("local", { upsert: [{ ...moved, version: 5 }] })
    expect(store.hitTest(300, 300, 2)?.id).toBe("region")
    expect(store.hitTest(5008, 5004, 1)?.id).toBe("cell")
    expect([...store.get("poly")!.coords]).toEqual([...fromList.get("poly")!.coords])
  })

  it("answers a viewport with the shown shapes that meet it", () => {
    const store = new AnnotationStore()
    store.load(slide())
    expect(ids(store.query(box(0, 0, 600, 600)))).toEqual(["poly", "rect"])
    expect(ids(store.query(box(900, 900, 3000, 3000)))).toEqual(["line"]) // "dots" is hidden
    store.setLabelVisible("l2", false)
    expect(ids(store.query(box(0, 0, 600, 600)))).toEqual(["rect"])
    store.setLabelVisible("l2", true)
    expect(ids(store.query(box(0, 0, 600, 600)))).toEqual(["poly", "rect"])
  })

  it("tells listeners once per batch, with its origin, and what a local change replaced", () => {
    const store = new AnnotationStore()
    const heard: Array<Change> = []
    store.subscribe((change) => heard.push(change))
    store.load(slide())
    const moved = {
      ...store.get("rect")!,
      bbox: box(5000, 5000, 5100, 5050),
      coords: new Float64Array([5000, 5000, 5100, 5000, 5100, 5050, 5000, 5050]),
      version: 2
    }
    const fresh = { ...moved, id: "new", version: 1 }
    store.apply("local", { upsert: [moved, fresh], remove: ["poly", "missing"] })
    expect(heard.map((c) => c.origin)).toEqual(["load", "local"])
    expect(heard[0]!.reset).toBe(true)
    const local = heard[1]!
    expect(ids(local.upserted)).toEqual(["new", "rect"])
    expect(ids(local.removed)).toEqual(["poly"])
    expect(ids(store.query(box(4900, 4900, 5200, 5200)))).toEqual(["new", "rect"])
    expect(ids(store.query(box(0, 0, 600, 600)))).toEqual([])
  })

  it("a remote change is never recorded for undo, and its echo of a version held changes nothing", () => {
    const store = new AnnotationStore()
    store.load(slide())
    const heard: Array<Change> = []
    store.subscribe((change) => heard.push(change))
    const echo = store.apply("remote", { upsert: [store.get("rect")!] })
    expect(echo.upserted).toEqual([])
    expect(heard).toEqual([])
    const newer = store.apply("remote", { upsert: [{ ...store.get("rect")!, version: 3, color: "#0000FF" }] })
    expect(newer.upserted).toHaveLength(1)
    expect(store.get("rect")?.color).toBe("#0000FF")
  })

  it("hit-tests: inside a closed shape, near a stroke or a point, the smallest first", () => {
    const store = new AnnotationStore()
    store.load([
      annotationOf("region", { kind: "rectangle", x: 0, y: 0, w: 1000, h: 1000 }),
      annotationOf("cell", ring(300, 300, 20)),
      annotationOf("stroke", {
        kind: "polyline",
        points: [
          [2000, 0],
          [2000, 500]
        ]
      }),
      annotationOf("count", { kind: "points", points: [[3000, 3000]] })
    ])
    expect(store.hitTest(300, 300, 2)?.id).toBe("cell")
    expect(store.hitTest(600, 600, 2)?.id).toBe("region")
    expect(store.hitTest(2003, 250, 4)?.id).toBe("stroke")
    expect(store.hitTest(2010, 250, 4)).toBeUndefined()
    expect(store.hitTest(3002, 3002, 4)?.id).toBe("count")
    expect(store.hitTest(5000, 5000, 4)).toBeUndefined()
  })
})

describe("shapeOf", () => {
  it("reads the canonical polygon form by hand exactly as parseSelector reads it, and other forms through it", () => {
    const values = [
      "<svg><polygon points='0.1,0.2 10.25,-3.125 1e3,+4 123456.789,.5'/></svg>",
      "<svg><polyline points='1,2 3,4'/></svg>",
      `<svg xmlns="http://www.w3.org/2000/svg"><polygon points="1,1 5,1 5,5"/></svg>`,
      "<svg><polygon points='1,1,5,1 5,5  7.000000000000001,9'/></svg>"
    ]
    for (const value of values) {
      const annotation = annotationOf("a", ring(0, 0, 1))
      const read = shapeOf({
        ...annotation,
        data: { ...annotation.data, target: { source: "s", selector: { type: "SvgSelector", value } } }
      })
      const parsed = parseSelector({ type: "SvgSelector", value })
      expect(read.ok && parsed.ok).toBe(true)
      if (read.ok && parsed.ok) {
        expect([...read.shape.coords]).toEqual((parsed.geometry as { points: ReadonlyArray<readonly [number, number]> }).points.flat())
        expect(read.shape.kind).toBe(parsed.geometry.kind)
      }
    }
    const annotation = annotationOf("a", ring(0, 0, 1))
    const tooFew = { type: "SvgSelector" as const, value: "<svg><polygon points='1,1 2,2'/></svg>" }
    expect(shapeOf({ ...annotation, data: { ...annotation.data, target: { source: "s", selector: tooFew } } }).ok).toBe(false)
  })
})

describe("SpatialIndex", () => {
  it("agrees with a scan of every box through inserts, moves, removes and rebuilds", () => {
    let seed = 3
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    const boxes = new Map<string, ReturnType<typeof box>>()
    const randomBox = () => {
      const x = random() * 10_000
      const y = random() * 10_000
      return box(x, y, x + random() * 300, y + random() * 300)
    }
    for (let i = 0; i < 3000; i++) boxes.set(`a${i}`, randomBox())
    const index = new SpatialIndex({ rebuildAtLeast: 200, rebuildShare: 0.05 })
    index.load([...boxes].map(([id, bbox]) => ({ id, bbox })))
    const scan = (q: ReturnType<typeof box>) =>
      [...boxes]
        .filter(([, b]) => b.minX <= q.maxX && b.maxX >= q.minX && b.minY <= q.maxY && b.maxY >= q.minY)
        .map(([id]) => id)
        .sort()
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 100; i++) {
        const id = `a${Math.floor(random() * 3000)}`
        if (random() < 0.4) {
          boxes.delete(id)
          index.delete(id)
        } else {
          const b = randomBox()
          boxes.set(id, b)
          index.set({ id, bbox: b })
        }
        const fresh = `n${round}-${i}`
        const b = randomBox()
        boxes.set(fresh, b)
        index.set({ id: fresh, bbox: b })
      }
      if (index.wantsRebuild) index.load([...boxes].map(([id, bbox]) => ({ id, bbox })))
      // The whole extent in view: every item without a tree walk, until an edit makes some stale.
      const everything = box(-1, -1, 20_000, 20_000)
      expect(
        index
          .search(everything)
          .map((item) => item.id)
          .sort()
      ).toEqual(scan(everything))
      for (let q = 0; q < 20; q++) {
        const query = box(random() * 9000, random() * 9000, 0, 0)
        const wide = { ...query, maxX: query.minX + 1500, maxY: query.minY + 1000 }
        expect(
          index
            .search(wide)
            .map((item) => item.id)
            .sort()
        ).toEqual(scan(wide))
      }
    }
    expect(index.builds).toBeGreaterThan(1)
    expect(index.size).toBe(boxes.size)
  })

  it("answers a view of the whole extent in load order, each item once", () => {
    const index = new SpatialIndex()
    const items = [
      { id: "c", bbox: box(50, 50, 60, 60) },
      { id: "a", bbox: box(0, 0, 10, 10) },
      { id: "b", bbox: box(20, 20, 30, 30) }
    ]
    index.load(items)
    expect(index.search(box(0, 0, 60, 60)).map((item) => item.id)).toEqual(["c", "a", "b"])
    index.set({ id: "d", bbox: box(5, 5, 6, 6) })
    expect(
      index
        .search(box(0, 0, 60, 60))
        .map((item) => item.id)
        .sort()
    ).toEqual(["a", "b", "c", "d"])
    index.delete("a")
    expect(
      index
        .search(box(0, 0, 60, 60))
        .map((item) => item.id)
        .sort()
    ).toEqual(["b", "c", "d"])
  })
})
