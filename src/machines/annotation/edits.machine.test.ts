import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../annotation/store/fixtures.ts"
import { type Shape, shapeOf, withCoords } from "../../annotation/store/shape.ts"
import { Forbidden, NetworkError } from "../../effects/ApiError.ts"
import type { ChangeInput } from "../../effects/annotations/edit.ts"
import { drive } from "../support/testing/drive.ts"
import { type Arrival, type Invocation, modelFor } from "../support/testing/modelHarness.ts"
import { type EditsContext, type EditsEmitted, type EditsEvent, editsMachine, HISTORY_LIMIT, type Step } from "./edits.machine.ts"

const shape = (id: string, version: number, cx = 100): Shape => {
  const parsed = shapeOf(annotationOf(id, ring(cx, 100, 20, 6), { version }))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}
const S1 = "00000000-0000-4000-8000-000000000001"
const S2 = "00000000-0000-4000-8000-000000000002"
const S3 = "00000000-0000-4000-8000-000000000003"
const s1 = shape(S1, 1)
const s1Moved = withCoords(
  s1,
  [...s1.coords].map((v) => v + 10)
)
const s1MovedTwice = withCoords(
  s1,
  [...s1.coords].map((v) => v + 20)
)
const s2 = shape(S2, 4, 300)
const s3 = shape(S3, 1, 500)
/** Grace's newer version of s1. */
const s1ByGrace = { ...shape(S1, 7, 120), author: { id: "u2", email: "grace@example.org", name: "Grace" } }

const input = { labId: "slide-1" }
const sent = (calls: ReadonlyArray<Invocation>) => calls.at(-1)?.input as ChangeInput | undefined
const emittedOf = <T extends EditsEmitted["type"]>(emitted: ReadonlyArray<{ type: string }>, type: T) =>
  emitted.filter((e): e is Extract<EditsEmitted, { type: T }> => e.type === type)

// (A second drag of one shape while the first is on its way is a scenario below.)
const events = {
  "move s1": { type: "edit.update", from: s1, to: s1Moved },
  "delete s2": { type: "edit.delete", shape: s2 },
  "s3 drawn": { type: "edit.created", shape: s3 },
  undo: { type: "history.undo" },
  "undo from the notice of step 2": { type: "history.undo", step: 2 },
  redo: { type: "history.redo" },
  "saved at v2": { type: "xstate.done.actor.apply", output: { _tag: "Saved", shape: { ...s1Moved, version: 2 } } },
  "deleted on the server": { type: "xstate.done.actor.apply", output: { _tag: "Saved", shape: null } },
  "Grace changed it first": { type: "xstate.done.actor.apply", output: { _tag: "Conflict", current: s1ByGrace } },
  "deleted meanwhile": { type: "xstate.done.actor.apply", output: { _tag: "Conflict", current: null } },
  "refused (403)": { type: "xstate.error.actor.apply", error: new Forbidden({ message: "not yours" }) },
  "no network": { type: "xstate.error.actor.apply", error: new NetworkError({ message: "offline" }) }
} as const

/** What undo, redo and new changes do to the history (checked wherever they lead). */
const remembered = (actual: EditsContext, arrival: Arrival<typeof editsMachine>) => {
  const before = arrival.before?.context
  if (before === undefined) return
  const latest = before.past.at(-1)
  if (arrival.via === "move s1" || arrival.via === "move s1 again" || arrival.via === "delete s2" || arrival.via === "s3 drawn") {
    // A change of the user's own is the latest step at once; nothing is left to redo.
    expect(actual.past.at(-1)?.annotationId).toBe(arrival.via === "delete s2" ? S2 : arrival.via === "s3 drawn" ? S3 : S1)
    expect(actual.future).toEqual([])
  }
  if (arrival.via === "undo" || arrival.via === "undo from the notice of step 2") {
    const asked = arrival.via === "undo" || latest?.id === 2
    if (latest !== undefined && asked) {
      // The latest step leaves the past for the future at once, and is sent the other way.
      expect(actual.past).toEqual(before.past.slice(0, -1))
      expect(actual.future.at(-1)).toEqual(latest)
      expect(actual.queue.at(-1)).toEqual({ step: latest, direction: "undo" })
    } else expect(actual.queue).toEqual(before.queue)
  }
  if (arrival.via === "redo") {
    const next = before.future.at(-1)
    if (next !== undefined) {
      expect(actual.past.at(-1)).toEqual(next)
      expect(actual.queue.at(-1)).toEqual({ step: next, direction: "redo" })
    } else expect(actual.queue).toEqual(before.queue)
  }
  const op = before.queue[0]
  if (op === undefined) return
  if (arrival.via === "saved at v2" || arrival.via === "deleted on the server") {
    // A saved answer leaves the history as it is.
    expect([actual.past, actual.future]).toEqual([before.past, before.future])
  }
  if (arrival.via === "Grace changed it first" || arrival.via === "deleted meanwhile") {
    // No step of that annotation can be applied blindly any more.
    const gone = (steps: ReadonlyArray<Step>) => steps.filter((step) => step.annotationId === op.step.annotationId)
    expect([...gone(actual.past), ...gone(actual.future)]).toEqual([])
    expect(emittedOf(arrival.emitted, "edits.conflict")[0]?.direction).toBe(op.direction)
  }
  if (arrival.via === "refused (403)" || arrival.via === "no network") {
    const inPast = actual.past.some((step) => step.id === op.step.id)
    const inFuture = actual.future.some((step) => step.id === op.step.id)
    // A new change that did not go through is no step; an undo or redo that found no network may be tried again.
    if (op.direction !== "do" && arrival.via === "no network")
      expect([inPast, inFuture]).toEqual([op.direction === "undo", op.direction === "redo"])
    else expect([inPast, inFuture]).toEqual([false, false])
    // Only a new change was shown before the server had it, so only that is taken back.
    expect(emittedOf(arrival.emitted, "edits.revert").length).toBe(op.direction === "do" && op.step.before !== null ? 1 : 0)
  }
}

/** What each answer of the server does (checked wherever it leads). */
const answered = (actual: EditsContext, arrival: Arrival<typeof editsMachine>) => {
  const before = arrival.before?.context
  const op = before?.queue[0]
  if (op === undefined || !arrival.via.match(/saved|deleted|Grace|refused|network/)) return
  const id = op.step.annotationId
  const rest = (before?.queue.slice(1) ?? []).map((o) => o.step.annotationId)
  if (arrival.via === "saved at v2") {
    // The server's answer is shown and its version remembered; the queue moves on.
    const shown = emittedOf(arrival.emitted, "edits.show")[0]
    expect(shown?.upsert.map((s) => s.version)).toEqual([2])
    // A new change's answer replaces it only while the store still shows it; an undo's or redo's at once.
    expect(shown?.expected).toBe(op.direction === "do" ? (op.step.after ?? undefined) : undefined)
    expect(actual.versions[id]).toBe(2)
    expect(actual.queue.map((o) => o.step.annotationId)).toEqual(rest)
  }
  if (arrival.via === "deleted on the server") {
    expect(emittedOf(arrival.emitted, "edits.show")).toEqual([{ type: "edits.show", upsert: [], remove: [id] }])
    expect(actual.versions[id]).toBeUndefined()
    // A deletion the user asked for offers its Undo.
    expect(emittedOf(arrival.emitted, "edits.deleted").map((e) => e.step.annotationId)).toEqual(
      op.step.after === null && op.direction === "do" ? [id] : []
    )
  }
  if (arrival.via === "Grace changed it first" || arrival.via === "deleted meanwhile") {
    // The user is told, with the annotation as it is now; later changes of it built on the lost one and go.
    const current = arrival.via === "deleted meanwhile" ? null : s1ByGrace
    expect(emittedOf(arrival.emitted, "edits.conflict")).toEqual([
      { type: "edits.conflict", annotationId: id, current, direction: op.direction }
    ])
    expect(actual.queue.map((o) => o.step.annotationId)).toEqual(rest.filter((r) => r !== id))
    expect(emittedOf(arrival.emitted, "edits.revert")).toEqual([])
  }
  if (arrival.via === "refused (403)" || arrival.via === "no network") {
    // Said; nothing of that annotation stays queued; a new change is taken back.
    if (op.direction === "do") expect(emittedOf(arrival.emitted, "edits.revert")).toEqual([{ type: "edits.revert", shape: op.step.before }])
    expect(emittedOf(arrival.emitted, "edits.failed").map((e) => e.step.id)).toEqual([op.step.id])
    expect(actual.queue.some((o) => o.step.annotationId === id)).toBe(false)
  }
}

const model = modelFor({
  machine: editsMachine,
  promiseActors: ["apply"],
  input,
  events: events as unknown as Record<string, EditsEvent>,
  distinguish: ({ value, context }) => ({
    value,
    // What is queued, by direction: an undo waiting behind another undo is not one behind a new change.
    queue: context.queue.map((op) => op.direction).join(),
    past: context.past.length,
    future: context.future.length
  }),
  stopWhen: ({ context }) => context.queue.length > 2 || context.past.length + context.future.length > 2,
  states: {
    idle: (actual, _, arrival) => {
      expect(actual.context.queue).toEqual([])
      answered(actual.context, arrival)
      remembered(actual.context, arrival)
    },
    // Passed through at once: the next queued change, or idle.
    next: () => expect.unreachable("the machine never rests between changes"),
    working: (actual, calls, arrival) => {
      answered(actual.context, arrival)
      remembered(actual.context, arrival)
      const context = actual.context
      const first = context.queue[0]!
      const change = sent(calls)!
      // The first queued change is what is being sent: from what it was to what it is to be; an undo the other way.
      const [from, to] = first.direction === "undo" ? [first.step.after, first.step.before] : [first.step.before, first.step.after]
      expect(change).toMatchObject({ labId: "slide-1", id: first.step.annotationId, from, to })
      // It names the version it starts from: the shape's own, or the one this user's last saved change made.
      // (Checked where the change was sent: the context then.)
      const own = context.versions[first.step.annotationId]
      if (calls.length > arrival.callsBefore) expect(change.version).toBe(Math.max(from?.version ?? 0, own ?? 0))
      // A change is shown at once, before the server has it.
      if (arrival.via === "move s1" || arrival.via === "move s1 again")
        expect(emittedOf(arrival.emitted, "edits.show")).toEqual([
          { type: "edits.show", upsert: [(arrival.event as { to: Shape }).to], remove: [] }
        ])
      if (arrival.via === "delete s2")
        expect(emittedOf(arrival.emitted, "edits.show")).toEqual([{ type: "edits.show", upsert: [], remove: [S2] }])
    }
  }
})

describe("edits model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("edits scenarios", () => {
  it("a second drag while the first is on its way is sent after it, from the version the first one's save made", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    await run.send({ type: "edit.update", from: s1, to: s1Moved })
    await run.send({ type: "edit.update", from: s1Moved, to: s1MovedTwice })
    expect(run.actor.getSnapshot().context.queue).toHaveLength(2)
    expect(run.lastInput("apply")).toMatchObject({ version: 1, to: s1Moved })
    await run.succeed("apply", { _tag: "Saved", shape: { ...s1Moved, version: 2 } })
    expect(run.lastInput("apply")).toMatchObject({ version: 2, to: s1MovedTwice })
    await run.succeed("apply", { _tag: "Saved", shape: { ...s1MovedTwice, version: 3 } })
    expect(run.actor.getSnapshot().value).toBe("idle")
    expect(run.actor.getSnapshot().context.versions[S1]).toBe(3)
  })

  it("a shape drawn here is edited from the version it was created at", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    await run.send({ type: "edit.created", shape: s3 })
    await run.send({
      type: "edit.update",
      from: s3,
      to: withCoords(
        s3,
        [...s3.coords].map((v) => v + 1)
      )
    })
    expect(run.lastInput("apply")).toMatchObject({ id: S3, version: 1 })
  })

  it("undo twice goes back through the user's own steps on the server; redo goes forward again", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    await run.send({ type: "edit.created", shape: s1 })
    await run.send({ type: "edit.update", from: s1, to: s1Moved })
    await run.succeed("apply", { _tag: "Saved", shape: { ...s1Moved, version: 2 } })
    await run.send({ type: "history.undo" })
    // The move is undone by a PUT of the shape as it was, from the version the move made.
    expect(run.lastInput("apply")).toMatchObject({ id: S1, from: s1Moved, to: s1, version: 2 })
    await run.send({ type: "history.undo" })
    await run.succeed("apply", { _tag: "Saved", shape: { ...s1, version: 3 } })
    // The create is undone by a DELETE that names the version the undo made.
    expect(run.lastInput("apply")).toMatchObject({ id: S1, from: s1, to: null, version: 3 })
    await run.succeed("apply", { _tag: "Saved", shape: null })
    expect(run.actor.getSnapshot().context.past).toEqual([])
    expect(run.actor.getSnapshot().context.future).toHaveLength(2)
    await run.send({ type: "history.redo" })
    // Redone: created again with the same id.
    expect(run.lastInput("apply")).toMatchObject({ id: S1, from: null, to: s1 })
    await run.succeed("apply", { _tag: "Saved", shape: { ...s1, version: 1 } })
    await run.send({ type: "history.redo" })
    expect(run.lastInput("apply")).toMatchObject({ id: S1, from: s1, to: s1Moved, version: 1 })
  })

  it("redo right after undo, before the server has the undo: both are sent, in order", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    await run.send({ type: "edit.created", shape: s3 })
    await run.send({ type: "history.undo" })
    await run.send({ type: "history.redo" })
    expect(run.lastInput("apply")).toMatchObject({ id: S3, from: s3, to: null, version: 1 })
    await run.succeed("apply", { _tag: "Saved", shape: null })
    expect(run.lastInput("apply")).toMatchObject({ id: S3, from: null, to: s3 })
    await run.succeed("apply", { _tag: "Saved", shape: s3 })
    expect(run.actor.getSnapshot().context).toMatchObject({ past: [{ annotationId: S3 }], future: [], queue: [] })
  })

  it("a change someone else made meanwhile turns the undo into a conflict: told, nothing of that shape left to undo", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    const told: Array<unknown> = []
    run.actor.on("edits.conflict", (event) => void told.push(event))
    await run.send({ type: "edit.created", shape: s3 })
    await run.send({ type: "edit.update", from: s1, to: s1Moved })
    await run.succeed("apply", { _tag: "Saved", shape: { ...s1Moved, version: 2 } })
    await run.send({ type: "history.undo" })
    await run.succeed("apply", { _tag: "Conflict", current: s1ByGrace })
    expect(told).toEqual([{ type: "edits.conflict", annotationId: S1, current: s1ByGrace, direction: "undo" }])
    const { past, future } = run.actor.getSnapshot().context
    expect([...past, ...future].map((step) => step.annotationId)).toEqual([S3])
  })

  it("keeps the last HISTORY_LIMIT steps", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) await run.send({ type: "edit.created", shape: { ...s3, id: `${i}` } })
    const { past } = run.actor.getSnapshot().context
    expect(past).toHaveLength(HISTORY_LIMIT)
    expect(past[0]?.annotationId).toBe("5")
  })
})
