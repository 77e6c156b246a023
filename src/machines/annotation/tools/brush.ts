// The brush (QuPath's most used tool): a circle of a chosen screen size swept over the slide adds to
// the selected closed shape, or starts a new one with the active label (then selected, so the next
// stroke grows it); with Alt held, or the subtract toggle on touch, it cuts, making holes. A press
// paints a dab at once (no click-or-drag wait: a dab is a stroke). The stroke's area is built as it
// is drawn (annotation/brush.ts) and applied on release, one undo step: `edit.brush` for a changed
// shape, `selection.deleted` when a cut leaves nothing, a queued save for a new one.
import { applyStroke, BRUSH_SIZES, brushEnd, paint } from "../../../annotation/brush.ts"
import { only, sole } from "../../../annotation/selection.ts"
import { geometryOf } from "../../../annotation/store/shape.ts"
import { atOf, cleared, type GuardArgs, saveInputOf, scaleOf, toolsSetup } from "./base.ts"
import { dropped } from "./pressing.ts"
import type { BrushTarget, ToolsEvent } from "./types.ts"

/** The samples of a move or release: the coalesced trail, then the event's own position. */
const samplesOf = (event: ToolsEvent): ReadonlyArray<number> =>
  event.type === "pointer.move" && event.trail ? [...event.trail, ...atOf(event)] : [...atOf(event)]

/** The press's target: the one selected shape, as the view describes it (closed and the user's to change). */
const targetOf = (event: ToolsEvent, selection: ReadonlySet<string>): BrushTarget | null =>
  event.type === "pointer.down" && event.brush != null && sole(selection) === event.brush.id ? event.brush : null

export const clampBrush = (px: number): number => Math.min(BRUSH_SIZES.max, Math.max(BRUSH_SIZES.min, Math.round(px)))

export const brushGuards = {
  /** The stroke paints on a shape. */
  paintsOnShape: ({ context }: GuardArgs) => context.stroke?.target != null,
  /** The stroke adds a new shape (nothing to cut from otherwise). */
  paintsNew: ({ context }: GuardArgs) => context.stroke !== null && !context.stroke.subtract && context.draft.length >= 6
}

export const brushActions = {
  sizeBrush: toolsSetup.assign(({ context, event }) =>
    event.type === "brush.size" ? { brush: { ...context.brush, px: clampBrush(event.px) } } : {}
  ),
  toggleSubtract: toolsSetup.assign(({ context, event }) =>
    event.type === "brush.subtract" ? { brush: { ...context.brush, subtract: event.on } } : {}
  ),
  /** The press: the stroke begins with a dab under the pointer. */
  startBrush: toolsSetup.assign(({ context, event }) => {
    const at = atOf(event)
    const scale = scaleOf(event)
    const r = context.brush.px / 2 / scale
    const subtract = context.brush.subtract || (event.type === "pointer.down" && event.alt === true)
    return {
      stroke: { target: targetOf(event, context.selection), subtract, r, scale },
      origin: at,
      cursor: at,
      draft: paint([], at, [], r, scale)
    }
  }),
  /** The brush swept from where it was through the move's samples. */
  paintBrush: toolsSetup.assign(({ context, event }) => {
    const stroke = context.stroke
    const from = context.origin
    if (stroke === null || from === null) return {}
    const samples = samplesOf(event)
    return {
      draft: paint(context.draft, from, samples, stroke.r, stroke.scale),
      origin: brushEnd(from, samples, stroke.r),
      cursor: atOf(event)
    }
  }),
  /** The stroke applied to its shape: the shape changed, or deleted when a cut leaves nothing. */
  commitBrush: toolsSetup.enqueueActions(({ context, enqueue }) => {
    const stroke = context.stroke
    const target = stroke?.target
    if (stroke == null || target == null) return
    const from = { kind: target.kind, coords: Float64Array.from(target.coords) }
    const result = applyStroke(geometryOf(from), context.draft, stroke.subtract, stroke.scale)
    if (result === null) {
      enqueue.emit({ type: "selection.deleted", ids: [target.id] })
      enqueue.assign({ selection: only(null) })
    } else
      enqueue.emit({
        type: "edit.brush",
        id: target.id,
        version: target.version,
        fromKind: target.kind,
        from: target.coords,
        kind: result.kind,
        coords: result.coords
      })
  }),
  /** A new shape of the stroke joins the save queue, selected so the next stroke grows it. */
  enqueueBrush: toolsSetup.assign(({ context }) => {
    const input = saveInputOf(context)
    return { queue: [...context.queue, input], selection: only(input.id), ...cleared }
  })
}

export const brush = {
  initial: "idle",
  // The options are the brush's own (shown with it; [ and ] act only while it is chosen).
  on: { "brush.size": { actions: "sizeBrush" }, "brush.subtract": { actions: "toggleSubtract" } },
  states: {
    /** The pointer's place is tracked, for the brush's circle. */
    idle: { on: { "pointer.move": { actions: "track" }, "pointer.down": { target: "painting", actions: "startBrush" } } },
    painting: {
      on: {
        "pointer.move": { actions: "paintBrush" },
        "pointer.up": [
          { guard: "paintsOnShape", target: "idle", actions: ["paintBrush", "commitBrush", "clear"] },
          { guard: "paintsNew", target: "idle", actions: ["paintBrush", "enqueueBrush"] },
          dropped
        ],
        "key.escape": dropped
      }
    }
  }
} as const
