// Finding the slide a feature link opens (/dashboard/open/:feature): the last ready slide the user
// opened. Found, the page goes there; none, it says how to get one; a failed read can be tried again.
import { assign, setup } from "xstate"
import { loadLastSlide } from "../../effects/labs/last-slide.ts"
import { fromEffect } from "../support/fromEffect.ts"

export type LastSlideEvent = { readonly type: "lastSlide.retry" }

export const lastSlideMachine = setup({
  types: { context: {} as { readonly slideId: string | null }, events: {} as LastSlideEvent },
  actors: { find: fromEffect(() => loadLastSlide()) },
  actions: { keep: assign((_, slideId: string) => ({ slideId })) },
  guards: { noSlide: (_, slideId: string | null) => slideId === null }
}).createMachine({
  id: "lastSlide",
  context: { slideId: null },
  initial: "finding",
  states: {
    finding: {
      tags: ["busy"],
      invoke: {
        id: "find",
        src: "find",
        onDone: [
          { guard: { type: "noSlide", params: ({ event }) => event.output }, target: "none" },
          { target: "found", actions: { type: "keep", params: ({ event }) => event.output as string } }
        ],
        onError: "failed"
      }
    },
    found: { type: "final" },
    // Nothing opened yet that is ready: the page points to the labs, where slides are uploaded.
    none: { type: "final" },
    failed: { on: { "lastSlide.retry": "finding" } }
  }
})
