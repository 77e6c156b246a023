// What the overlay shows of the tools machine's state: the draft as a preview (with the polygon's
// rubber band to the pointer and the ruler's length), in the active label's colour.
import type { SnapshotFrom } from "xstate"
import type { PendingShape, Preview } from "../../../annotation/render/overlay.ts"
import { DEFAULT_COLOR } from "../../../annotation/store/shape.ts"
import type { toolsMachine } from "../../../machines/annotation/tools.machine.ts"

const RULER = "#38bdf8"

/** The length of a two-point line, in µm or mm with the slide's scale, in pixels without. */
export const length = (coords: ReadonlyArray<number>, mpp: number | null): string => {
  const px = Math.hypot(coords[2]! - coords[0]!, coords[3]! - coords[1]!)
  if (mpp === null || !(mpp > 0)) return `${Math.round(px)} px`
  const um = px * mpp
  return um >= 1000 ? `${(um / 1000).toFixed(2)} mm` : `${um.toFixed(1)} µm`
}

export const previewOf = (snapshot: SnapshotFrom<typeof toolsMachine>, mpp: number | null): Preview | null => {
  const { draft, cursor: pointer, label, tool } = snapshot.context
  const color = label?.color || DEFAULT_COLOR
  if (tool === "brush") {
    const { cursor, brush } = snapshot.context
    const subtract = snapshot.context.stroke?.subtract ?? brush.subtract
    return cursor === null
      ? null
      : { coords: draft, closed: true, color, brush: { x: cursor[0], y: cursor[1], px: brush.px, subtract, stroke: draft, color } }
  }
  if (draft.length === 0) return null
  if (tool === "ruler") return { coords: draft, closed: false, color: RULER, vertices: true, caption: length(draft, mpp) }
  if (tool === "polygon") {
    const drawing = snapshot.matches({ tools: { polygon: "drawing" } })
    const coords = drawing && pointer !== null ? [...draft, ...pointer] : draft
    return { coords, closed: false, color, vertices: true, closeTarget: draft.length >= 6 }
  }
  if (tool === "point" || tool === "comment") return { coords: [...draft, ...draft], closed: false, color, vertices: true }
  return {
    coords: draft,
    closed: tool === "rectangle" || tool === "ellipse" || tool === "lasso" || tool === "wand",
    color,
    vertices: false
  }
}

/** The finished shapes still on their way to the server, in the colour of the label each was drawn with. */
export const pendingOf = (snapshot: SnapshotFrom<typeof toolsMachine>): ReadonlyArray<PendingShape> =>
  snapshot.context.queue.map((input) => {
    const labelled = input.label as { readonly color?: string } | null
    return {
      coords: input.coords,
      closed: input.kind === "rectangle" || input.kind === "polygon" || input.kind === "area",
      color: labelled?.color || snapshot.context.label?.color || DEFAULT_COLOR
    }
  })

/** The ruler's reading while a line is on the slide, else null (the overlay draws it; this says it). */
export const rulerReading = (snapshot: SnapshotFrom<typeof toolsMachine>, mpp: number | null): string | null => {
  const { draft, tool } = snapshot.context
  return tool === "ruler" && draft.length >= 4 ? length(draft, mpp) : null
}

/** The length in image pixels of the line the ruler has finished measuring, else null ("calibrate from this line"). */
export const rulerPixels = (snapshot: SnapshotFrom<typeof toolsMachine>): number | null => {
  const { draft, tool } = snapshot.context
  if (tool !== "ruler" || draft.length < 4 || !snapshot.matches({ tools: { ruler: "measured" } })) return null
  return Math.hypot(draft[2]! - draft[0]!, draft[3]! - draft[1]!)
}
