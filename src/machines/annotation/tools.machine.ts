// The drawing tools of the slide viewer, after tldraw's tools: a small parent machine with one state
// per tool, each tool in a file of its own under tools/ (its states, guards and actions), built from
// the shared press-then-drag states (tools/pressing.ts) and the pure geometry of gesture.ts. A
// "pointing" state sits between a press and a drag, so a click is told from a drag. Every drawing
// state handles Escape: it drops the draft, so the preview goes with it.
//
//   select     click, Shift+click, Shift+drag box, handles, moves, deletion (tools/select.ts)
//   rectangle  press, drag, release: a rectangle; a click draws nothing
//   ellipse    the same, the ellipse inscribed in the box (saved as a polygon of 64 vertices)
//   polygon    click vertices; double click, Enter or a click on the first vertex closes it
//   pencil     press and drag a freehand stroke, thinned as it is drawn and simplified when it ends
//   lasso      the same stroke closed into an area (QuPath's freehand polygon)
//   brush      a circle swept over the slide adds to the selected area (or starts one); Alt cuts holes
//   wand       a click grows the region of like colour from the pixels shown; a sideways drag
//              before letting go sets the tolerance, live (tools/wand.ts)
//   point      each click: one counted point
//   comment    click a place, type, Enter saves a point with the comment (never the active label)
//   ruler      drag a line; its length shows until the next drag or Escape; nothing is saved
//
// Events come typed and in image pixels from the view's one converter (AnnotationLayer), which
// also coalesces pointer moves to one per animation frame. States never touch the DOM. A finished
// shape is saved by the `save` actor (tools/saver.ts, beside the tools: they never wait for the
// server); the machine emits `annotation.saved` and the view puts the stored annotation into the
// store (origin local). An edit is emitted as `edit.commit`; the edits machine saves it and
// remembers it for undo. A new tool is a file under tools/, a line in TOOLS and one in `states`.
import { EMPTY } from "../../annotation/selection.ts"
import { BRUSH_SIZES } from "../../annotation/brush.ts"
import { WAND_TOLERANCE } from "../../annotation/wand/region.ts"
import { NO_PIXELS } from "../../annotation/wand/source.ts"
import { type GuardArgs, nothing, sharedActions, sharedGuards, toolsSetup } from "./tools/base.ts"
import { brush, brushActions, brushGuards } from "./tools/brush.ts"
import { comment, commentActions, commentGuards } from "./tools/comment.ts"
import { ellipse, ellipseActions } from "./tools/ellipse.ts"
import { lasso, lassoActions, lassoGuards } from "./tools/lasso.ts"
import { pencil, strokeActions } from "./tools/pencil.ts"
import { point, pointActions } from "./tools/point.ts"
import { polygon, polygonActions, polygonGuards } from "./tools/polygon.ts"
import { rectangle, rectangleActions } from "./tools/rectangle.ts"
import { ruler, rulerActions } from "./tools/ruler.ts"
import { saver, saverActions, saverGuards } from "./tools/saver.ts"
import { select } from "./tools/select.ts"
import { selectActions, selectGuards } from "./tools/select-gestures.ts"
import { TOOLS, type Tool } from "./tools/types.ts"
import { wand, wandActions, wandGuards } from "./tools/wand.ts"

export { kindOfDraft } from "./tools/base.ts"
export type * from "./tools/types.ts"
export { TOOLS } from "./tools/types.ts"

/**
 * Choosing a tool drops any draft; a drawing tool also empties the selection (drawing selects
 * nothing), but the brush keeps it: it paints on the selected shape.
 */
const choosing = TOOLS.map((tool) => ({
  guard: { type: "chose", params: tool } as const,
  target: `.${tool}`,
  actions: tool === "select" || tool === "brush" ? (["clear", "setTool"] as const) : (["clear", "deselect", "setTool"] as const)
}))

export const toolsMachine = toolsSetup
  .extend({
    guards: {
      chose: ({ event }: GuardArgs, tool: Tool) => event.type === "tool.choose" && event.tool === tool,
      ...sharedGuards,
      ...selectGuards,
      ...polygonGuards,
      ...lassoGuards,
      ...commentGuards,
      ...brushGuards,
      ...wandGuards,
      ...saverGuards
    },
    actions: {
      ...sharedActions,
      ...selectActions,
      ...rectangleActions,
      ...ellipseActions,
      ...polygonActions,
      ...strokeActions,
      ...lassoActions,
      ...pointActions,
      ...commentActions,
      ...rulerActions,
      ...brushActions,
      ...wandActions,
      ...saverActions
    }
  })
  .createMachine({
    id: "annotationTools",
    context: ({ input }) => ({
      labId: input.labId,
      label: input.label,
      defaultLabel: input.defaultLabel,
      commentLabel: input.commentLabel ?? null,
      commentLabelName: input.commentLabelName ?? "Comment",
      newId: input.newId ?? (() => crypto.randomUUID()),
      draft: [],
      origin: null,
      cursor: null,
      hit: null,
      selection: EMPTY,
      shapes: input.shapes ?? nothing,
      box: null,
      group: null,
      deleting: null,
      comment: "",
      tool: "select",
      error: null,
      queue: [],
      edit: null,
      brush: { px: BRUSH_SIZES.initial, subtract: false },
      stroke: null,
      wand: input.wand ?? NO_PIXELS,
      tolerance: WAND_TOLERANCE.initial,
      wandPress: null
    }),
    // Drawing and saving side by side: the tools never wait for the server.
    type: "parallel",
    on: { "label.choose": { actions: "setLabel" }, "commentLabel.choose": { actions: "setCommentLabel" } },
    states: {
      tools: {
        initial: "select",
        on: {
          "tool.choose": choosing,
          "selection.clear": { actions: ["deselect", "clearEdit"] },
          "selection.drop": { actions: "drop" }
        },
        states: { select, rectangle, ellipse, polygon, pencil, lasso, brush, wand, point, comment, ruler }
      },
      saver
    }
  })
