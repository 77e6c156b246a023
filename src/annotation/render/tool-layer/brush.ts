// The brush's own drawing: the stroke painted so far (its rings filled even-odd, so a loop shows
// its hole), and the brush's circle at the pointer, a light ring inside a dark one so it shows on
// pale and dark tissue alike; dashed while the brush cuts.
import Konva from "konva"
import { inert, traceFlat } from "./trace.ts"

export interface BrushPreview {
  /** The pointer, image px. */
  readonly x: number
  readonly y: number
  /** The brush's diameter, screen px. */
  readonly px: number
  readonly subtract: boolean
  /** The stroke so far: flat rings (NaN between), image px; empty between strokes. */
  readonly stroke: ReadonlyArray<number>
  readonly color: string
}

export class BrushNode {
  readonly node: Konva.Shape
  private brush: BrushPreview | null = null
  private readonly scale: () => number

  constructor(scale: () => number) {
    this.scale = scale
    this.node = new Konva.Shape({ ...inert, visible: false, sceneFunc: (context) => this.trace(context) })
  }

  show(brush: BrushPreview | null): void {
    this.brush = brush
    this.node.visible(brush !== null)
  }

  private trace(context: Konva.Context): void {
    const brush = this.brush
    if (brush === null) return
    const scale = this.scale()
    if (brush.stroke.length >= 6) {
      context.beginPath()
      traceFlat(context, Float64Array.from(brush.stroke), true, 0, 0)
      context.setAttr("fillStyle", brush.subtract ? "rgba(17, 24, 39, 0.35)" : `${brush.color}55`)
      context._context.fill("evenodd")
      context.setAttr("strokeStyle", brush.subtract ? "#ffffff" : brush.color)
      context.setAttr("lineWidth", 1.5 / scale)
      context.setLineDash(brush.subtract ? [4 / scale, 3 / scale] : [])
      context.stroke()
    }
    const r = brush.px / 2 / scale
    for (const [color, width] of [
      ["rgba(17, 24, 39, 0.8)", 3],
      ["#ffffff", 1.25]
    ] as const) {
      context.beginPath()
      context.arc(brush.x, brush.y, r, 0, Math.PI * 2, false)
      context.setAttr("strokeStyle", color)
      context.setAttr("lineWidth", width / scale)
      context.setLineDash(brush.subtract ? [6 / scale, 4 / scale] : [])
      context.stroke()
    }
    context.setLineDash([])
  }
}
