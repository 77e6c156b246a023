import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../store/fixtures.ts"
import { AnnotationStore } from "../store/store.ts"
import { SceneRenderer } from "./scene.ts"
import { douglasPeucker, radial, simplify } from "./simplify.ts"
import { affineFrom, apply, invert, konvaAttrs, scaleOf, visibleImageBox } from "./transform.ts"

/** A 2D context that counts what it is asked to draw. */
const recorder = () => {
  const calls = { moveTo: 0, lineTo: 0, stroke: 0, fill: 0, drawImage: 0, arc: 0 }
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
    annotationOf("far", ring(90_000, 90_000, 200)),
    annotationOf("count", { kind: "points", points: [[600, 600]] })
  ])
  const frame = (scale: number) => ({ width: 1000, height: 800, pixelRatio: 1, transform: { a: scale, b: 0, c: 0, d: scale, e: 0, f: 0 } })

  it("draws only what the viewport holds, one stroke per colour, tiny shapes as dots", () => {
    const { ctx, calls } = recorder()
    const stats = new SceneRenderer(fakeCanvas).draw(ctx, store, frame(0.4))
    expect(stats.queried).toBe(3) // "far" is off screen
    expect(stats.outlines).toBe(1) // "big"
    expect(stats.dots).toBe(1) // "small": 4 image px at 0.4 is under 3 screen px
    expect(calls.stroke).toBe(2) // the outlines' colour, and the counter point's ring
    expect(calls.drawImage).toBe(1)
    expect(calls.arc).toBe(1)
  })

  it("thins outlines by zoom: a 32-vertex ring a few pixels across is drawn with fewer vertices", () => {
    const near = new SceneRenderer(fakeCanvas).draw(recorder().ctx, store, frame(1))
    const farOut = new SceneRenderer(fakeCanvas).draw(recorder().ctx, store, frame(0.012))
    expect(near.vertices).toBeGreaterThanOrEqual(32)
    expect(farOut.vertices).toBeLessThan(near.vertices)
  })

  it("leaves the selected shape to the interactive layer", () => {
    const stats = new SceneRenderer(fakeCanvas).draw(recorder().ctx, store, { ...frame(0.4), selectedId: "big" })
    expect(stats.outlines).toBe(0)
  })
})
