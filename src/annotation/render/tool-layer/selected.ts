// The one selected shape above the scene (which leaves it out), always live, never cached: its line
// (an area's rings filled even-odd, which a Konva.Line cannot draw) and its handles: a square per
// vertex and a small disc on each edge's midpoint where a vertex can be inserted, when the user may
// change the shape; dots at the vertices when not. While a handle is dragged the nodes are moved,
// not rebuilt.
import Konva from "konva"
import { hasEdges, midpointsOf, showsHandles } from "../../edit.ts"
import type { Shape } from "../../store/shape.ts"
import { HANDLE_PX, inert, traceFlat } from "./trace.ts"

export class SelectedNodes {
  readonly line: Konva.Line
  readonly area: Konva.Shape
  readonly handles: Konva.Group
  shape: Shape | null = null
  editable = false

  constructor() {
    const line = { ...inert, strokeScaleEnabled: false, lineJoin: "round" as const, strokeWidth: 2.5, visible: false }
    this.line = new Konva.Line(line)
    this.area = new Konva.Shape({
      ...line,
      fillRule: "evenodd",
      sceneFunc: (context, node) => {
        context.beginPath()
        if (this.shape !== null) traceFlat(context, this.shape.coords, true, 0, 0)
        context.fillStrokeShape(node)
      }
    })
    this.handles = new Konva.Group({ visible: false })
  }

  /**
   * Shows `shape` with its handles. A shape with the same handles as the one shown (the same shape
   * dragged) moves the nodes it has. Returns whether anything changed.
   */
  show(shape: Shape | null, editable: boolean): boolean {
    if (shape === this.shape && editable === this.editable) return false
    const previous = this.shape
    const reuse = shape !== null && previous !== null && this.editable === editable && sameHandles(previous, shape)
    this.shape = shape
    this.editable = editable
    if (shape === null) {
      this.line.visible(false)
      this.area.visible(false)
      this.handles.visible(false)
      return true
    }
    const area = shape.kind === "area"
    this.line.setAttrs({
      points: area ? [] : [...shape.coords],
      closed: shape.kind !== "polyline",
      stroke: shape.color,
      fill: shape.kind === "polyline" ? "" : `${shape.color}33`,
      visible: shape.kind !== "points" && !area
    })
    this.area.setAttrs({ stroke: shape.color, fill: `${shape.color}33`, visible: area })
    if (reuse) this.moveHandles(shape)
    else this.buildHandles(shape, editable)
    this.handles.visible(true)
    return true
  }

  /** Handles keep their screen size whatever the zoom (`scale`: screen px per image px). */
  place(scale: number): void {
    const side = (HANDLE_PX * 2) / scale
    for (const handle of this.handles.getChildren()) {
      const name = handle.name()
      if (name === "vertex") handle.setAttrs({ width: side, height: side, offsetX: side / 2, offsetY: side / 2 })
      else handle.setAttrs({ radius: name === "midpoint" ? side * 0.4 : side * 0.35 })
    }
  }

  private buildHandles(shape: Shape, editable: boolean): void {
    this.handles.destroyChildren()
    const { coords } = shape
    // Handles only where they can be told apart; a long freehand outline shows its line alone.
    if (!showsHandles(shape.kind, coords)) return
    const node = { ...inert, strokeScaleEnabled: false }
    if (editable && hasEdges(shape.kind)) {
      const mids = midpointsOf(shape.kind, coords)
      for (let i = 0; i < mids.length; i += 2)
        this.handles.add(
          new Konva.Circle({
            ...node,
            name: "midpoint",
            x: mids[i]!,
            y: mids[i + 1]!,
            fill: "rgba(255, 255, 255, 0.75)",
            stroke: "#2563eb",
            strokeWidth: 1
          })
        )
    }
    for (let i = 0; i < coords.length; i += 2)
      this.handles.add(
        editable
          ? new Konva.Rect({
              ...node,
              name: "vertex",
              x: coords[i]!,
              y: coords[i + 1]!,
              fill: "#ffffff",
              stroke: "#2563eb",
              strokeWidth: 1.5
            })
          : new Konva.Circle({
              ...node,
              name: "dot",
              x: coords[i]!,
              y: coords[i + 1]!,
              fill: shape.color,
              stroke: "rgba(0, 0, 0, 0.6)",
              strokeWidth: 1
            })
      )
  }

  private moveHandles(shape: Shape): void {
    const { coords } = shape
    const handles = this.handles.getChildren()
    const mids = hasEdges(shape.kind) && handles[0]?.name() === "midpoint" ? midpointsOf(shape.kind, coords) : []
    const m = mids.length / 2
    for (let i = 0; i < handles.length; i++) {
      const [x, y] = i < m ? [mids[i * 2]!, mids[i * 2 + 1]!] : [coords[(i - m) * 2]!, coords[(i - m) * 2 + 1]!]
      handles[i]!.position({ x, y })
    }
  }
}

/** Whether two shapes take the same handle nodes (the same shape, its vertex count unchanged). */
const sameHandles = (a: Shape, b: Shape): boolean =>
  a.id === b.id && a.kind === b.kind && a.coords.length === b.coords.length && showsHandles(b.kind, b.coords)
