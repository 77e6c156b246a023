// Giving a slide its resolution (owner and admin; the server checks): microns per pixel typed in, or
// a line of known length measured with the ruler ("calibrate from this line": its length in µm over
// its length in image pixels). A value that is not a positive number up to MAX_MPP is refused here
// with `invalid` and nothing is sent; the server's answer (the slide with its new mpp) is emitted as
// `calibrated`, and the page's slide takes it, so the scale bar and every measurement use it at once.
import { Effect } from "effect"
import { assign, emit, setup } from "xstate"
import { type Lab, MAX_MPP } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { call, endpoints } from "../../effects/call.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export const setResolution = Effect.fn("Slides.setResolution")(function* (input: { readonly labId: string; readonly mpp: number }) {
  return (yield* call(endpoints.labs.resolution, { params: { id: input.labId }, payload: { mpp: input.mpp } })).data
})

/** Whether a value may be a slide's microns per pixel (the contract's rule). */
export const validMpp = (mpp: number): boolean => Number.isFinite(mpp) && mpp > 0 && mpp <= MAX_MPP

/** Microns per pixel from a line `microns` long that is `pixels` image pixels long; NaN when either is not positive. */
export const mppFromLine = (microns: number, pixels: number): number =>
  Number.isFinite(microns) && Number.isFinite(pixels) && microns > 0 && pixels > 0 ? microns / pixels : Number.NaN

export type CalibrateEvent =
  | { readonly type: "calibrate.mpp"; readonly mpp: number }
  | { readonly type: "calibrate.line"; readonly microns: number; readonly pixels: number }

export type CalibrateEmitted =
  | { readonly type: "calibrated"; readonly lab: Lab }
  | { readonly type: "calibrate.failed"; readonly error: AppFailure }

export interface CalibrateContext {
  readonly labId: string
  /** What is being sent (or was last sent). */
  readonly mpp: number | null
  readonly error: "invalid" | AppFailure | null
}

const mppOf = (event: CalibrateEvent): number => (event.type === "calibrate.mpp" ? event.mpp : mppFromLine(event.microns, event.pixels))

const actors = { save: fromEffect((input: { readonly labId: string; readonly mpp: number }) => setResolution(input)) }

export const calibrateMachine = setup({
  types: {
    context: {} as CalibrateContext,
    events: {} as CalibrateEvent,
    input: {} as { readonly labId: string },
    emitted: {} as CalibrateEmitted
  },
  actors,
  guards: { valid: ({ event }) => validMpp(mppOf(event)) },
  actions: {
    take: assign(({ event }) => ({ mpp: mppOf(event), error: null })),
    refuse: assign({ error: "invalid" as const }),
    done: emit((_, lab: Lab) => ({ type: "calibrated" as const, lab })),
    fail: assign((_, error: AppFailure) => ({ error })),
    emitFailed: emit((_, error: AppFailure) => ({ type: "calibrate.failed" as const, error }))
  }
}).createMachine({
  id: "calibrate",
  context: ({ input }) => ({ labId: input.labId, mpp: null, error: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "calibrate.mpp": [{ guard: "valid", target: "saving", actions: "take" }, { actions: "refuse" }],
        "calibrate.line": [{ guard: "valid", target: "saving", actions: "take" }, { actions: "refuse" }]
      }
    },
    saving: {
      tags: ["busy"],
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({ labId: context.labId, mpp: context.mpp ?? 0 }),
        onDone: { target: "idle", actions: { type: "done", params: ({ event }) => event.output } },
        onError: {
          target: "idle",
          actions: [
            { type: "fail", params: failureFrom(actors.save) },
            { type: "emitFailed", params: failureFrom(actors.save) }
          ]
        }
      }
    }
  }
})
