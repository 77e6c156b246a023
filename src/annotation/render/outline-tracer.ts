// Appends shapes' outlines to a canvas path at a zoom level's detail: vertices closer than `lod` to
// the last one drawn are skipped as the path is built (no allocation), and runs of more than DP_FROM
// vertices are simplified once per zoom level (Douglas-Peucker, cached per shape or ring), so a
// 5,000-vertex outline is not walked every frame. An area's rings are split once and each traced.
import { ringsOf } from "../rings.ts"
import type { Shape } from "../store/shape.ts"
import { simplify } from "./simplify.ts"

/** Outlines of more vertices than this are simplified once per zoom level. */
export const DP_FROM = 128

export class OutlineTracer {
  private readonly simplified = new WeakMap<object, { readonly level: number; readonly coords: Float64Array }>()
  private readonly rings = new WeakMap<Shape, ReadonlyArray<{ readonly coords: Float64Array }>>()

  /** Appends the shape's outline to the current path (an area's every ring); returns the vertices drawn. */
  trace(ctx: CanvasRenderingContext2D, shape: Shape, lod: number, level: number): number {
    if (shape.kind !== "area") return this.traceRun(ctx, shape, shape.coords, shape.kind !== "polyline", lod, level)
    let rings = this.rings.get(shape)
    if (rings === undefined) {
      // Split once per shape (views of its coordinates); each ring is simplified on its own.
      rings = ringsOf(shape.coords).map((coords) => ({ coords }))
      this.rings.set(shape, rings)
    }
    let drawn = 0
    for (const ring of rings) drawn += this.traceRun(ctx, ring, ring.coords, true, lod, level)
    return drawn
  }

  /** One run of vertices (a shape, or one ring of an area); `key` caches its simplified form. */
  private traceRun(ctx: CanvasRenderingContext2D, key: object, all: Float64Array, closed: boolean, lod: number, level: number): number {
    let coords = all
    if (coords.length / 2 > DP_FROM) {
      let cached = this.simplified.get(key)
      if (cached === undefined || cached.level !== level) {
        cached = { level, coords: simplify(coords, 0.5 * 2 ** level) }
        this.simplified.set(key, cached)
      }
      coords = cached.coords
    }
    const n = coords.length / 2
    const lod2 = lod * lod
    let px = coords[0]!
    let py = coords[1]!
    ctx.moveTo(px, py)
    let drawn = 1
    for (let i = 1; i < n; i++) {
      const x = coords[i * 2]!
      const y = coords[i * 2 + 1]!
      const dx = x - px
      const dy = y - py
      if (dx * dx + dy * dy >= lod2 || i === n - 1) {
        ctx.lineTo(x, y)
        px = x
        py = y
        drawn++
      }
    }
    if (closed) ctx.closePath()
    return drawn
  }
}
