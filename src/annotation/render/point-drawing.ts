// Counter points and comment pins, in screen pixels whatever the zoom. A point is a filled disc
// outlined dark so it shows on any stain; a locked point (an analysis' detection is one:
// server/services/ai) is drawn lighter, half see-through with a faint outline, as QuPath draws
// detections, so thousands of them leave the stain readable. A comment is a point too, drawn as a
// speech bubble centred on it, so a pin is never read as a counted cell.
import type { Shape } from "../store/shape.ts"
import type { Affine } from "./transform.ts"

export const POINT_RADIUS_PX = 5
/** Half the width of a comment's speech bubble, in screen pixels. */
export const PIN_PX = 9

/** How opaque a locked point (a detection) is drawn, as a disc or as a dot. */
export const LIGHT_ALPHA = 0.55
/** Discs per path: one fill and one stroke for each, not one per point. */
const PATH_POINTS = 256

/** Counter points as discs, batched by colour and lightness; comment pins each on their own. */
export const drawPoints = (ctx: CanvasRenderingContext2D, shapes: ReadonlyArray<Shape>, m: Affine, pr: number): void => {
  ctx.setTransform(pr, 0, 0, pr, 0, 0)
  const groups = new Map<string, Array<Shape>>()
  for (const shape of shapes) {
    if (shape.comments.length > 0) continue
    const key = `${shape.color}${shape.props?.locked === true ? " light" : ""}`
    let group = groups.get(key)
    if (group === undefined) {
      group = []
      groups.set(key, group)
    }
    group.push(shape)
  }
  for (const group of groups.values()) {
    const light = group[0]!.props?.locked === true
    ctx.globalAlpha = light ? LIGHT_ALPHA : 1
    ctx.fillStyle = group[0]!.color
    ctx.lineWidth = light ? 1 : 1.5
    ctx.strokeStyle = light ? "rgba(0, 0, 0, 0.45)" : "rgba(0, 0, 0, 0.7)"
    let inPath = 0
    ctx.beginPath()
    for (const { coords } of group) {
      for (let i = 0; i < coords.length; i += 2) {
        const x = m.a * coords[i]! + m.c * coords[i + 1]! + m.e
        const y = m.b * coords[i]! + m.d * coords[i + 1]! + m.f
        ctx.moveTo(x + POINT_RADIUS_PX, y)
        ctx.arc(x, y, POINT_RADIUS_PX, 0, Math.PI * 2)
        if (++inPath === PATH_POINTS) {
          ctx.fill()
          ctx.stroke()
          ctx.beginPath()
          inPath = 0
        }
      }
    }
    if (inPath > 0) {
      ctx.fill()
      ctx.stroke()
    }
  }
  ctx.globalAlpha = 1
  for (const shape of shapes) if (shape.comments.length > 0) drawCommentPin(ctx, shape, m)
}

const drawCommentPin = (ctx: CanvasRenderingContext2D, shape: Shape, m: Affine): void => {
  const { coords } = shape
  const x = m.a * coords[0]! + m.c * coords[1]! + m.e
  const y = m.b * coords[0]! + m.d * coords[1]! + m.f
  const [w, h, r] = [PIN_PX * 2, PIN_PX * 1.5, 3]
  const left = x - w / 2
  const top = y - h / 2
  ctx.beginPath()
  ctx.moveTo(left + r, top)
  ctx.arcTo(left + w, top, left + w, top + h, r)
  ctx.arcTo(left + w, top + h, left, top + h, r)
  // The tail, down and to the left, under the bubble.
  ctx.lineTo(left + w * 0.45, top + h)
  ctx.lineTo(left + w * 0.2, top + h + 5)
  ctx.lineTo(left + w * 0.25, top + h)
  ctx.arcTo(left, top + h, left, top, r)
  ctx.arcTo(left, top, left + w, top, r)
  ctx.closePath()
  ctx.fillStyle = shape.color
  ctx.fill()
  ctx.lineWidth = 1.5
  ctx.strokeStyle = "rgba(0, 0, 0, 0.7)"
  ctx.stroke()
  // Three dots: the sign of a comment on any label colour.
  ctx.beginPath()
  for (const dx of [-4, 0, 4]) {
    ctx.moveTo(x + dx + 1.3, y)
    ctx.arc(x + dx, y, 1.3, 0, Math.PI * 2)
  }
  ctx.fillStyle = "rgba(0, 0, 0, 0.75)"
  ctx.fill()
}
