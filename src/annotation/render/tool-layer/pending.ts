// Shapes finished but not yet saved (the tools take the next one meanwhile): drawn dashed, a point
// as a translucent disc, until the store has them.
import Konva from "konva"
import { inert, traceFlat } from "./trace.ts"

/** A finished shape on its way to the server: drawn dashed until the store has it. */
export interface PendingShape {
  /** x,y pairs in image pixels; one pair is a counted point. */
  readonly coords: ReadonlyArray<number>
  readonly closed: boolean
  readonly color: string
}

export class PendingNode {
  readonly node: Konva.Shape
  private pending: ReadonlyArray<PendingShape> = []
  /** Screen px per image px now, for the dash and the line width. */
  private readonly scale: () => number

  constructor(scale: () => number) {
    this.scale = scale
    this.node = new Konva.Shape({ ...inert, visible: false, sceneFunc: (context) => this.trace(context) })
  }

  /** Whether showing these changes anything (none shown, none to show: nothing). */
  set(pending: ReadonlyArray<PendingShape>): boolean {
    if (pending.length === 0 && this.pending.length === 0) return false
    this.pending = pending
    this.node.visible(pending.length > 0)
    return true
  }

  private trace(context: Konva.Context): void {
    const scale = this.scale()
    for (const { coords, closed, color } of this.pending) {
      context.beginPath()
      if (coords.length === 2) {
        context.arc(coords[0]!, coords[1]!, 5 / scale, 0, Math.PI * 2, false)
        context.setAttr("fillStyle", color)
        context.setAttr("globalAlpha", 0.6)
        context.fill()
        context.setAttr("globalAlpha", 1)
      } else {
        // An area's rings (a brush stroke or a wand's region with a hole) are NaN-separated: traced ring by ring.
        traceFlat(context, Float64Array.from(coords), closed, 0, 0)
      }
      context.setAttr("strokeStyle", color)
      context.setAttr("lineWidth", 2 / scale)
      context.setLineDash([6 / scale, 4 / scale])
      context.stroke()
      context.setLineDash([])
    }
  }
}
