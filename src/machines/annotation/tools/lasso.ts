// The lasso: the pencil's stroke closed into an area (QuPath's freehand polygon). Closed, it needs
// three vertices to have an inside; a scribble too small after simplifying draws nothing.
import { outlineFinish, pencilAppend } from "../gesture.ts"
import { atOf, type GuardArgs, scaleOf, toolsSetup } from "./base.ts"
import { dropped, stroking } from "./pressing.ts"

export const lassoGuards = {
  /** The lasso's stroke, ended here and simplified, still has the three vertices an outline needs. */
  outlines: ({ context, event }: GuardArgs) =>
    outlineFinish(pencilAppend(context.draft, [...atOf(event)], scaleOf(event)), scaleOf(event)).length >= 6
}

export const lassoActions = {
  finishOutline: toolsSetup.assign(({ context, event }) => ({ draft: outlineFinish(context.draft, scaleOf(event)) }))
}

export const lasso = stroking([
  { guard: "outlines", target: "idle", actions: ["extendStroke", "finishOutline", "enqueue"] },
  dropped
] as const)
