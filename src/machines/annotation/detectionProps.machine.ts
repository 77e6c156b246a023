// The selected detection's measurements in the side panel: read from the server when it is shown
// (the compact read leaves a detection's props out, compact.ts), read again on retry.
//
//   loading --done--> shown;  loading --error--> failed --retry--> loading
import { assign, setup } from "xstate"
import type { AnnotationProps } from "../../annotation/props.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { readDetectionProps } from "../../effects/annotations/detection.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface DetectionPropsInput {
  readonly labId: string
  readonly id: string
}

export interface DetectionPropsContext extends DetectionPropsInput {
  readonly props: AnnotationProps | null
  readonly error: Notice | null
}

export type DetectionPropsEvent = { readonly type: "detection.retry" }

const actors = {
  load: fromEffect((input: DetectionPropsInput) => readDetectionProps(input.labId, input.id))
}

export const detectionPropsMachine = setup({
  types: {
    input: {} as DetectionPropsInput,
    context: {} as DetectionPropsContext,
    events: {} as DetectionPropsEvent
  },
  actors,
  actions: {
    show: assign((_, props: AnnotationProps) => ({ props, error: null })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice }))
  }
}).createMachine({
  id: "detectionProps",
  context: ({ input }) => ({ ...input, props: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ labId: context.labId, id: context.id }),
        onDone: { target: "shown", actions: { type: "show", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    shown: {},
    failed: { on: { "detection.retry": { target: "loading" } } }
  }
})
