// What every tool shares: the machine's setup (its types and the save actor), which each tool's file
// builds its actions with, how a pointer event is read, and the actions and guards more than one tool
// uses (the press, the drag test, clearing, queuing a finished shape).
import { setup } from "xstate"
import type { ShapeKind } from "../../../annotation/store/shape.ts"
import { fromEffect } from "../../support/fromEffect.ts"
import { isDrag, type XY } from "../gesture.ts"
import { type SaveInput, saveAnnotation } from "../../../effects/annotations/loadSave.ts"
import type { SelectionSource, ToolsContext, ToolsEmitted, ToolsEvent, ToolsInput } from "./types.ts"

export const actors = {
  save: fromEffect((input: SaveInput) => saveAnnotation(input))
}

/** The setup each tool's actions are made with (`toolsSetup.assign`, …): typed once, here. */
export const toolsSetup = setup({
  types: {
    context: {} as ToolsContext,
    events: {} as ToolsEvent,
    input: {} as ToolsInput,
    emitted: {} as ToolsEmitted
  },
  actors
})

/** What a guard is handed (a guard is a plain function; this is all any of the tools' guards read). */
export interface GuardArgs {
  readonly context: ToolsContext
  readonly event: ToolsEvent
}

export const atOf = (event: ToolsEvent): XY => ("x" in event ? [event.x, event.y] : [0, 0])
export const scaleOf = (event: ToolsEvent): number => ("scale" in event ? event.scale : 1)

export const cleared = {
  draft: [],
  origin: null,
  cursor: null,
  comment: "",
  edit: null,
  box: null,
  group: null,
  deleting: null,
  stroke: null,
  wandPress: null
} as const

export const nothing: SelectionSource = { within: () => [], all: () => [] }

/** Which shape the draft is, from the tool it was drawn with (a brush stroke or a wand's region with a hole or two parts: an area). */
export const kindOfDraft = (context: Pick<ToolsContext, "tool" | "draft">): ShapeKind =>
  context.tool === "brush" || context.tool === "wand"
    ? context.draft.some(Number.isNaN)
      ? "area"
      : "polygon"
    : context.tool === "rectangle"
      ? "rectangle"
      : context.tool === "pencil"
        ? "polyline"
        : context.tool === "polygon" || context.tool === "ellipse" || context.tool === "lasso"
          ? "polygon"
          : "points"

/** What a finished shape is saved as: the draft, under a new client-chosen id. */
export const saveInputOf = (context: ToolsContext): SaveInput => ({
  labId: context.labId,
  id: context.newId(),
  kind: kindOfDraft(context),
  coords: context.draft,
  ...(context.tool === "comment"
    ? { label: context.commentLabel, defaultLabel: context.commentLabelName }
    : { label: context.label, defaultLabel: context.defaultLabel }),
  ...(context.comment.trim() ? { comment: context.comment.trim() } : {})
})

export const sharedGuards = {
  /** The pointer has gone far enough from the press (on screen) for a drag. */
  dragged: ({ context, event }: GuardArgs) => context.origin !== null && isDrag(context.origin, atOf(event), scaleOf(event))
}

export const sharedActions = {
  clear: toolsSetup.assign(cleared),
  press: toolsSetup.assign(({ event }) => ({
    origin: atOf(event),
    cursor: atOf(event),
    hit: event.type === "pointer.down" ? event.hit : null
  })),
  track: toolsSetup.assign(({ event }) => ({ cursor: atOf(event) })),
  setLabel: toolsSetup.assign(({ event }) => (event.type === "label.choose" ? { label: event.label } : {})),
  setCommentLabel: toolsSetup.assign(({ event }) => (event.type === "commentLabel.choose" ? { commentLabel: event.label } : {})),
  setTool: toolsSetup.assign(({ event }) => (event.type === "tool.choose" ? { tool: event.tool } : {})),
  /** The finished shape joins the queue, and the tool is free for the next one. */
  enqueue: toolsSetup.assign(({ context }) => ({ queue: [...context.queue, saveInputOf(context)], ...cleared }))
}
