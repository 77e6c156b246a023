// One compare pane's annotations, read-only: the slide's shapes from the compact read, shown over the
// pane's viewer or hidden by its eye button, and read again when a colleague changes them (a change
// heard while a read is under way is read after it, so the last one is never lost). A failed read
// offers a retry; what was shown stays shown meanwhile.
import { assign, setup } from "xstate"
import type { CompactAnnotations } from "../../annotation/compact.ts"
import { readCompact } from "../../effects/annotations/loadSave.ts"
import { fromEffect } from "../support/fromEffect.ts"

export type PaneAnnotationsEvent =
  | { readonly type: "layer.toggle" }
  /** A colleague changed the slide's annotations or labels (its channel's message). */
  | { readonly type: "layer.changed" }
  | { readonly type: "layer.retry" }

export interface PaneAnnotationsContext {
  readonly labId: string
  /** The shapes as last read; null until the first read answers. */
  readonly compact: CompactAnnotations | null
  readonly visible: boolean
  /** A change was heard during the read: read again once it answers. */
  readonly stale: boolean
}

export const paneAnnotationsMachine = setup({
  types: {
    input: {} as { readonly labId: string },
    context: {} as PaneAnnotationsContext,
    events: {} as PaneAnnotationsEvent
  },
  actors: { read: fromEffect((labId: string) => readCompact(labId)) },
  actions: {
    keep: assign((_, compact: CompactAnnotations) => ({ compact })),
    fresh: assign({ stale: false }),
    toggle: assign(({ context }) => ({ visible: !context.visible })),
    markStale: assign({ stale: true })
  },
  guards: { stale: ({ context }) => context.stale }
}).createMachine({
  id: "paneAnnotations",
  context: ({ input }) => ({ labId: input.labId, compact: null, visible: true, stale: false }),
  initial: "reading",
  on: { "layer.toggle": { actions: "toggle" } },
  states: {
    reading: {
      tags: ["busy"],
      entry: "fresh",
      invoke: {
        id: "read",
        src: "read",
        input: ({ context }) => context.labId,
        onDone: { target: "read", actions: { type: "keep", params: ({ event }) => event.output } },
        onError: "failed"
      },
      on: { "layer.changed": { actions: "markStale" } }
    },
    // Shown (or hidden) as read; a change heard meanwhile is read now.
    read: {
      always: { guard: "stale", target: "reading" },
      on: { "layer.changed": "reading" }
    },
    failed: {
      on: { "layer.retry": "reading", "layer.changed": "reading" }
    }
  }
})
