// The polygon tool: click vertices; a double click, Enter or a click on the first vertex closes it;
// Backspace drops the last vertex (the last one gone: back to idle). A press that drags places nothing.
import { closesPolygon, withoutRepeats } from "../gesture.ts"
import { atOf, type GuardArgs, scaleOf, toolsSetup } from "./base.ts"
import { draggedAway, dropped, pressing } from "./pressing.ts"

export const polygonGuards = {
  closes: ({ context, event }: GuardArgs) => closesPolygon(context.draft, atOf(event), scaleOf(event)),
  closable: ({ context, event }: GuardArgs) => withoutRepeats(context.draft, scaleOf(event)).length >= 6,
  enoughVertices: ({ context }: GuardArgs) => context.draft.length >= 6,
  oneVertex: ({ context }: GuardArgs) => context.draft.length <= 2
}

export const polygonActions = {
  addVertex: toolsSetup.assign(({ context, event }) => ({ draft: [...context.draft, ...atOf(event)], origin: null, cursor: atOf(event) })),
  dropVertex: toolsSetup.assign(({ context }) => ({ draft: context.draft.slice(0, -2) })),
  trimRepeats: toolsSetup.assign(({ context, event }) => ({ draft: withoutRepeats(context.draft, scaleOf(event)) }))
}

export const polygon = {
  initial: "idle",
  states: {
    /** The first press: a click places the first vertex, a drag places nothing. */
    ...pressing(draggedAway, { target: "drawing", actions: "addVertex" } as const),
    drawing: {
      initial: "waiting",
      on: {
        "key.escape": dropped,
        "key.backspace": [{ guard: "oneVertex", ...dropped }, { actions: "dropVertex" }],
        "key.enter": { guard: "enoughVertices", target: "idle", actions: "enqueue" },
        "pointer.double": { guard: "closable", target: "idle", actions: ["trimRepeats", "enqueue"] }
      },
      states: {
        waiting: { on: { "pointer.move": { actions: "track" }, "pointer.down": { target: "pointing", actions: "press" } } },
        pointing: {
          on: {
            "pointer.move": { guard: "dragged", target: "waiting", actions: "track" },
            "pointer.up": [
              { guard: "closes", target: "#annotationTools.tools.polygon.idle", actions: "enqueue" },
              { target: "waiting", actions: "addVertex" }
            ]
          }
        }
      }
    }
  }
} as const
