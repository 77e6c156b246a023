import { describe, expect, it } from "vitest"
import { type ActivitiesEvent, activitiesMachine } from "./activities.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const signIn = (id: string) => ({ id, kind: "auth.login", created_at: "2025-03-01T10:00:00Z", detail: { ip: "127.0.0.1" } })
const first = { results: [signIn("e3"), signIn("e2")], meta: { count: 3, current_page: 1, next_page: 2 } }
const last = { results: [signIn("e1")], meta: { count: 3, current_page: 2, next_page: null } }

const model = modelFor({
  machine: activitiesMachine,
  promiseActors: ["load"],
  events: [
    { type: "xstate.done.actor.load", output: first },
    { type: "xstate.done.actor.load", output: last },
    { type: "xstate.error.actor.load", error: serverDown }
  ] as unknown as ReadonlyArray<ActivitiesEvent>,
  // The page decides whether there is a page before.
  distinguish: ({ value, context }) => ({ value, page: context.page }),
  stopWhen: (s) => s.context.page > 2,
  states: {
    loading: (actual, calls, { via, before }) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)?.input).toBe(actual.context.page)
      // Next goes to the page the server names; previous to the one before.
      if (via === "activities.next") expect(actual.context.page).toBe(before?.context.meta?.next_page)
      if (via === "activities.previous") expect(actual.context.page).toBe((before?.context.page ?? 0) - 1)
    },
    showing: (actual, calls, { via, before, callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(false)
      expect(actual.context.error).toBeNull()
      if (via.startsWith("xstate.done"))
        expect(actual.context.results).toEqual((first.results.length > 0 && actual.context.meta?.next_page != null ? first : last).results)
      // No page to turn to: nothing is asked.
      if (via === "activities.next" || via === "activities.previous") {
        expect(calls).toHaveLength(callsBefore)
        expect(actual.context.page).toBe(before?.context.page)
      }
    },
    failed: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" })
  }
})

describe("activities model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("activities scenarios", () => {
  it("pages forward while the server names a next page, and back to the first", async () => {
    const run = drive(activitiesMachine, ["load"])
    expect(run.lastInput("load")).toBe(1)
    await run.succeed("load", first)
    await run.send({ type: "activities.previous" })
    expect(run.actor.getSnapshot().matches("showing")).toBe(true)
    await run.send({ type: "activities.next" })
    expect(run.lastInput("load")).toBe(2)
    await run.succeed("load", last)
    await run.send({ type: "activities.next" })
    expect(run.actor.getSnapshot().matches("showing")).toBe(true)
    expect(run.invocations).toHaveLength(2)
    await run.send({ type: "activities.previous" })
    expect(run.lastInput("load")).toBe(1)
  })

  it("a failed page can be retried", async () => {
    const run = drive(activitiesMachine, ["load"])
    await run.fail("load", serverDown)
    await run.send({ type: "activities.retry" })
    await run.succeed("load", first)
    expect(run.actor.getSnapshot().context.results).toHaveLength(2)
    expect(run.actor.getSnapshot().context.error).toBeNull()
  })
})
