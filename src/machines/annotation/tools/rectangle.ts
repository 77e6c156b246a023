// The rectangle tool: press, drag, release draws the box between; a click draws nothing.
import { rectangleOf } from "../gesture.ts"
import { atOf, toolsSetup } from "./base.ts"
import { spanning } from "./pressing.ts"

export const rectangleActions = {
  spanRectangle: toolsSetup.assign(({ context, event }) => ({
    draft: rectangleOf(context.origin ?? atOf(event), atOf(event)),
    cursor: atOf(event)
  }))
}

export const rectangle = spanning("spanRectangle")
