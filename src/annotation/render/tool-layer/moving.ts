// Several selected shapes being dragged: traced each frame where the drag has them (the scene leaves
// them out meanwhile), or, beyond MOVE_PREVIEW_LIMIT, the box around them all standing for them.
import Konva from "konva"
import type { Shape } from "../../store/shape.ts"
import { SELECTED_STROKE_PX, SELECTION_COLOR } from "../selection-drawing.ts"
import { inert, traceFlat } from "./trace.ts"

/** Shapes of a dragged selection traced each frame at most; beyond, the box around them all stands for them. */
export const MOVE_PREVIEW_LIMIT = 2000

/** The dragged shapes as they were at the press, and how far the drag has them (image px). */
export interface Dragged {
  readonly ids: ReadonlyArray<string>
  readonly shapes: ReadonlyArray<Shape>
  dx: number
  dy: number
}

export class MovingNode {
  readonly node: Konva.Shape
  dragged: Dragged | null = null
  private readonly scale: () => number

  constructor(scale: () => number) {
    this.scale = scale
    this.node = new Konva.Shape({ ...inert, visible: false, sceneFunc: (context) => this.trace(context) })
  }

  private trace(context: Konva.Context): void {
    const moving = this.dragged
    if (moving === null) return
    const { dx, dy, shapes } = moving
    const scale = this.scale()
    context.beginPath()
    if (shapes.length <= MOVE_PREVIEW_LIMIT) {
      for (const shape of shapes) {
        const { coords } = shape
        if (shape.kind === "points") {
          const r = 6 / scale
          for (let i = 0; i < coords.length; i += 2) {
            context.moveTo(coords[i]! + dx + r, coords[i + 1]! + dy)
            context.arc(coords[i]! + dx, coords[i + 1]! + dy, r, 0, Math.PI * 2, false)
          }
          continue
        }
        traceFlat(context, coords, shape.kind !== "polyline", dx, dy)
      }
    } else {
      let minX = Number.POSITIVE_INFINITY
      let minY = Number.POSITIVE_INFINITY
      let maxX = Number.NEGATIVE_INFINITY
      let maxY = Number.NEGATIVE_INFINITY
      for (const { bbox } of shapes) {
        minX = Math.min(minX, bbox.minX)
        minY = Math.min(minY, bbox.minY)
        maxX = Math.max(maxX, bbox.maxX)
        maxY = Math.max(maxY, bbox.maxY)
      }
      context.rect(minX + dx, minY + dy, maxX - minX, maxY - minY)
    }
    context.setAttr("lineJoin", "round")
    context.setAttr("strokeStyle", SELECTION_COLOR)
    context.setAttr("globalAlpha", 0.85)
    context.setAttr("lineWidth", 4 / scale)
    context.stroke()
    context.setAttr("globalAlpha", 1)
    context.setAttr("strokeStyle", "#ffffff")
    context.setAttr("lineWidth", SELECTED_STROKE_PX / 2 / scale)
    context.stroke()
  }
}
