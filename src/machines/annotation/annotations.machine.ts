// Loading a slide's annotations and labels for the viewer: loading -> ready, or failed with a retry.
// The list is handed to the view's store (AnnotationStore.load) from `ready`'s context; the machine
// keeps it only as the answer it got.
import { assign, setup } from "xstate"
import type { Label } from "../../contract/annotations.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { loadAnnotations, type SlideAnnotations } from "../../effects/annotations/loadSave.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"

export interface AnnotationsContext {
  readonly labId: string
  readonly loaded: SlideAnnotations | null
  readonly labels: ReadonlyArray<Label>
  readonly error: AppFailure | null
}

export type AnnotationsEvent = { readonly type: "annotations.retry" } | { readonly type: "label.created"; readonly label: Label }

const load = fromEffect((labId: string) => loadAnnotations(labId))

export const annotationsMachine = setup({
  types: { context: {} as AnnotationsContext, events: {} as AnnotationsEvent, input: {} as { readonly labId: string } },
  actors: { load },
  actions: {
    keep: assign((_, loaded: SlideAnnotations) => ({ loaded, labels: loaded.labels, error: null })),
    keepError: assign((_, error: AppFailure) => ({ error })),
    addLabel: assign(({ context, event }) =>
      event.type === "label.created" && !context.labels.some((l) => l.id === event.label.id)
        ? { labels: [...context.labels, event.label] }
        : {}
    )
  }
}).createMachine({
  id: "annotations",
  context: ({ input }) => ({ labId: input.labId, loaded: null, labels: [], error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: { target: "ready", actions: { type: "keep", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "keepError", params: failureFrom(load) } }
      }
    },
    ready: { on: { "label.created": { actions: "addLabel" } } },
    failed: { on: { "annotations.retry": "loading" } }
  }
})
