import { type Effect, ManagedRuntime } from "effect"
import { type AnyActorRef, type EventObject, fromCallback } from "xstate"
import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { NetworkError, ServerError } from "../../effects/ApiError.ts"
import { type Draft, DraftStore } from "../../effects/annotations/DraftStore.ts"
import { listDrafts, writeDrafts } from "../../effects/annotations/drafts.ts"
import { lastInput, modelFor } from "../../testing/modelHarness.ts"
import { type DraftsEvent, draftsMachine } from "./drafts.machine.ts"

const draftOf = (id: string, x = 10): Draft => ({
  id,
  lab_id: "slide-1",
  kind: "rectangle",
  coords: [x, 10, x + 50, 10, x + 50, 60, x, 60],
  label: { id: "l1", name: "Tumour", color: "#FF0000" },
  created_at: `2025-01-01T00:00:0${id.at(-1)}.000Z`
})
const A = draftOf("00000000-0000-4000-8000-00000000000a")
const B = draftOf("00000000-0000-4000-8000-00000000000b", 100)
const stored = annotationOf(A.id, ring(0, 0, 10))

const silentKeeper = { keeper: fromCallback<EventObject, AnyActorRef>(() => undefined) }

/** What the IndexedDB keeper was told in answer to the arrival's event. */
const commands = (emitted: ReadonlyArray<{ type: string }>) =>
  emitted.flatMap((e) =>
    e.type === "drafts.put"
      ? [`put ${(e as unknown as { drafts: ReadonlyArray<Draft> }).drafts.map((d) => d.id.at(-1)).join(",")}`]
      : e.type === "drafts.delete"
        ? [`delete ${(e as unknown as { ids: ReadonlyArray<string> }).ids.map((id) => id.at(-1)).join(",")}`]
        : e.type === "drafts.clear"
          ? ["clear"]
          : []
  )

const model = modelFor({
  machine: draftsMachine,
  promiseActors: ["list", "upload"],
  provide: { actors: silentKeeper },
  input: { labId: "slide-1", defaultLabel: "Annotation", online: true, connected: false },
  events: {
    "listed A": { type: "xstate.done.actor.list", output: [A] },
    "listed none": { type: "xstate.done.actor.list", output: [] },
    "no indexeddb": { type: "xstate.error.actor.list", error: new Error("no IndexedDB") },
    "add B": { type: "draft.add", draft: B },
    "move B": { type: "draft.update", id: B.id, coords: [0, 0, 5, 0, 5, 5, 0, 5] },
    "relabel B": { type: "draft.relabel", id: B.id, label: null },
    "remove B": { type: "draft.remove", id: B.id },
    clear: { type: "drafts.clear" },
    online: { type: "connection.change", online: true, connected: true },
    offline: { type: "connection.change", online: false, connected: false },
    uploaded: { type: "xstate.done.actor.upload", output: { ids: [A.id], annotations: [stored], label: null } },
    "upload lost": { type: "xstate.error.actor.upload", error: new NetworkError({ message: "offline" }) },
    "upload 500": { type: "xstate.error.actor.upload", error: new ServerError({ status: 503, message: "busy" }) },
    "upload refused": { type: "xstate.error.actor.upload", error: new ServerError({ status: 409, message: "id reused" }) },
    retry: { type: "drafts.retry" }
  } as unknown as Record<string, DraftsEvent>,
  distinguish: ({ value, context }) => ({
    value,
    drafts: context.drafts.map((d) => d.id.at(-1)).join(""),
    live: context.online && context.connected,
    held: context.held
  }),
  stopWhen: ({ context }) => context.drafts.length > 2,
  states: {
    loading: (actual, calls) => {
      expect(lastInput(calls, "list")).toBe("slide-1")
      expect(actual.hasTag("busy")).toBe(false)
    },
    empty: (actual, _, arrival) => {
      expect(actual.context.drafts).toEqual([])
      expect(actual.hasTag("busy")).toBe(false)
      if (arrival.via === "clear") expect(commands(arrival.emitted)).toEqual(["clear"])
      if (arrival.via === "remove B") expect(commands(arrival.emitted)).toEqual(["delete b"])
      if (arrival.via === "uploaded") {
        // The server holds them now: forgotten here, handed to the view's store.
        expect(commands(arrival.emitted)).toEqual(["delete a"])
        expect(arrival.emitted.find((e) => e.type === "drafts.synced")).toMatchObject({ annotations: [stored] })
      }
    },
    waiting: (actual, _, arrival) => {
      // Drafts wait only while they cannot be sent: offline, no realtime, or held after a failure.
      expect(actual.context.drafts.length).toBeGreaterThan(0)
      expect(actual.context.online && actual.context.connected && !actual.context.held).toBe(false)
      if (arrival.via === "add B") {
        expect(actual.context.drafts.at(-1)).toEqual(B)
        expect(commands(arrival.emitted)).toEqual(["put b"])
      }
      if (arrival.via === "move B" && actual.context.drafts.some((d) => d.id === B.id)) {
        expect(actual.context.drafts.find((d) => d.id === B.id)?.coords).toEqual([0, 0, 5, 0, 5, 5, 0, 5])
        expect(commands(arrival.emitted)).toEqual(["put b"])
      }
      if (arrival.via === "relabel B" && actual.context.drafts.some((d) => d.id === B.id))
        expect(actual.context.drafts.find((d) => d.id === B.id)?.label).toBeNull()
      if (arrival.via === "listed A") expect(actual.context.drafts[0]).toEqual(A)
      if (arrival.via === "upload lost" || arrival.via === "upload 500") {
        expect(actual.context.held).toBe(true)
        expect(commands(arrival.emitted)).toEqual([])
      }
    },
    syncing: (actual, calls, arrival) => {
      expect(actual.hasTag("busy")).toBe(true)
      // Every draft, in one upload, with the ids they were drawn with, once online and connected.
      if (arrival.callsBefore < calls.length) {
        const upload = lastInput(calls, "upload") as { drafts: ReadonlyArray<Draft>; labId: string }
        expect(upload.labId).toBe("slide-1")
        expect(upload.drafts.map((d) => d.id)).toEqual(actual.context.drafts.map((d) => d.id))
        if (arrival.via !== "retry") expect(actual.context.online && actual.context.connected).toBe(true)
      }
    },
    refused: (actual) => {
      expect(actual.context.drafts.length).toBeGreaterThan(0)
      expect(actual.context.error).toBeInstanceOf(ServerError)
    }
  }
})

describe("annotation drafts model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("the drafts store programs", () => {
  it("keeps drafts by slide: put, update, remove, clear", async () => {
    const other = { ...B, id: "00000000-0000-4000-8000-00000000000c", lab_id: "slide-2" }
    const runtime = ManagedRuntime.make(DraftStore.memory([other]))
    const run = <A>(program: Effect.Effect<A, unknown, DraftStore>) => runtime.runPromise(program)
    expect(await run(listDrafts("slide-1"))).toEqual([])
    await run(writeDrafts({ type: "drafts.put", drafts: [A, B] }))
    await run(writeDrafts({ type: "drafts.put", drafts: [{ ...B, label: null }] }))
    expect((await run(listDrafts("slide-1"))).map((d) => [d.id, d.label])).toEqual([
      [A.id, A.label],
      [B.id, null]
    ])
    await run(writeDrafts({ type: "drafts.delete", ids: [A.id] }))
    expect((await run(listDrafts("slide-1"))).map((d) => d.id)).toEqual([B.id])
    await run(writeDrafts({ type: "drafts.clear", labId: "slide-1" }))
    expect(await run(listDrafts("slide-1"))).toEqual([])
    expect(await run(listDrafts("slide-2"))).toEqual([other])
  })
})
