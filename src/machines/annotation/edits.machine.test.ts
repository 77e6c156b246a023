import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { type Shape, shapeOf, withCoords } from "../../annotation/store/shape.ts"
import { Forbidden, NetworkError } from "../../effects/ApiError.ts"
import type { ChangeInput } from "../../effects/annotations/edit.ts"
import { drive } from "../../testing/drive.ts"
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"
import { type EditsContext, type EditsEmitted, type EditsEvent, editsMachine, HISTORY_LIMIT, type Step } from "./edits.machine.ts"
import { type ChangeResult, endsOf, isOffline } from "./history.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"

const shape = (id: string, version: number, cx = 100): Shape => {
  const parsed = shapeOf(annotationOf(id, ring(cx, 100, 20, 6), { version }))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}
const S1 = "00000000-0000-4000-8000-000000000001"
const S2 = "00000000-0000-4000-8000-000000000002"
const S3 = "00000000-0000-4000-8000-000000000003"
const IDS = [S1, S2, S3]
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
/** Grace's newer version of an annotation. */
const byGrace = (id: string) => ({ ...shape(id, 7, 120), author: { id: "u2", email: "grace@example.org", name: "Grace" } })
const s1ByGrace = byGrace(S1)

const input = { labId: "slide-1" }
const sent = (calls: ReadonlyArray<Invocation>) => calls.at(-1)?.input as ReadonlyArray<ChangeInput> | undefined
const emittedOf = <T extends EditsEmitted["type"]>(emitted: ReadonlyArray<{ type: string }>, type: T) =>
  emitted.filter((e): e is Extract<EditsEmitted, { type: T }> => e.type === type)

/** The server's answers, by annotation id, the same for every annotation but where named. */
const answers = (each: (id: string) => ChangeResult, but: Readonly<Record<string, ChangeResult>> = {}) =>
  Object.fromEntries(IDS.map((id) => [id, but[id] ?? each(id)]))
const savedAt2 = (id: string): ChangeResult => ({ _tag: "Saved", shape: { ...(id === S1 ? s1Moved : shape(id, 2)), version: 2 } })
const forbidden = new Forbidden({ message: "not yours" })
const offline = new NetworkError({ message: "offline" })

/** In a scenario: the same answer for every annotation of the step being sent. */
const answerAll = (run: { lastInput: (src: string) => unknown }, answer: ChangeResult) =>
  Object.fromEntries((run.lastInput("apply") as ReadonlyArray<ChangeInput>).map((change) => [change.id, answer]))

/** The ids a step touches, in order. */
const idsOf = (step: Step | undefined) => step?.changes.map((change) => change.annotationId) ?? []

// (A second drag of one shape while the first is on its way is a scenario below.)
const events = {
  "move s1": { type: "edit.update", from: s1, to: s1Moved },
  "delete s2": { type: "edit.delete", shape: s2 },
  "delete s2 and s3 together": {
    type: "edit.group",
    changes: [
      { from: s2, to: null },
      { from: s3, to: null }
    ]
  },
  "s3 drawn": { type: "edit.created", shape: s3 },
  undo: { type: "history.undo" },
  "undo from the notice of step 2": { type: "history.undo", step: 2 },
  redo: { type: "history.redo" },
  "saved at v2": { type: "xstate.done.actor.apply", output: answers(savedAt2) },
  "deleted on the server": { type: "xstate.done.actor.apply", output: answers(() => ({ _tag: "Saved", shape: null })) },
  "Grace changed it first": { type: "xstate.done.actor.apply", output: answers((id) => ({ _tag: "Conflict", current: byGrace(id) })) },
  "deleted meanwhile": { type: "xstate.done.actor.apply", output: answers(() => ({ _tag: "Conflict", current: null })) },
  "refused (403)": { type: "xstate.done.actor.apply", output: answers(() => ({ _tag: "Failed", error: forbidden })) },
  "s2 refused (403), the rest saved": {
    type: "xstate.done.actor.apply",
    output: answers(savedAt2, { [S2]: { _tag: "Failed", error: forbidden } })
  },
  "s3 found no network, the rest saved": {
    type: "xstate.done.actor.apply",
    output: answers(savedAt2, { [S3]: { _tag: "Failed", error: offline } })
  },
  "no network": { type: "xstate.error.actor.apply", error: offline }
} as const

/** What the server answered for an annotation on the path's last answer. */
const answerOf = (arrival: Arrival<typeof editsMachine>, id: string): ChangeResult => {
  const event = arrival.event as { type: string; output?: Readonly<Record<string, ChangeResult>>; error?: AppFailure }
  return event.type === "xstate.error.actor.apply" ? { _tag: "Failed", error: event.error! } : event.output![id]!
}
const isAnswer = (arrival: Arrival<typeof editsMachine>) => arrival.event?.type.startsWith("xstate.") === true

/** The annotation's part of the step with this id, wherever the step is now. */
const partOf = (steps: ReadonlyArray<Step>, stepId: number, id: string) =>
  steps.find((step) => step.id === stepId)?.changes.some((change) => change.annotationId === id) ?? false

/** What undo, redo and new changes do to the history (checked wherever they lead). */
const remembered = (actual: EditsContext, arrival: Arrival<typeof editsMachine>) => {
  const before = arrival.before?.context
  if (before === undefined) return
  const latest = before.past.at(-1)
  const made = arrival.event?.type.startsWith("edit.")
  if (made) {
    // A change of the user's own is the latest step at once, one step for all it touched; nothing is left to redo.
    const event = arrival.event as EditsEvent
    const ids =
      event.type === "edit.update"
        ? [event.from.id]
        : event.type === "edit.delete" || event.type === "edit.created"
          ? [event.shape.id]
          : event.type === "edit.group"
            ? event.changes.flatMap((c) => [(c.from ?? c.to)?.id ?? []].flat())
            : []
    expect(idsOf(actual.past.at(-1))).toEqual(ids)
    expect(actual.past.length).toBe(Math.min(before.past.length + 1, HISTORY_LIMIT))
    expect(actual.future).toEqual([])
  }
  if (arrival.via === "undo" || arrival.via === "undo from the notice of step 2") {
    const asked = arrival.via === "undo" || latest?.id === 2
    if (latest !== undefined && asked) {
      // The latest step leaves the past for the future at once, and is sent the other way, all of it.
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
  if (op === undefined || !isAnswer(arrival)) return
  const steps = (context: EditsContext) => [...context.past, ...context.future]
  for (const change of op.step.changes) {
    const id = change.annotationId
    const answer = answerOf(arrival, id)
    if (answer._tag === "Saved") {
      // A saved part stays where the step is.
      expect(partOf(actual.past, op.step.id, id)).toBe(partOf(before.past, op.step.id, id))
      expect(partOf(actual.future, op.step.id, id)).toBe(partOf(before.future, op.step.id, id))
    } else if (answer._tag === "Conflict") {
      // No step of that annotation can be applied blindly any more.
      expect(steps(actual).some((step) => step.changes.some((c) => c.annotationId === id))).toBe(false)
    } else {
      // A part that did not go through leaves its step; an undo's or redo's that found no network
      // goes back where it was (as a step of its own when the rest went through), to be tried again.
      expect(partOf(steps(actual), op.step.id, id) && (op.direction === "do" || !isOffline(answer.error))).toBe(false)
      const back = [...(op.direction === "undo" ? actual.past : actual.future)].reverse().find((step) => idsOf(step).includes(id))
      const retried = op.direction !== "do" && isOffline(answer.error)
      expect(back?.changes.every((c) => op.step.changes.includes(c)) ?? false).toBe(retried)
    }
  }
  // The other steps are as they were, but for the annotations someone else changed first.
  const conflicted = new Set(
    op.step.changes.filter((c) => answerOf(arrival, c.annotationId)._tag === "Conflict").map((c) => c.annotationId)
  )
  const others = (context: EditsContext) =>
    steps(context)
      .filter((step) => step.id !== op.step.id && !step.changes.every((c) => op.step.changes.includes(c)))
      .map((step) => [step.id, idsOf(step).filter((id) => !conflicted.has(id))])
      .filter(([, ids]) => (ids as ReadonlyArray<string>).length > 0)
  expect(others(actual).sort()).toEqual(others(before).sort())
}

/** What each answer of the server does (checked wherever it leads). */
const answered = (actual: EditsContext, arrival: Arrival<typeof editsMachine>) => {
  const before = arrival.before?.context
  const op = before?.queue[0]
  if (op === undefined || !isAnswer(arrival)) return
  const results = op.step.changes.map((change) => ({ change, answer: answerOf(arrival, change.annotationId) }))
  const saved = results.filter(({ answer }) => answer._tag === "Saved")
  const conflicts = results.filter(({ answer }) => answer._tag === "Conflict")
  const failed = results.filter(({ answer }) => answer._tag === "Failed")
  const rest = before!.queue.slice(1)
  // The server's answers are shown in one batch, each remembered; a new change's answer replaces
  // it only while the store still shows it, an undo's or redo's at once.
  const shown = emittedOf(arrival.emitted, "edits.show")
  if (saved.length === 0) expect(shown).toEqual([])
  else {
    const shapes = saved.map(({ answer }) => (answer as { shape: Shape | null }).shape)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.upsert).toEqual(shapes.filter((s) => s !== null))
    expect(shown[0]!.remove).toEqual(saved.filter((_, i) => shapes[i] === null).map(({ change }) => change.annotationId))
    const expected =
      op.direction === "do" ? saved.flatMap(({ change }, i) => (shapes[i] !== null && change.after !== null ? [change.after] : [])) : []
    expect(shown[0]!.expected ?? []).toEqual(expected)
  }
  for (const { change, answer } of saved)
    expect(actual.versions[change.annotationId]).toBe((answer as { shape: Shape | null }).shape?.version ?? undefined)
  // A deletion the user asked for offers its Undo, saying how many went.
  const deletions =
    op.direction === "do"
      ? saved.filter(({ change, answer }) => change.after === null && (answer as { shape: unknown }).shape === null)
      : []
  expect(emittedOf(arrival.emitted, "edits.deleted")).toEqual(
    deletions.length > 0 ? [{ type: "edits.deleted", step: op.step, count: deletions.length }] : []
  )
  // The user is told once, with each annotation as it is now; later changes of it built on the lost one and go.
  expect(emittedOf(arrival.emitted, "edits.conflict")).toEqual(
    conflicts.length === 0
      ? []
      : [
          {
            type: "edits.conflict",
            conflicts: conflicts.map(({ change, answer }) => ({
              annotationId: change.annotationId,
              current: (answer as { current: Shape | null }).current
            })),
            direction: op.direction
          }
        ]
  )
  // Refused or no network: said once for the step; nothing of those annotations stays queued; a new change is taken back.
  expect(emittedOf(arrival.emitted, "edits.failed")).toEqual(
    failed.length === 0
      ? []
      : [
          {
            type: "edits.failed",
            step: op.step,
            direction: op.direction,
            failures: failed.map(({ change, answer }) => ({ change, error: (answer as { error: unknown }).error }))
          }
        ]
  )
  const reverted = op.direction === "do" ? failed.flatMap(({ change }) => (change.before === null ? [] : [change.before])) : []
  expect(emittedOf(arrival.emitted, "edits.revert")).toEqual(reverted.length > 0 ? [{ type: "edits.revert", shapes: reverted }] : [])
  const gone = new Set([...conflicts, ...failed].map(({ change }) => change.annotationId))
  expect(actual.queue.map((o) => idsOf(o.step))).toEqual(
    rest.map((o) => idsOf(o.step).filter((id) => !gone.has(id))).filter((ids) => ids.length > 0)
  )
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
    // How many annotations the step being sent touches: one answer may split it.
    first: context.queue[0]?.step.changes.length ?? 0,
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
      const changes = sent(calls)!
      // The first queued step is what is being sent, all of it together: each annotation from what
      // it was to what it is to be (an undo the other way).
      expect(changes.map((change) => [change.labId, change.id, change.from, change.to])).toEqual(
        first.step.changes.map((change) => ["slide-1", change.annotationId, ...endsOf(change, first.direction)])
      )
      // Each names the version it starts from: the shape's own, or the one this user's last saved change made.
      // (Checked where the step was sent: the context then.)
      if (calls.length > arrival.callsBefore)
        for (const change of changes) expect(change.version).toBe(Math.max(change.from?.version ?? 0, context.versions[change.id] ?? 0))
      // A change is shown at once, before the server has it, in one batch however many it touches.
      if (arrival.via === "move s1")
        expect(emittedOf(arrival.emitted, "edits.show")).toEqual([{ type: "edits.show", upsert: [s1Moved], remove: [] }])
      if (arrival.via === "delete s2")
        expect(emittedOf(arrival.emitted, "edits.show")).toEqual([{ type: "edits.show", upsert: [], remove: [S2] }])
      if (arrival.via === "delete s2 and s3 together")
        expect(emittedOf(arrival.emitted, "edits.show")).toEqual([{ type: "edits.show", upsert: [], remove: [S2, S3] }])
    }
  }
})

describe("edits model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })
  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 60_000)
})

describe("edits scenarios", () => {
  it("a second drag while the first is on its way is sent after it, from the version the first one's save made", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    await run.send({ type: "edit.update", from: s1, to: s1Moved })
    await run.send({ type: "edit.update", from: s1Moved, to: s1MovedTwice })
    expect(run.actor.getSnapshot().context.queue).toHaveLength(2)
    expect(run.lastInput("apply")).toMatchObject([{ version: 1, to: s1Moved }])
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: { ...s1Moved, version: 2 } }))
    expect(run.lastInput("apply")).toMatchObject([{ version: 2, to: s1MovedTwice }])
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: { ...s1MovedTwice, version: 3 } }))
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
    expect(run.lastInput("apply")).toMatchObject([{ id: S3, version: 1 }])
  })

  it("undo twice goes back through the user's own steps on the server; redo goes forward again", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    await run.send({ type: "edit.created", shape: s1 })
    await run.send({ type: "edit.update", from: s1, to: s1Moved })
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: { ...s1Moved, version: 2 } }))
    await run.send({ type: "history.undo" })
    // The move is undone by a PUT of the shape as it was, from the version the move made.
    expect(run.lastInput("apply")).toMatchObject([{ id: S1, from: s1Moved, to: s1, version: 2 }])
    await run.send({ type: "history.undo" })
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: { ...s1, version: 3 } }))
    // The create is undone by a DELETE that names the version the undo made.
    expect(run.lastInput("apply")).toMatchObject([{ id: S1, from: s1, to: null, version: 3 }])
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: null }))
    expect(run.actor.getSnapshot().context.past).toEqual([])
    expect(run.actor.getSnapshot().context.future).toHaveLength(2)
    await run.send({ type: "history.redo" })
    // Redone: created again with the same id.
    expect(run.lastInput("apply")).toMatchObject([{ id: S1, from: null, to: s1 }])
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: { ...s1, version: 1 } }))
    await run.send({ type: "history.redo" })
    expect(run.lastInput("apply")).toMatchObject([{ id: S1, from: s1, to: s1Moved, version: 1 }])
  })

  it("redo right after undo, before the server has the undo: both are sent, in order", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    await run.send({ type: "edit.created", shape: s3 })
    await run.send({ type: "history.undo" })
    await run.send({ type: "history.redo" })
    expect(run.lastInput("apply")).toMatchObject([{ id: S3, from: s3, to: null, version: 1 }])
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: null }))
    expect(run.lastInput("apply")).toMatchObject([{ id: S3, from: null, to: s3 }])
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: s3 }))
    expect(run.actor.getSnapshot().context).toMatchObject({ past: [{ changes: [{ annotationId: S3 }] }], future: [], queue: [] })
  })

  it("a change someone else made meanwhile turns the undo into a conflict: told, nothing of that shape left to undo", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    const told: Array<unknown> = []
    run.actor.on("edits.conflict", (event) => void told.push(event))
    await run.send({ type: "edit.created", shape: s3 })
    await run.send({ type: "edit.update", from: s1, to: s1Moved })
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: { ...s1Moved, version: 2 } }))
    await run.send({ type: "history.undo" })
    await run.succeed("apply", answerAll(run, { _tag: "Conflict", current: s1ByGrace }))
    expect(told).toEqual([{ type: "edits.conflict", conflicts: [{ annotationId: S1, current: s1ByGrace }], direction: "undo" }])
    const { past, future } = run.actor.getSnapshot().context
    expect([...past, ...future].flatMap(idsOf)).toEqual([S3])
  })

  it("the selection deleted together is one step: one Ctrl+Z sends every re-creation, one Ctrl+Shift+Z every deletion", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    const shown: Array<unknown> = []
    run.actor.on("edits.show", (event) => void shown.push(event))
    await run.send({
      type: "edit.group",
      changes: [s1, s2, s3].map((from) => ({ from, to: null }))
    })
    // Shown gone at once, in one batch.
    expect(shown).toEqual([{ type: "edits.show", upsert: [], remove: [S1, S2, S3] }])
    expect(run.lastInput("apply")).toMatchObject([
      { id: S1, to: null, version: 1 },
      { id: S2, to: null, version: 4 },
      { id: S3, to: null, version: 1 }
    ])
    await run.succeed("apply", answerAll(run, { _tag: "Saved", shape: null }))
    expect(run.actor.getSnapshot().context.past).toHaveLength(1)
    await run.send({ type: "history.undo" })
    expect(run.lastInput("apply")).toMatchObject([
      { id: S1, from: null, to: s1 },
      { id: S2, from: null, to: s2 },
      { id: S3, from: null, to: s3 }
    ])
    await run.succeed("apply", {
      [S1]: { _tag: "Saved", shape: s1 },
      [S2]: { _tag: "Saved", shape: s2 },
      [S3]: { _tag: "Saved", shape: s3 }
    })
    expect(shown.at(-1)).toEqual({ type: "edits.show", upsert: [s1, s2, s3], remove: [] })
    await run.send({ type: "history.redo" })
    expect((run.lastInput("apply") as ReadonlyArray<ChangeInput>).map((change) => [change.id, change.to])).toEqual([
      [S1, null],
      [S2, null],
      [S3, null]
    ])
  })

  it("keeps the last HISTORY_LIMIT steps", async () => {
    const run = drive(editsMachine, ["apply"], { input })
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) await run.send({ type: "edit.created", shape: { ...s3, id: `${i}` } })
    const { past } = run.actor.getSnapshot().context
    expect(past).toHaveLength(HISTORY_LIMIT)
    expect(idsOf(past[0])).toEqual(["5"])
  })
})
