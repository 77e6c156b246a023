// The shape being drawn: a dashed line (filled lightly when closed), dots at a polygon's vertices
// with the first one marked when a click there closes it, and a caption (the ruler's length). A
// draft of several rings (the wand's region with its holes, NaN pairs between the rings) is traced
// ring by ring and filled even-odd, which a Konva.Line cannot do.
import Konva from "konva"
import { type Affine, apply } from "../transform.ts"
import { BrushNode, type BrushPreview } from "./brush.ts"
import { HANDLE_PX, inert, traceFlat } from "./trace.ts"

export interface Preview {
  /** x,y pairs in image pixels. */
  readonly coords: ReadonlyArray<number>
  readonly closed: boolean
  readonly color: string
  /** Dots at the vertices (a polygon being clicked out). */
  readonly vertices?: boolean
  /** Text beside the last vertex (the ruler's length). */
  readonly caption?: string
  /** The first vertex is a target: clicking it closes the polygon. */
  readonly closeTarget?: boolean
  /** The brush: its circle and its stroke, drawn by their own node instead of the line. */
  readonly brush?: BrushPreview
}

export class PreviewNodes {
  /** In image pixels: goes in the tool group, under the view's transform. */
  readonly line: Konva.Line
  /** A draft of several rings, in image pixels like the line. */
  readonly area: Konva.Shape
  private rings: Float64Array = new Float64Array(0)
  readonly vertices: Konva.Group
  /** In screen pixels: beside the tool group, so its text keeps its size. */
  readonly caption: Konva.Label
  readonly brush: BrushNode

  constructor(scale: () => number) {
    this.brush = new BrushNode(scale)
    const line = { ...inert, strokeScaleEnabled: false, lineJoin: "round" as const, strokeWidth: 2, dash: [6, 4], visible: false }
    this.line = new Konva.Line(line)
    this.area = new Konva.Shape({
      ...line,
      fillRule: "evenodd",
      sceneFunc: (context, node) => {
        context.beginPath()
        traceFlat(context, this.rings, true, 0, 0)
        context.fillStrokeShape(node)
      }
    })
    this.vertices = new Konva.Group({ visible: false })
    this.caption = new Konva.Label({ visible: false, listening: false })
    this.caption.add(new Konva.Tag({ fill: "rgba(17, 24, 39, 0.85)", cornerRadius: 4 }))
    this.caption.add(new Konva.Text({ text: "", fill: "#f9fafb", fontSize: 12, padding: 5, fontFamily: "system-ui, sans-serif" }))
  }

  /** Shows the preview for the view as `transform` has it (`scale`: screen px per image px). */
  show(preview: Preview | null, transform: Affine, scale: number): void {
    this.brush.show(preview?.brush ?? null)
    if (preview === null || preview.coords.length < 2 || preview.brush !== undefined) {
      this.line.visible(false)
      this.area.visible(false)
      this.vertices.visible(false)
      this.caption.visible(false)
      return
    }
    const rings = preview.coords.some(Number.isNaN)
    if (rings) {
      this.rings = Float64Array.from(preview.coords)
      this.area.setAttrs({ stroke: preview.color, fill: `${preview.color}22`, visible: true })
      this.line.visible(false)
    } else {
      this.line.setAttrs({ points: [...preview.coords], closed: preview.closed, stroke: preview.color, visible: true })
      this.line.fill(preview.closed ? `${preview.color}22` : "")
      this.area.visible(false)
    }
    this.vertices.destroyChildren()
    if (preview.vertices) {
      const n = preview.coords.length / 2
      const radius = HANDLE_PX / scale
      for (let i = 0; i < n; i++) {
        const first = i === 0 && preview.closeTarget === true
        this.vertices.add(
          new Konva.Circle({
            ...inert,
            x: preview.coords[i * 2]!,
            y: preview.coords[i * 2 + 1]!,
            radius: first ? radius * 1.6 : radius,
            fill: first ? preview.color : "#ffffff",
            stroke: preview.color,
            strokeWidth: 1.5,
            strokeScaleEnabled: false
          })
        )
      }
    }
    this.vertices.visible(preview.vertices === true)
    if (preview.caption !== undefined) {
      const [x, y] = apply(transform, preview.coords.at(-2)!, preview.coords.at(-1)!)
      ;(this.caption.getText() as Konva.Text).text(preview.caption)
      this.caption.position({ x: x + 10, y: y + 10 }).visible(true)
    } else this.caption.visible(false)
  }
}
