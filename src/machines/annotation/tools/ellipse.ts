// The ellipse tool: as the rectangle, the ellipse inscribed in the box (saved as a polygon of 64 vertices).
import { ellipseOf } from "../gesture.ts"
import { atOf, toolsSetup } from "./base.ts"
import { spanning } from "./pressing.ts"

export const ellipseActions = {
  spanEllipse: toolsSetup.assign(({ context, event }) => ({
    draft: ellipseOf(context.origin ?? atOf(event), atOf(event)),
    cursor: atOf(event)
  }))
}

export const ellipse = spanning("spanEllipse")
