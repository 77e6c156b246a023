// Waiting for a slide to be built: the child an upload (upload.machine.ts) invokes once every byte is
// on the server and its worker builds the pyramid and thumbnails.
//
//   building.waiting --after 4 s--> building.asking --processing--> building.waiting ...
//   building.asking --ready / failed--> ready / failed (final); --the lab is gone (404)--> gone (final)
//   building --status_upload message: ready / failed--> ready / failed (final)
//
// The lab's `status_upload` messages come live from its channel (statusFeed); the asking is there in
// case the socket is down and the message never arrives. A status replaces the one before, and a
// thumbnail replaces the one before when the message carries one (spec, "Upload status").
import { assign, type EventObject, fromCallback, setup } from "xstate"
import type { UploadStatus } from "../../contract/labs.ts"
import { labChannel, type StatusUpload } from "../../contract/realtime.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { pollStatus, STATUS_POLL_MS } from "../../effects/uploads/pollStatus.ts"
import type { RealtimeActor } from "../realtime/realtime.machine.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface ProcessingInput {
  /** The file lab; null when the last receipt did not name it (the status is then never known). */
  readonly labId: string | null
  /** Where `status_upload` messages come from; null where there is none. */
  readonly realtime: RealtimeActor | null
}

export interface ProcessingContext {
  readonly labId: string | null
  readonly realtime: RealtimeActor | null
  readonly status: UploadStatus
  readonly thumbnail: string | null
  readonly thumbnailUrl: string | null
}

export type ProcessingEvent = { readonly type: "processing.status" } & StatusUpload

export interface ProcessingOutput {
  /** `gone`: the lab was deleted meanwhile, nothing is left to wait for. */
  readonly outcome: "ready" | "failed" | "gone"
  readonly labId: string | null
  readonly thumbnail: string | null
  readonly thumbnailUrl: string | null
}

/** A status as a realtime message or an ask brings it; absent thumbnails mean "keep what you have". */
interface StatusFields {
  readonly status: UploadStatus | null
  readonly thumbnail?: string | null
  readonly thumbnail_url?: string | null
}

/** Hands the lab's `status_upload` messages to the machine. */
const statusFeed = fromCallback<EventObject, { readonly realtime: RealtimeActor | null; readonly labId: string | null }>(
  ({ input, sendBack }) => {
    const { realtime, labId } = input
    if (realtime === null || labId === null) return
    const channel = labChannel(labId)
    realtime.send({ type: "realtime.watch", channel })
    const subscription = realtime.on("realtime.statusUpload", (heard) => {
      if (heard.channel === channel && heard.id === labId) sendBack({ type: "processing.status", ...heard.data } satisfies ProcessingEvent)
    })
    return () => {
      subscription.unsubscribe()
      realtime.send({ type: "realtime.unwatch", channel })
    }
  }
)

const isNotFound = (error: AppFailure) => error._tag === "NotFound"

const actors = {
  askStatus: fromEffect(pollStatus),
  statusFeed
}

export const processingMachine = setup({
  types: {
    input: {} as ProcessingInput,
    context: {} as ProcessingContext,
    events: {} as ProcessingEvent,
    output: {} as ProcessingOutput
  },
  actors,
  guards: {
    isReady: (_, change: StatusFields) => change.status === "ready",
    isFailed: (_, change: StatusFields) => change.status === "failed",
    notFound: (_, error: AppFailure) => isNotFound(error)
  },
  actions: {
    takeStatus: assign(({ context }, change: StatusFields) => ({
      status: change.status ?? context.status,
      thumbnail: change.thumbnail === undefined ? context.thumbnail : change.thumbnail,
      thumbnailUrl: change.thumbnail_url === undefined ? context.thumbnailUrl : change.thumbnail_url
    }))
  }
}).createMachine({
  id: "processing",
  context: ({ input }) => ({ labId: input.labId, realtime: input.realtime, status: "processing", thumbnail: null, thumbnailUrl: null }),
  invoke: { id: "statusFeed", src: "statusFeed", input: ({ context }) => ({ realtime: context.realtime, labId: context.labId }) },
  initial: "building",
  output: ({ context }): ProcessingOutput => ({
    outcome: context.status === "ready" ? "ready" : context.status === "failed" ? "failed" : "gone",
    labId: context.labId,
    thumbnail: context.thumbnail,
    thumbnailUrl: context.thumbnailUrl
  }),
  states: {
    building: {
      on: {
        "processing.status": [
          {
            guard: { type: "isReady", params: ({ event }) => event },
            target: "ready",
            actions: { type: "takeStatus", params: ({ event }) => event }
          },
          {
            guard: { type: "isFailed", params: ({ event }) => event },
            target: "failed",
            actions: { type: "takeStatus", params: ({ event }) => event }
          },
          { actions: { type: "takeStatus", params: ({ event }) => event } }
        ]
      },
      initial: "waiting",
      states: {
        /** Between two asks. */
        waiting: { after: { [STATUS_POLL_MS]: "asking" } },
        asking: {
          invoke: {
            id: "askStatus",
            src: "askStatus",
            input: ({ context }) => context.labId ?? "",
            onDone: [
              {
                guard: { type: "isReady", params: ({ event }) => event.output },
                target: "#processing.ready",
                actions: { type: "takeStatus", params: ({ event }) => event.output }
              },
              {
                guard: { type: "isFailed", params: ({ event }) => event.output },
                target: "#processing.failed",
                actions: { type: "takeStatus", params: ({ event }) => event.output }
              },
              { target: "waiting", actions: { type: "takeStatus", params: ({ event }) => event.output } }
            ],
            onError: [
              // The lab was deleted meanwhile: nothing left to wait for.
              { guard: { type: "notFound", params: failureFrom(actors.askStatus) }, target: "#processing.gone" },
              { target: "waiting" }
            ]
          }
        }
      }
    },
    ready: { type: "final" },
    failed: { type: "final" },
    gone: { type: "final" }
  }
})
