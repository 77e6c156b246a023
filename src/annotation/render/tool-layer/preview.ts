// The shape being drawn: a dashed line (filled lightly when closed), dots at a polygon's vertices
// with the first one marked when a click there closes it, and a caption (the ruler's length).
import Konva from "konva"
import { type Affine, apply } from "../transform.ts"
import { BrushNode, type BrushPreview } from "./brush.ts"
import { HANDLE_PX, inert } from "./trace.ts"

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
  readonly vertices: Konva.Group
  /** In screen pixels: beside the tool group, so its text keeps its size. */
  readonly caption: Konva.Label
  readonly brush: BrushNode

  constructor(scale: () => number) {
    this.brush = new BrushNode(scale)
    this.line = new Konva.Line({ ...inert, strokeScaleEnabled: false, lineJoin: "round", strokeWidth: 2, dash: [6, 4], visible: false })
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
      this.vertices.visible(false)
      this.caption.visible(false)
      return
    }
    this.line.setAttrs({ points: [...preview.coords], closed: preview.closed, stroke: preview.color, visible: true })
    this.line.fill(preview.closed ? `${preview.color}22` : "")
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
