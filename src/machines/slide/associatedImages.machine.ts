// The Details tab's label and macro (issue 22's privacy rules): loaded when the tab opens (an empty
// list for whoever may not see them, so nothing shows), and the owner's switch that shows them to
// the slide's reviewers or hides them again. A failed load is `failed` (retry with `associated.load`);
// a failed switch leaves the pictures as they were and keeps the error for the page to say.
import { assign, setup } from "xstate"
import type { AssociatedImages } from "../../contract/associated-images.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { type AssociatedView, loadAssociated, showAssociated } from "../../effects/slides/associated.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export type AssociatedEvent = { readonly type: "associated.load" } | { readonly type: "associated.show"; readonly shown: boolean }

export interface AssociatedContext {
  readonly labId: string
  readonly view: AssociatedView | null
  /** The switch's position being saved. */
  readonly pending: boolean | null
  readonly error: AppFailure | null
}

const actors = {
  load: fromEffect((labId: string) => loadAssociated(labId)),
  save: fromEffect((input: { readonly labId: string; readonly shown: boolean }) => showAssociated(input))
}

export const associatedImagesMachine = setup({
  types: {
    context: {} as AssociatedContext,
    events: {} as AssociatedEvent,
    input: {} as { readonly labId: string }
  },
  actors,
  guards: {
    mayShow: ({ context }) => context.view?.can_show === true
  },
  actions: {
    loaded: assign((_, view: AssociatedView) => ({ view, error: null })),
    take: assign(({ event }) => ({ pending: event.type === "associated.show" ? event.shown : null, error: null })),
    saved: assign(({ context }, answer: AssociatedImages) => ({
      view: context.view === null ? null : { ...context.view, ...answer, images: context.view.images },
      pending: null
    })),
    fail: assign((_, error: AppFailure) => ({ error, pending: null }))
  }
}).createMachine({
  id: "associatedImages",
  context: ({ input }) => ({ labId: input.labId, view: null, pending: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: { target: "ready", actions: { type: "loaded", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "fail", params: failureFrom(actors.load) } }
      }
    },
    failed: { on: { "associated.load": "loading" } },
    ready: {
      on: {
        "associated.show": { guard: "mayShow", target: "saving", actions: "take" },
        "associated.load": "loading"
      }
    },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({ labId: context.labId, shown: context.pending ?? false }),
        onDone: { target: "ready", actions: { type: "saved", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: { type: "fail", params: failureFrom(actors.save) } }
      }
    }
  }
})
