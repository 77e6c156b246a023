import { createActor, emit, type EventObject, fromCallback, fromPromise, setup } from "xstate"
import { heardOf } from "../../effects/realtime/heard.ts"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { UploadStatus } from "../../contract/labs.ts"
import { NetworkError, NotFound } from "../../effects/ApiError.ts"
import type { RealtimeActor, RealtimeMessage } from "../realtime/realtime.machine.ts"
import { type Arrival, type Invocation, lastInput, modelFor } from "../../testing/modelHarness.ts"
import { type ProcessingEvent, type ProcessingInput, processingMachine } from "./processing.machine.ts"

const input: ProcessingInput = { labId: "l1", realtime: null }
const silent = {
  statusFeed: fromCallback<EventObject, { realtime: RealtimeActor | null; labId: string | null }>(() => undefined)
}
const thumbnails = {
  thumbnail: "/v2/media/slides/l1/k/slide_thumb_77x77.jpg",
  thumbnail_url: "/v2/media/slides/l1/k/slide_thumb_312x281.jpg"
}
const status = (value: string, more: object = {}) => ({ lab_id: "l1", status: value, ...more })

const events = {
  "heard: processing": { type: "processing.status", ...status("processing") },
  "heard: processing, no thumbnail yet": { type: "processing.status", ...status("processing", { thumbnail: null, thumbnail_url: null }) },
  "heard: ready": { type: "processing.status", ...status("ready", thumbnails) },
  "heard: failed": { type: "processing.status", ...status("failed") },
  "asked: processing": { type: "xstate.done.actor.askStatus", output: status("processing", { thumbnail: null, thumbnail_url: null }) },
  "asked: ready": { type: "xstate.done.actor.askStatus", output: status("ready", thumbnails) },
  "asked: failed": { type: "xstate.done.actor.askStatus", output: status("failed", { thumbnail: null, thumbnail_url: null }) },
  "ask: offline": { type: "xstate.error.actor.askStatus", error: new NetworkError({ message: "offline" }) },
  "ask: 404": { type: "xstate.error.actor.askStatus", error: new NotFound({ message: "Not found." }) }
} as unknown as Record<string, ProcessingEvent>

type Snapshot = ReturnType<typeof processingMachine.transition>
type At = Arrival<typeof processingMachine>

/** The status and thumbnails the arrival's event brought, if it brought any. */
type Brought = { readonly status: string; readonly thumbnail?: string | null }
const brought = ({ event }: At): Brought | undefined => {
  const payload = event as unknown as { type: string; output?: Brought } | undefined
  if (payload?.type === "processing.status") return payload as unknown as Brought
  if (payload?.type === "xstate.done.actor.askStatus") return payload.output
  return undefined
}

/**
 * Spec, "Upload status: updated live from server events; status replaces the value, thumbnail
 * replaces if provided". Checked in every state.
 */
const statusRule = (actual: Snapshot, arrival: At) => {
  const change = brought(arrival)
  const before = arrival.before?.context
  if (change === undefined || before === undefined) return
  expect(actual.context.status).toBe(change.status)
  expect(actual.context.thumbnail).toBe(change.thumbnail === undefined ? before.thumbnail : change.thumbnail)
}

const states = {
  "building.waiting": (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: At) => {
    statusRule(actual, arrival)
    // Still being built; asked again every few seconds in case the live message never comes.
    expect(["processing", "uploading"]).toContain(actual.context.status)
    expect(calls.slice(arrival.callsBefore)).toEqual([])
  },
  "building.asking": (actual: Snapshot, calls: ReadonlyArray<Invocation>, arrival: At) => {
    statusRule(actual, arrival)
    // Asked every four seconds.
    if (arrival.before?.matches({ building: "waiting" })) expect(arrival.waited).toBe(4000)
    expect(lastInput(calls, "askStatus")).toBe("l1")
  },
  ready: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    statusRule(actual, arrival)
    // Ready only when the server says so, with the thumbnails it gave.
    expect(brought(arrival)?.status).toBe("ready")
    expect(actual.output).toEqual({
      outcome: "ready",
      labId: "l1",
      thumbnail: thumbnails.thumbnail,
      thumbnailUrl: thumbnails.thumbnail_url
    })
  },
  failed: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    statusRule(actual, arrival)
    expect(brought(arrival)?.status).toBe("failed")
    expect(actual.output?.outcome).toBe("failed")
  },
  gone: (actual: Snapshot, _: ReadonlyArray<Invocation>, arrival: At) => {
    // Only a lab that no longer exists ends the waiting without a status; a lost connection never does.
    expect(arrival.via).toBe("ask: 404")
    expect(actual.output?.outcome).toBe("gone")
  }
}

const model = modelFor({
  machine: processingMachine,
  promiseActors: ["askStatus"],
  provide: { actors: silent },
  input,
  events,
  // A thumbnail kept or not is what the status rule tells apart.
  distinguish: ({ value, context }) => ({ value, status: context.status, thumbnail: context.thumbnail !== null }),
  states
})

describe("processing model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

/** A stand-in for the realtime actor: records watched channels, emits what the test pushes. */
const fakeRealtime = () => {
  const watched: Array<string> = []
  const machine = setup({
    types: { events: {} as { type: string; channel?: string; message?: RealtimeMessage }, emitted: {} as RealtimeMessage }
  }).createMachine({
    on: {
      "realtime.watch": { actions: ({ event }) => void watched.push(event.channel ?? "") },
      "realtime.unwatch": { actions: ({ event }) => void watched.splice(watched.indexOf(event.channel ?? ""), 1) },
      push: { actions: emit(({ event }) => event.message as RealtimeMessage) }
    }
  })
  const actor = createActor(machine).start()
  /** A message as the realtime machine emits it: decoded, or not at all. */
  const push = (channel: string, event: string, data: unknown) => {
    const message = heardOf(channel, event, data)
    if (message !== null) actor.send({ type: "push", message })
  }
  return { actor: actor as unknown as RealtimeActor, push, watched }
}

type Asked = { lab_id: string; status: UploadStatus | null; thumbnail: string | null; thumbnail_url: string | null }

describe("processing scenarios", () => {
  afterEach(() => void vi.useRealTimers())

  it("is ready on the lab's live status message, and stops listening", async () => {
    const realtime = fakeRealtime()
    const actor = createActor(processingMachine, {
      input: { labId: "l1", realtime: realtime.actor }
    }).start()
    expect(realtime.watched).toEqual(["private-mylab_l1"])
    // Another lab's message, and a malformed one, change nothing.
    realtime.push("private-mylab_l1", "status_upload_l2", status("ready"))
    realtime.push("private-mylab_l1", "status_upload_l1", { lab_id: "l1" })
    expect(actor.getSnapshot().value).toEqual({ building: "waiting" })
    realtime.push("private-mylab_l1", "status_upload_l1", status("ready", thumbnails))
    expect(actor.getSnapshot().output).toMatchObject({ outcome: "ready", thumbnail: thumbnails.thumbnail })
    expect(realtime.watched).toEqual([])
  })

  it("asks the server every four seconds while no message comes", async () => {
    vi.useFakeTimers()
    const asked: Array<string> = []
    const askStatus = fromPromise<Asked, string>(async ({ input }) => {
      asked.push(input)
      return { lab_id: "l1", status: asked.length < 2 ? ("processing" as const) : ("ready" as const), ...thumbnails }
    })
    const actor = createActor(processingMachine.provide({ actors: { askStatus, statusFeed: silent.statusFeed } }), { input }).start()
    await vi.advanceTimersByTimeAsync(3999)
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toEqual(["l1"])
    expect(actor.getSnapshot().value).toEqual({ building: "waiting" })
    await vi.advanceTimersByTimeAsync(4000)
    expect(asked).toEqual(["l1", "l1"])
    expect(actor.getSnapshot().output?.outcome).toBe("ready")
  })
})
