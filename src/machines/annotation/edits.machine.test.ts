import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../annotation/store/fixtures.ts"
import { type Shape, shapeOf, withCoords } from "../../annotation/store/shape.ts"
import { Forbidden, NetworkError } from "../../effects/ApiError.ts"
import type { ChangeInput } from "../../effects/annotations/edit.ts"
import { drive } from "../support/testing/drive.ts"
import { type Arrival, type Invocation, modelFor } from "../support/testing/modelHarness.ts"
import { type EditsContext, type EditsEmitted, type EditsEvent, editsMachine } from "./edits.machine.ts"

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
const ids = (context: EditsContext) => context.queue.map((op) => op.step.annotationId.at(-1)).join("")

const events = {
  "move s1": { type: "edit.update", from: s1, to: s1Moved },
  "move s1 again": { type: "edit.update", from: s1Moved, to: s1MovedTwice },
  "delete s2": { type: "edit.delete", shape: s2 },
  "s3 drawn": { type: "edit.created", shape: s3 },
  "saved at v2": { type: "xstate.done.actor.apply", output: { _tag: "Saved", shape: { ...s1Moved, version: 2 } } },
  "deleted on the server": { type: "xstate.done.actor.apply", output: { _tag: "Saved", shape: null } },
  "Grace changed it first": { type: "xstate.done.actor.apply", output: { _tag: "Conflict", current: s1ByGrace } },
  "deleted meanwhile": { type: "xstate.done.actor.apply", output: { _tag: "Conflict", current: null } },
  "refused (403)": { type: "xstate.error.actor.apply", error: new Forbidden({ message: "not yours" }) },
  "no network": { type: "xstate.error.actor.apply", error: new NetworkError({ message: "offline" }) }
} as const

/** What each answer of the server does (checked wherever it leads). */
const answered = (actual: EditsContext, arrival: Arrival<typeof editsMachine>) => {
  const before = arrival.before?.context
  const op = before?.queue[0]
  if (op === undefined || !arrival.via.match(/saved|deleted|Grace|refused|network/)) return
  const id = op.step.annotationId
  const rest = (before?.queue.slice(1) ?? []).map((o) => o.step.annotationId)
  if (arrival.via === "saved at v2") {
    // The server's answer is shown and its version remembered; the queue moves on.
    expect(emittedOf(arrival.emitted, "edits.show")[0]?.upsert.map((s) => s.version)).toEqual([2])
    expect(actual.versions[id]).toBe(2)
    expect(actual.queue.map((o) => o.step.annotationId)).toEqual(rest)
  }
  if (arrival.via === "deleted on the server") {
    expect(emittedOf(arrival.emitted, "edits.show")).toEqual([{ type: "edits.show", upsert: [], remove: [id] }])
    expect(actual.versions[id]).toBeUndefined()
    // A deletion the user asked for offers its Undo.
    expect(emittedOf(arrival.emitted, "edits.deleted").map((e) => e.step.annotationId)).toEqual(op.step.after === null ? [id] : [])
  }
  if (arrival.via === "Grace changed it first" || arrival.via === "deleted meanwhile") {
    // The user is told, with the annotation as it is now; later changes of it built on the lost one and go.
    const current = arrival.via === "deleted meanwhile" ? null : s1ByGrace
    expect(emittedOf(arrival.emitted, "edits.conflict")).toEqual([{ type: "edits.conflict", annotationId: id, current }])
    expect(actual.queue.map((o) => o.step.annotationId)).toEqual(rest.filter((r) => r !== id))
    expect(emittedOf(arrival.emitted, "edits.revert")).toEqual([])
  }
  if (arrival.via === "refused (403)" || arrival.via === "no network") {
    // Taken back and said; nothing of that annotation stays queued.
    expect(emittedOf(arrival.emitted, "edits.revert")).toEqual([{ type: "edits.revert", shape: op.step.before }])
    expect(emittedOf(arrival.emitted, "edits.failed").map((e) => e.step.id)).toEqual([op.step.id])
    expect(actual.queue.some((o) => o.step.annotationId === id)).toBe(false)
  }
}

const model = modelFor({
  machine: editsMachine,
  promiseActors: ["apply"],
  input,
  events: events as unknown as Record<string, EditsEvent>,
  distinguish: ({ value, context }) => ({ value, queue: ids(context) }),
  stopWhen: ({ context }) => context.queue.length > 2,
  states: {
    idle: (actual, _, arrival) => {
      expect(actual.context.queue).toEqual([])
      answered(actual.context, arrival)
    },
    // Passed through at once: the next queued change, or idle.
    next: () => expect.unreachable("the machine never rests between changes"),
    working: (actual, calls, arrival) => {
      answered(actual.context, arrival)
      const context = actual.context
      const first = context.queue[0]!
      const change = sent(calls)!
      // The first queued change is what is being sent: from what it was to what it is to be.
      expect(change).toMatchObject({ labId: "slide-1", id: first.step.annotationId, from: first.step.before, to: first.step.after })
      // It names the version it starts from: the shape's own, or the one this user's last saved change made.
      const own = arrival.before?.context.versions[first.step.annotationId] ?? context.versions[first.step.annotationId]
      expect(change.version).toBe(Math.max(first.step.before?.version ?? 0, own ?? 0))
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
})
