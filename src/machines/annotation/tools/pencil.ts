// The pencil: press and drag a freehand line, thinned as it is drawn and simplified when it ends.
// The stroke actions are the lasso's too (lasso.ts closes the same stroke into an area).
import { pencilAppend, pencilFinish } from "../gesture.ts"
import { atOf, scaleOf, toolsSetup } from "./base.ts"
import { stroking } from "./pressing.ts"

export const strokeActions = {
  startStroke: toolsSetup.assign(({ context, event }) => ({ draft: pencilAppend(context.origin ?? [], [...atOf(event)], scaleOf(event)) })),
  /** The move's coalesced samples (`trail`) and the move itself, each kept only if far enough from the last. */
  extendStroke: toolsSetup.assign(({ context, event }) => ({
    draft: pencilAppend(
      context.draft,
      event.type === "pointer.move" && event.trail ? [...event.trail, ...atOf(event)] : [...atOf(event)],
      scaleOf(event)
    )
  })),
  finishStroke: toolsSetup.assign(({ context, event }) => ({ draft: pencilFinish(context.draft, scaleOf(event)) }))
}

// A drag of DRAG_PX already made two vertices: every stroke that got here is one.
export const pencil = stroking({ target: "idle", actions: ["extendStroke", "finishStroke", "enqueue"] } as const)
