import { describe, expect, it } from "vitest"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type MyScanRequestsEvent, myScanRequestsMachine } from "./myScanRequests.machine.ts"
import { scanRequest } from "../../testing/scanRequestFixtures.ts"

const first = { results: [scanRequest("r3"), scanRequest("r2")], meta: { count: 3, current_page: 1, next_page: 2 } }
const last = { results: [scanRequest("r2"), scanRequest("r1")], meta: { count: 3, current_page: 2, next_page: null } }

const model = modelFor({
  machine: myScanRequestsMachine,
  promiseActors: ["load"],
  input: { locale: "id" },
  events: {
    "first page": { type: "xstate.done.actor.load", output: first },
    "last page": { type: "xstate.done.actor.load", output: last },
    "server down": { type: "xstate.error.actor.load", error: serverDown }
  } as unknown as Record<string, MyScanRequestsEvent>,
  // Whether there is more decides what "more" does.
  distinguish: ({ value, context }) => ({ value, more: context.meta?.next_page != null, shown: context.results.length }),
  stopWhen: (s) => s.context.results.length > 3,
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)?.input).toEqual({ page: 1, locale: "id" })
    },
    loadingMore: (actual, calls, { before }) => {
      expect(actual.hasTag("busy")).toBe(true)
      // The page the server named, the list shown meanwhile.
      expect(calls.at(-1)?.input).toEqual({ page: before?.context.meta?.next_page, locale: "id" })
      expect(actual.context.results).toEqual(before?.context.results)
    },
    ready: (actual, calls, { via, before, callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(false)
      const ids = actual.context.results.map((r) => r.id)
      // Never the same request twice.
      expect(new Set(ids).size).toBe(ids.length)
      if (via === "server down") {
        expect(actual.context.error).toEqual({ key: "errors.serverError" })
        expect(actual.context.results).toEqual(before?.context.results)
      } else if (via === "requests.more") {
        // Nothing more to load: nothing asked.
        expect(calls).toHaveLength(callsBefore)
      } else {
        expect(actual.context.error).toBeNull()
        if (before?.matches("loadingMore"))
          expect(ids.slice(0, before.context.results.length)).toEqual(before.context.results.map((r) => r.id))
      }
    },
    failed: (actual) => {
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
      expect(actual.context.results).toEqual([])
    }
  }
})

describe("my scan requests model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("my scan requests scenarios", () => {
  it("adds the next page below, once each, and stops at the end", async () => {
    const run = drive(myScanRequestsMachine, ["load"], { input: { locale: "en" } })
    await run.succeed("load", first)
    await run.send({ type: "requests.more" })
    expect(run.lastInput("load")).toEqual({ page: 2, locale: "en" })
    await run.succeed("load", last)
    expect(run.actor.getSnapshot().context.results.map((r) => r.id)).toEqual(["r3", "r2", "r1"])
    await run.send({ type: "requests.more" })
    expect(run.invocations).toHaveLength(2)
  })
})
