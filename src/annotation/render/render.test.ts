import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { AnnotationStore } from "../store/store.ts"
import { POINTS_AS_DOTS, SceneRenderer } from "./scene.ts"
import { douglasPeucker, radial, simplify } from "./simplify.ts"
import { affineFrom, apply, compose, invert, konvaAttrs, sameAffine, scaleOf, visibleImageBox } from "./transform.ts"

/** A 2D context that counts what it is asked to draw. */
const recorder = () => {
  const calls = { moveTo: 0, lineTo: 0, stroke: 0, fill: 0, drawImage: 0, arc: 0, arcTo: 0, setTransform: 0 }
  const ctx = new Proxy(
    {},
    {
      get: (_, name: string) => (name in calls ? () => void calls[name as keyof typeof calls]++ : () => undefined),
      set: () => true
    }
  ) as unknown as CanvasRenderingContext2D
  return { ctx, calls }
}

class FakeImageData {
  readonly data: Uint8ClampedArray
  readonly width: number
  readonly height: number
  constructor(width: number, height: number) {
    this.width = width
    this.height = height
    this.data = new Uint8ClampedArray(width * height * 4)
  }
}
;(globalThis as { ImageData?: unknown }).ImageData ??= FakeImageData

const fakeCanvas = () => ({ getContext: () => ({ putImageData: () => undefined }) }) as unknown as HTMLCanvasElement

describe("transform", () => {
  it("an affine map from three points keeps rotation, inverts, and decomposes for Konva", () => {
    // 90° clockwise at 0.5 screen px per image px, image origin at (400, 10).
    const m = affineFrom({ x: 400, y: 10 }, { x: 400, y: 60 }, { x: 350, y: 10 }, 100)
    expect(scaleOf(m)).toBeCloseTo(0.5)
    expect(apply(m, 100, 0)).toEqual([400, 60])
    const [x, y] = apply(invert(m), ...apply(m, 37, 91))
    expect(x).toBeCloseTo(37)
    expect(y).toBeCloseTo(91)
    expect(konvaAttrs(m)).toMatchObject({ x: 400, y: 10, rotation: 90 })
    expect(konvaAttrs(m).scaleX).toBeCloseTo(0.5)
    // The screen 800x20 seen through the rotated map covers image x 20..40... rows, clipped by the corners.
    const box = visibleImageBox(m, 800, 600)
    expect(box.minX).toBeCloseTo(-20)
    expect(box.maxX).toBeCloseTo(1180)
  })

  it("composes maps, so a cached bitmap lands where the view is now", () => {
    const rendered = affineFrom({ x: 400, y: 10 }, { x: 400, y: 60 }, { x: 350, y: 10 }, 100)
    const now = { a: 1.5, b: 0, c: 0, d: 1.5, e: -30, f: 12 }
    // cache px -> image px -> screen now
    const [x, y] = apply(compose(now, invert(rendered)), ...apply(rendered, 37, 91))
    expect(x).toBeCloseTo(apply(now, 37, 91)[0])
    expect(y).toBeCloseTo(apply(now, 37, 91)[1])
    expect(sameAffine(compose(rendered, invert(rendered)), { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 })).toBe(true)
    expect(sameAffine(rendered, { ...rendered, e: rendered.e + 0.5 })).toBe(false)
  })
})

describe("simplify", () => {
  it("keeps the ends and the corners, drops what lies within the tolerance", () => {
    const line = [0, 0, 1, 0.1, 2, -0.1, 3, 0, 3, 5]
    expect([...douglasPeucker(line, 0.5)]).toEqual([0, 0, 3, 0, 3, 5])
    expect([...radial([0, 0, 0.2, 0, 0.4, 0, 5, 0], 1)]).toEqual([0, 0, 5, 0])
    const circle = ring(0, 0, 1000, 5000).kind === "polygon" ? ring(0, 0, 1000, 5000) : null
    const flat = (circle as { points: ReadonlyArray<readonly [number, number]> }).points.flat()
    expect(simplify(flat, 2).length / 2).toBeLessThan(100)
  })
})

describe("SceneRenderer", () => {
  const store = new AnnotationStore()
  store.load([
    annotationOf("big", ring(500, 500, 200)),
    annotationOf("small", ring(2000, 2000, 2), { color: "#00FF00" }),
    annotationOf("cell", ring(1500, 1000, 8), { color: "#00FF00" }),
    annotationOf("far", ring(90_000, 90_000, 200)),
    annotationOf("count", { kind: "points", points: [[600, 600]] })
  ])
  const frame = (scale: number) => ({ width: 1000, height: 800, pixelRatio: 1, transform: { a: scale, b: 0, c: 0, d: scale, e: 0, f: 0 } })

  it("draws only what the viewport holds, one stroke per batch, tiny shapes as dots, small ones as circles", () => {
    const { ctx, calls } = recorder()
    const stats = new SceneRenderer(fakeCanvas).draw(ctx, store, frame(0.4))
    expect(stats.queried).toBe(4) // "far" is off screen
    expect(stats.outlines).toBe(1) // "big"
    expect(stats.circles).toBe(1) // "cell": 16 image px at 0.4 is 6.4 screen px
    expect(stats.dots).toBe(1) // "small": 4 image px at 0.4 is under 3 screen px
    expect(calls.stroke).toBe(3) // the outline batch, the circle batch, and the counter point's ring
    expect(calls.drawImage).toBe(1)
    expect(calls.arc).toBe(2) // the circle and the counter point
  })

  it("draws a comment as a speech bubble, not as a counted point's disc", () => {
    const withComment = new AnnotationStore()
    withComment.load([
      annotationOf("count", { kind: "points", points: [[600, 600]] }),
      annotationOf("note", { kind: "points", points: [[700, 600]] }, { comment: "mitosis here" })
    ])
    const { ctx, calls } = recorder()
    new SceneRenderer(fakeCanvas).draw(ctx, withComment, frame(0.4))
    expect(calls.arcTo).toBe(4) // the bubble's four rounded corners
    expect(calls.arc).toBe(1 + 3) // the counted point's disc, and the bubble's three dots
    expect(calls.stroke).toBe(2) // the disc's ring and the bubble's outline
  })

  it("draws many points as dots, a detection's lighter, and few as discs batched by colour; a comment stays a pin", () => {
    const nuclei = (count: number) => {
      const store = new AnnotationStore()
      const at = (i: number): [number, number] => [100 + (i % 100) * 20, 100 + Math.floor(i / 100) * 20]
      store.load([
        // An analysis' detections are locked points (server/services/ai).
        ...Array.from({ length: count }, (_, i) => {
          const a = annotationOf(`n${i}`, { kind: "points", points: [at(i)] }, { color: i % 5 === 0 ? "#8B4513" : "#3B82F6" })
          return { ...a, data: { ...a.data, locked: true } }
        }),
        annotationOf("count", { kind: "points", points: [[50, 50]] }),
        annotationOf("note", { kind: "points", points: [[60, 50]] }, { comment: "mitosis" })
      ])
      const { ctx, calls } = recorder()
      const stats = new SceneRenderer(fakeCanvas).draw(ctx, store, frame(0.4))
      return { stats, calls }
    }
    const many = nuclei(POINTS_AS_DOTS + 1000)
    expect(many.stats.dots).toBe(POINTS_AS_DOTS + 1000 + 1) // the nuclei and the counted point
    expect(many.calls.drawImage).toBe(2) // the counted point's dot, then the nuclei's lighter layer
    expect(many.calls.arc).toBe(3) // the pin's three dots alone
    const few = nuclei(1000)
    expect(few.stats.dots).toBe(0)
    expect(few.calls.arc).toBe(1000 + 1 + 3)
    // Two colours of nuclei in paths of 256 discs (4 + 1), the counted point's, and the pin's outline.
    expect(few.calls.stroke).toBe(4 + 1 + 1 + 1)
    expect(few.calls.drawImage).toBe(0)
  })

  it("draws in slices: a job stops at its deadline and goes on where it stopped", () => {
    const many = new AnnotationStore()
    many.load(Array.from({ length: 1000 }, (_, i) => annotationOf(`c${i}`, ring(100 + (i % 40) * 60, 100 + Math.floor(i / 40) * 60, 20))))
    const whole = recorder()
    const all = new SceneRenderer(fakeCanvas).draw(whole.ctx, many, frame(0.3))
    const sliced = recorder()
    const job = new SceneRenderer(fakeCanvas).begin(sliced.ctx, many, frame(0.3))
    let slices = 0
    while (!job.step(0)) slices++
    expect(slices).toBe(8) // sorting, then 1,000 outlines in 8 batches; a past deadline still does one step
    expect(job.done).toBe(true)
    expect(job.stats).toEqual(all)
    expect(sliced.calls.lineTo).toBe(whole.calls.lineTo)
  })

  it("thins outlines by zoom: a 32-vertex ring a few pixels across is drawn with fewer vertices", () => {
    const near = new SceneRenderer(fakeCanvas).draw(recorder().ctx, store, frame(1))
    const farOut = new SceneRenderer(fakeCanvas).draw(recorder().ctx, store, frame(0.012))
    expect(near.vertices).toBeGreaterThanOrEqual(32)
    expect(farOut.vertices).toBeLessThan(near.vertices)
  })

  it("fills closed shapes, never an open line: a freehand stroke is stroked only", () => {
    const withLine = new AnnotationStore()
    withLine.load([
      annotationOf("region", ring(500, 500, 200)),
      annotationOf("stroke", {
        kind: "polyline",
        points: [
          [100, 100],
          [900, 150],
          [950, 900]
        ]
      })
    ])
    const { ctx, calls } = recorder()
    const stats = new SceneRenderer(fakeCanvas).draw(ctx, withLine, { ...frame(0.4), fillAlpha: 0.2 })
    expect(stats.outlines).toBe(2)
    expect(calls.stroke).toBe(2) // the region's batch and the line's
    expect(calls.fill).toBe(1) // the region's only
  })

  it("leaves the selected shape to the interactive layer", () => {
    const stats = new SceneRenderer(fakeCanvas).draw(recorder().ctx, store, { ...frame(0.4), selectedId: "big" })
    expect(stats.outlines).toBe(0)
  })

  it("highlights a selection of several after the rest, one halo and one stroke per colour, no node per shape", () => {
    const plain = recorder()
    new SceneRenderer(fakeCanvas).draw(plain.ctx, store, frame(0.4))
    const { ctx, calls } = recorder()
    const selection = new Set(["big", "small", "cell", "count", "far"])
    const stats = new SceneRenderer(fakeCanvas).draw(ctx, store, { ...frame(0.4), selection })
    // Drawn as ever, and then the four in view again, highlighted ("far" is off screen).
    expect([stats.outlines, stats.circles, stats.dots]).toEqual([1, 1, 1])
    expect(stats.selected).toBe(4)
    // Two colours: red (big, count) and green (small, cell); each a halo and a stroke, the points' rings too.
    expect(calls.stroke - plain.calls.stroke).toBe(2 * 2 + 2)
    // The tiny and the small cell are ringed so they show; the counted point gets a ring.
    expect(calls.arc - plain.calls.arc).toBe(3)
  })

  it("leaves shapes being dragged out of the scene", () => {
    const stats = new SceneRenderer(fakeCanvas).draw(recorder().ctx, store, { ...frame(0.4), excluded: new Set(["big", "cell"]) })
    expect([stats.outlines, stats.circles, stats.dots]).toEqual([0, 0, 1])
  })
})
