// The comment tool: click a place, type, Enter saves a point with the comment. A comment is its own
// kind: it never takes the active label (a cell count's) but the slide's comment label, made with the
// first comment as the first shape makes the default label (base.ts's saveInputOf, saver.ts).
import { type GuardArgs, toolsSetup } from "./base.ts"
import { draggedAway, dropped, pressing } from "./pressing.ts"

export const commentGuards = {
  hasComment: ({ context }: GuardArgs) => context.comment.trim().length > 0
}

export const commentActions = {
  setComment: toolsSetup.assign(({ event }) => (event.type === "comment.text" ? { comment: event.text } : {}))
}

export const comment = {
  initial: "idle",
  states: {
    ...pressing(draggedAway, { target: "composing", actions: "placePoint" } as const),
    composing: {
      on: {
        "comment.text": { actions: "setComment" },
        "key.enter": { guard: "hasComment", target: "idle", actions: "enqueue" },
        "key.escape": dropped
      }
    }
  }
} as const
