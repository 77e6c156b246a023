// The point tool: each click is one counted point; a press that becomes a drag places nothing.
import { toolsSetup } from "./base.ts"
import { draggedAway, pressing } from "./pressing.ts"

export const pointActions = {
  placePoint: toolsSetup.assign(({ context }) => ({ draft: context.origin ? [...context.origin] : [] }))
}

export const point = {
  initial: "idle",
  states: pressing(draggedAway, { target: "idle", actions: ["placePoint", "enqueue"] } as const)
} as const
