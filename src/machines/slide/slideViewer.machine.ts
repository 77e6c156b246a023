// The slide viewer page (/dashboard/labs/{id}/annotations): load the lab, then show what it is. A
// ready slide opens in the viewer; one still uploading or processing waits, and opens by itself when
// its `status_upload` event says it is ready (or, should that event be missed, when a periodic
// re-check finds it so); a slide that could not be processed says so; a lab that does not exist, is
// not visible to the asker, or is a folder is "missing".
//
// Inside `ready` the machine holds what the viewer's controls decide and the page must agree on: the
// rotation (90° steps, kept in 0..270) and whether the viewer fills the screen. Zoom and pan are the
// viewer's own continuous state and stay in OpenSeadragon. The Fullscreen API is the view's business
// (states never touch the DOM): it follows `fullScreen`, and tells the machine when the browser left
// full screen on its own (Escape).
import { type ActorRefFrom, assign, setup } from "xstate"
import type { LabDetail, UploadStatus } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import type { Notice } from "../../effects/Notice.ts"
import { slideLoadFailureOf } from "../../effects/slides/failures.ts"
import { loadSlide } from "../../effects/slides/load.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

/** How long a slide that is not ready waits between re-checks when no event arrives. */
export const SLIDE_RECHECK_MS = 15_000

export type Rotation = 0 | 90 | 180 | 270

export interface SlideViewerContext {
  readonly labId: string
  readonly lab: LabDetail | null
  readonly rotation: Rotation
  /** Why the slide could not be loaded (a network or server failure), for the retry panel. */
  readonly error: Notice | null
}

export type SlideViewerEvent =
  /** A `status_upload_{labId}` event of the lab's channel. */
  | { readonly type: "slide.status"; readonly status: string }
  /** Ask again now rather than at the next re-check (the channel was down: a status may be lost). */
  | { readonly type: "slide.recheck" }
  | { readonly type: "slide.retry" }
  | { readonly type: "viewer.rotate"; readonly direction: "left" | "right" }
  /** The slide was given a resolution (calibrate.machine.ts): the scale bar and measurements take it. */
  | { readonly type: "slide.calibrated"; readonly mpp: number }
  | { readonly type: "viewer.fullScreen.toggle" }
  /** The browser left full screen by itself (Escape, or the request was refused). */
  | { readonly type: "viewer.fullScreen.exited" }

const isUploadStatus = (status: string): status is UploadStatus =>
  status === "uploading" || status === "processing" || status === "ready" || status === "failed"

const turned = (rotation: Rotation, direction: "left" | "right"): Rotation =>
  ((rotation + (direction === "right" ? 90 : 270)) % 360) as Rotation

const actors = {
  load: fromEffect((labId: string) => loadSlide(labId)),
  check: fromEffect((labId: string) => loadSlide(labId))
}

export const slideViewerMachine = setup({
  types: {
    context: {} as SlideViewerContext,
    events: {} as SlideViewerEvent,
    input: {} as { readonly labId: string }
  },
  actors,
  guards: {
    isReady: (_, lab: LabDetail) => !lab.is_dir && lab.status === "ready" && lab.tile_source !== null,
    hasFailed: (_, lab: LabDetail) => !lab.is_dir && lab.status === "failed",
    isSlide: (_, lab: LabDetail) => !lab.is_dir,
    isMissing: (_, error: AppFailure) => slideLoadFailureOf(error).kind === "missing",
    /** The event settles the wait: the slide is ready, or will never be. */
    settles: ({ event }) => event.type === "slide.status" && (event.status === "ready" || event.status === "failed")
  },
  actions: {
    show: assign((_, lab: LabDetail) => ({ lab, error: null })),
    showFailure: assign((_, error: AppFailure) => {
      const failure = slideLoadFailureOf(error)
      return { error: failure.kind === "unavailable" ? failure.notice : null }
    }),
    clearError: assign({ error: null }),
    /** Live status while waiting: shows "uploading" turning into "processing" without a request. */
    noteStatus: assign(({ context, event }) => {
      if (event.type !== "slide.status" || context.lab === null || !isUploadStatus(event.status)) return {}
      return { lab: { ...context.lab, status: event.status } }
    }),
    calibrated: assign(({ context, event }) =>
      event.type === "slide.calibrated" && context.lab !== null ? { lab: { ...context.lab, mpp: event.mpp } } : {}
    ),
    rotate: assign(({ context, event }) => (event.type === "viewer.rotate" ? { rotation: turned(context.rotation, event.direction) } : {}))
  }
}).createMachine({
  id: "slideViewer",
  context: ({ input }) => ({ labId: input.labId, lab: null, rotation: 0, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: [
          {
            guard: { type: "isReady", params: ({ event }) => event.output },
            target: "ready",
            actions: { type: "show", params: ({ event }) => event.output }
          },
          {
            guard: { type: "hasFailed", params: ({ event }) => event.output },
            target: "failed",
            actions: { type: "show", params: ({ event }) => event.output }
          },
          {
            guard: { type: "isSlide", params: ({ event }) => event.output },
            target: "notReady",
            actions: { type: "show", params: ({ event }) => event.output }
          },
          // A folder has no slide: its address with /annotations names nothing to view.
          { target: "missing" }
        ],
        onError: [
          { guard: { type: "isMissing", params: failureFrom(actors.load) }, target: "missing" },
          { target: "unavailable", actions: { type: "showFailure", params: failureFrom(actors.load) } }
        ]
      }
    },
    /** The lab could not be asked for (no network, a server error): the page offers to retry. */
    unavailable: {
      on: { "slide.retry": { target: "loading", actions: "clearError" } }
    },
    /** Not found, not visible to the asker, or not a slide. */
    missing: {},
    /** The pyramid could not be built (a corrupt or unsupported file). */
    failed: {},
    /** Uploading or processing: waits for the status event, re-checking now and then. */
    notReady: {
      initial: "waiting",
      states: {
        waiting: {
          after: { [SLIDE_RECHECK_MS]: "checking" },
          on: {
            "slide.status": [{ guard: "settles", target: "checking" }, { actions: "noteStatus" }],
            "slide.recheck": "checking"
          }
        },
        /** Asks again: the event says what happened, the lab says where the tiles are. */
        checking: {
          invoke: {
            id: "check",
            src: "check",
            input: ({ context }) => context.labId,
            onDone: [
              {
                guard: { type: "isReady", params: ({ event }) => event.output },
                target: "#slideViewer.ready",
                actions: { type: "show", params: ({ event }) => event.output }
              },
              {
                guard: { type: "hasFailed", params: ({ event }) => event.output },
                target: "#slideViewer.failed",
                actions: { type: "show", params: ({ event }) => event.output }
              },
              {
                guard: { type: "isSlide", params: ({ event }) => event.output },
                target: "waiting",
                actions: { type: "show", params: ({ event }) => event.output }
              },
              { target: "#slideViewer.missing" }
            ],
            onError: [
              // Deleted or unshared while we waited.
              { guard: { type: "isMissing", params: failureFrom(actors.check) }, target: "#slideViewer.missing" },
              // A passing failure: keep waiting, the next event or re-check tries again.
              { target: "waiting" }
            ]
          }
        }
      }
    },
    ready: {
      initial: "windowed",
      on: { "viewer.rotate": { actions: "rotate" }, "slide.calibrated": { actions: "calibrated" } },
      states: {
        windowed: {
          on: { "viewer.fullScreen.toggle": "fullScreen" }
        },
        fullScreen: {
          tags: ["fullScreen"],
          on: { "viewer.fullScreen.toggle": "windowed", "viewer.fullScreen.exited": "windowed" }
        }
      }
    }
  }
})

export type SlideViewerActor = ActorRefFrom<typeof slideViewerMachine>
