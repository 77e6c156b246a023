// The multi-shape undo step, alone: one step for a selection's change, answered annotation by annotation.
import { describe, expect, it } from "vitest"
import { annotationOf, ring } from "../../testing/annotationFixtures.ts"
import { type Shape, shapeOf } from "../../annotation/store/shape.ts"
import { Forbidden, NetworkError } from "../../effects/ApiError.ts"
import { type Change, type ChangeResults, type History, settle, type Step } from "./history.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"

const shape = (id: string, version = 1, label = "l1"): Shape => {
  const parsed = shapeOf(annotationOf(id, ring(100, 100, 20, 6), { version, label }))
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.shape
}
const [a, b, c] = [shape("a"), shape("b"), shape("c")]
const deleted = (s: Shape): Change => ({ annotationId: s.id, before: s, after: null })
const relabelled = (s: Shape): Change => ({ annotationId: s.id, before: s, after: { ...s, labelId: "l2" } })
/** The selection a, b, c deleted together: one step. */
const deletion: Step = { id: 1, changes: [deleted(a), deleted(b), deleted(c)] }
const history = (over: Partial<History>): History => ({ queue: [], past: [], future: [], versions: {}, nextId: 2, ...over })
const saved = (s: Shape | null) => ({ _tag: "Saved", shape: s }) as const
const failed = (error: AppFailure) => ({ _tag: "Failed", error }) as const
const ids = (steps: ReadonlyArray<Step>) => steps.map((step) => [step.id, step.changes.map((change) => change.annotationId)])

describe("a step of several annotations", () => {
  it("deleted together: one step, every deletion answered, the notice counts them", () => {
    const done = settle(history({ queue: [{ step: deletion, direction: "do" }], past: [deletion] }), {
      a: saved(null),
      b: saved(null),
      c: saved(null)
    })
    expect(ids(done.history.past)).toEqual([[1, ["a", "b", "c"]]])
    expect(done.remove).toEqual(["a", "b", "c"])
    expect(done.deleted).toBe(3)
    expect(done.history.queue).toEqual([])
  })

  it("undone: all of it comes back in one batch, each at the version the server gave it", () => {
    const answers: ChangeResults = { a: saved(shape("a", 1)), b: saved(shape("b", 1)), c: saved(shape("c", 1)) }
    const done = settle(history({ queue: [{ step: deletion, direction: "undo" }], future: [deletion] }), answers)
    expect(done.upsert.map((s) => s.id)).toEqual(["a", "b", "c"])
    // An undo's answer is shown at once, not only while a change is still shown.
    expect(done.expected).toEqual([])
    expect(done.history.versions).toEqual({ a: 1, b: 1, c: 1 })
    expect(ids(done.history.future)).toEqual([[1, ["a", "b", "c"]]])
    expect(done.deleted).toBe(0)
  })

  it("a reviewer's 403 on someone else's shape: that one is taken back and said, the rest stand in one step", () => {
    const step: Step = { id: 1, changes: [relabelled(a), relabelled(b), relabelled(c)] }
    const done = settle(history({ queue: [{ step, direction: "do" }], past: [step] }), {
      a: saved({ ...step.changes[0]!.after!, version: 2 }),
      b: failed(new Forbidden({ message: "not yours" })),
      c: saved({ ...step.changes[2]!.after!, version: 2 })
    })
    expect(done.revert).toEqual([b])
    expect(done.failures.map((f) => f.change.annotationId)).toEqual(["b"])
    expect(ids(done.history.past)).toEqual([[1, ["a", "c"]]])
    // The answers replace the change only while the store still shows it.
    expect(done.expected).toEqual([step.changes[0]!.after, step.changes[2]!.after])
  })

  it("someone else changed one first: it leaves every step, the others keep theirs", () => {
    const earlier: Step = { id: 1, changes: [relabelled(b)] }
    const step: Step = { id: 2, changes: [deleted(a), deleted(b)] }
    const grace = { ...shape("b", 7), author: { id: "u2", name: "Grace", email: "grace@example.org" } }
    const done = settle(history({ queue: [{ step, direction: "do" }], past: [earlier, step], nextId: 3 }), {
      a: saved(null),
      b: { _tag: "Conflict", current: grace }
    })
    expect(ids(done.history.past)).toEqual([[2, ["a"]]])
    expect(done.conflicts).toEqual([{ annotationId: "b", current: grace }])
    expect(done.history.versions).toEqual({ b: 7 })
  })

  it("an undo half sent for want of a network: the rest stays undone, the unsent part can be undone again", () => {
    const offline = new NetworkError({ message: "offline" })
    const done = settle(history({ queue: [{ step: deletion, direction: "undo" }], future: [deletion] }), {
      a: saved(shape("a", 1)),
      b: failed(offline),
      c: saved(shape("c", 1))
    })
    expect(ids(done.history.future)).toEqual([[1, ["a", "c"]]])
    // A step of its own, with a new id, where the undo took it from.
    expect(ids(done.history.past)).toEqual([[2, ["b"]]])
    expect(done.history.nextId).toBe(3)
    expect(done.revert).toEqual([])
  })

  it("an undo with no network at all: the whole step goes back, as it was", () => {
    const offline = new NetworkError({ message: "offline" })
    const done = settle(history({ queue: [{ step: deletion, direction: "undo" }], future: [deletion] }), {
      a: failed(offline),
      b: failed(offline),
      c: failed(offline)
    })
    expect(ids(done.history.past)).toEqual([[1, ["a", "b", "c"]]])
    expect(done.history.future).toEqual([])
  })

  it("what follows in the queue of a refused annotation goes; the others' stays queued", () => {
    const next: Step = { id: 2, changes: [relabelled(a), relabelled(b)] }
    const done = settle(
      history({
        queue: [
          { step: deletion, direction: "do" },
          { step: next, direction: "do" }
        ],
        past: [deletion, next],
        nextId: 3
      }),
      { a: saved(null), b: failed(new Forbidden({ message: "no" })), c: saved(null) }
    )
    expect(done.history.queue.map((op) => op.step.changes.map((change) => change.annotationId))).toEqual([["a"]])
  })
})

describe("a selection of 100,000", () => {
  it("is settled in linear time: every answer's version remembered, the others' kept", () => {
    const n = 100_000
    const many = Array.from({ length: n }, (_, i) => ({ ...a, id: `s${i}`, version: 1 }))
    const step: Step = { id: 1, changes: many.map(relabelled) }
    const results: Record<string, ReturnType<typeof saved>> = {}
    for (const s of many) results[s.id] = saved({ ...s, labelId: "l2", version: 2 })
    const started = performance.now()
    const done = settle(history({ queue: [{ step, direction: "do" }], past: [step], versions: { other: 7 } }), results)
    // A copy of the versions per answer took minutes here; linear work takes well under a second.
    expect(performance.now() - started).toBeLessThan(3000)
    expect(Object.keys(done.history.versions)).toHaveLength(n + 1)
    expect(done.history.versions.s99999).toBe(2)
    expect(done.history.versions.other).toBe(7)
    expect(done.upsert).toHaveLength(n)
  })
})
