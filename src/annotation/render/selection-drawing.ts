// The selection (several shapes; one alone is the interactive layer's, with its handles), drawn over
// the rest in the scene's batches: a blue halo and the label's colour twice as thick, a shape too
// small to see as a ring around it, a counted point with a ring; so selecting 100,000 shapes costs a
// render of them, never a node each.
import type { Shape } from "../store/shape.ts"
import type { OutlineTracer } from "./outline-tracer.ts"
import { POINT_RADIUS_PX } from "./point-drawing.ts"
import { type Affine, scaleOf } from "./transform.ts"

/** The selection's halo and stroke, on screen. */
export const SELECTION_COLOR = "#3b82f6"
const HALO_PX = 4.5
export const SELECTED_STROKE_PX = 2
/** The box a Shift+drag draws to select what it surrounds (on screen). */
export const SELECTION_BOX = { stroke: SELECTION_COLOR, strokeWidth: 1.5, dash: [6, 4], fill: "rgba(59, 130, 246, 0.10)" }
/** A selected shape smaller than this on screen is ringed at this size, so it can be seen to be selected. */
const SELECTED_RING_PX = 5

/** A batch of selected shapes and how to draw them. */
export interface SelectedBatch {
  readonly shapes: ReadonlyArray<Shape>
  readonly start: number
  readonly end: number
  readonly color: string
}

/** The frame's drawing state a batch needs: transform, pixel ratio, detail level and fill. */
export interface BatchView {
  readonly m: Affine
  readonly pr: number
  readonly lod: number
  readonly level: number
  readonly fill: number
}

const strokeSelected = (ctx: CanvasRenderingContext2D, color: string, scale: number): void => {
  ctx.lineJoin = "round"
  ctx.strokeStyle = SELECTION_COLOR
  ctx.globalAlpha = 0.85
  ctx.lineWidth = HALO_PX / scale
  ctx.stroke()
  ctx.globalAlpha = 1
  ctx.strokeStyle = color
  ctx.lineWidth = SELECTED_STROKE_PX / scale
  ctx.stroke()
  ctx.lineJoin = "miter"
}

/**
 * Selected shapes of one colour, over what is drawn already: their outline (a ring for a shape too
 * small to see, rings round each counted point) in one path, stroked with a wide blue halo and
 * then the label's colour, thicker than the rest; closed ones tinted a little more (over their own fill).
 */
export const drawSelected = (ctx: CanvasRenderingContext2D, tracer: OutlineTracer, batch: SelectedBatch, view: BatchView): void => {
  const { shapes, start, end, color } = batch
  const { m, pr, lod, level, fill } = view
  const scale = scaleOf(m)
  const ring = SELECTED_RING_PX / scale
  // Outlines in image pixels...
  ctx.setTransform(pr * m.a, pr * m.b, pr * m.c, pr * m.d, pr * m.e, pr * m.f)
  ctx.beginPath()
  let closed = false
  for (let i = start; i < end; i++) {
    const shape = shapes[i]!
    if (shape.kind === "points") continue
    const { minX, minY, maxX, maxY } = shape.bbox
    if (maxX - minX < ring * 2 && maxY - minY < ring * 2) {
      const r = Math.max(ring, (maxX - minX + maxY - minY) / 4)
      const cx = (minX + maxX) / 2
      const cy = (minY + maxY) / 2
      ctx.moveTo(cx + r, cy)
      ctx.arc(cx, cy, r, 0, Math.PI * 2)
    } else tracer.trace(ctx, shape, lod, level)
    closed ||= shape.kind !== "polyline"
  }
  if (closed && fill > 0) {
    ctx.globalAlpha = Math.min(1, fill * 0.8)
    ctx.fillStyle = color
    ctx.fill()
    ctx.globalAlpha = 1
  }
  strokeSelected(ctx, color, scale)
  // ...and the counted points' rings on screen.
  ctx.setTransform(pr, 0, 0, pr, 0, 0)
  ctx.beginPath()
  let any = false
  for (let i = start; i < end; i++) {
    const shape = shapes[i]!
    if (shape.kind !== "points") continue
    any = true
    const { coords } = shape
    for (let j = 0; j < coords.length; j += 2) {
      const x = m.a * coords[j]! + m.c * coords[j + 1]! + m.e
      const y = m.b * coords[j]! + m.d * coords[j + 1]! + m.f
      const r = POINT_RADIUS_PX + 3
      ctx.moveTo(x + r, y)
      ctx.arc(x, y, r, 0, Math.PI * 2)
    }
  }
  if (any) strokeSelected(ctx, color, 1)
}
