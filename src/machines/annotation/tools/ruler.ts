// The ruler: drag a line; its length shows until the next press or Escape. Nothing is saved.
import { atOf, toolsSetup } from "./base.ts"
import { dropped, pressing } from "./pressing.ts"

export const rulerActions = {
  measure: toolsSetup.assign(({ context, event }) => ({ draft: [...(context.origin ?? atOf(event)), ...atOf(event)] }))
}

export const ruler = {
  initial: "idle",
  states: {
    ...pressing({ guard: "dragged", target: "measuring", actions: "measure" } as const, dropped),
    measuring: {
      on: { "pointer.move": { actions: "measure" }, "pointer.up": { target: "measured", actions: "measure" }, "key.escape": dropped }
    },
    /** The line and its length stay until the next press or Escape. */
    measured: { on: { "pointer.down": { target: "pointing", actions: ["clear", "press"] }, "key.escape": dropped } }
  }
} as const
