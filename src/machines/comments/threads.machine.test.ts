import { describe, expect, it } from "vitest"
import type { CommentThread } from "../../contract/comments.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { type Arrival, type Invocation, modelFor } from "../../testing/modelHarness.ts"
import { shownThreads, type ThreadsEvent, threadsMachine } from "./threads.machine.ts"

const threadOf = (id: string, resolved: boolean): CommentThread => ({
  annotation_id: id,
  lab_id: "S",
  comment: `comment ${id}`,
  author: null,
  user_email: "",
  created_at: "2026-11-28T05:00:00.000Z",
  replies_count: 0,
  last_activity_at: "2026-11-28T05:00:00.000Z",
  resolved,
  resolved_by: null,
  resolved_at: null
})
const open = threadOf("a", false)
const done = threadOf("b", true)
const fresh = [threadOf("c", false), open, done]

type Snapshot = ReturnType<typeof threadsMachine.transition>

/** The filter shows the unresolved ones only when asked, and every one otherwise; a failed reload keeps the list. */
const rules = (actual: Snapshot, _calls: ReadonlyArray<Invocation>, { via, before }: Arrival<typeof threadsMachine>) => {
  const shown = shownThreads(actual.context.threads, actual.context.unresolvedOnly)
  expect(shown.every((t) => !actual.context.unresolvedOnly || !t.resolved)).toBe(true)
  if (!actual.context.unresolvedOnly) expect(shown).toHaveLength(actual.context.threads.length)
  if (before === undefined) return
  if (via === "reload failed") expect(actual.context.threads).toEqual(before.context.threads)
  if (via === "unresolved only") expect(actual.context.unresolvedOnly).toBe(true)
  if (via === "all") expect(actual.context.unresolvedOnly).toBe(false)
}

const model = modelFor({
  machine: threadsMachine,
  promiseActors: ["load"],
  input: { labId: "S" },
  events: {
    retry: { type: "threads.retry" },
    changed: { type: "threads.changed" },
    "unresolved only": { type: "threads.filter", unresolvedOnly: true },
    all: { type: "threads.filter", unresolvedOnly: false },
    loaded: { type: "xstate.done.actor.load", output: [open, done] },
    reloaded: { type: "xstate.done.actor.load", output: fresh },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    "reload failed": { type: "xstate.error.actor.load", error: serverDown }
  } as unknown as Readonly<Record<string, ThreadsEvent>>,
  distinguish: ({ value, context }) => ({ value, only: context.unresolvedOnly }),
  states: {
    loading: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toBe("S")
    },
    failed: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
    },
    ready: rules,
    refreshing: (actual, calls, arrival) => {
      rules(actual, calls, arrival)
      expect(calls.filter((c) => c.src === "load").at(-1)?.input).toBe("S")
    }
  }
})

describe("comment threads list model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  }, 30_000)

  it("shows only the open threads under the unresolved filter", () => {
    expect(shownThreads([open, done], true)).toEqual([open])
    expect(shownThreads([open, done], false)).toEqual([open, done])
  })
})
