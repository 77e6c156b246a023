import { describe, expect, it } from "vitest"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type LastSlideEvent, lastSlideMachine } from "./lastSlide.machine.ts"

const model = modelFor({
  machine: lastSlideMachine,
  promiseActors: ["find"],
  events: {
    "a slide was opened": { type: "xstate.done.actor.find", output: "s1" },
    "no slide yet": { type: "xstate.done.actor.find", output: null },
    "read failed": { type: "xstate.error.actor.find", error: serverDown },
    "try again": { type: "lastSlide.retry" }
  } as unknown as Record<string, LastSlideEvent>,
  distinguish: ({ value, context }) => ({ value, found: context.slideId !== null }),
  states: {
    finding: (actual, calls, { callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(true)
      // Every attempt asks the server afresh.
      expect(calls.length).toBe(callsBefore + 1)
      expect(calls.at(-1)?.src).toBe("find")
    },
    found: (actual) => {
      expect(actual.status).toBe("done")
      expect(actual.context.slideId).toBe("s1")
    },
    none: (actual) => {
      expect(actual.status).toBe("done")
      expect(actual.context.slideId).toBeNull()
    },
    failed: (actual) => {
      expect(actual.hasTag("busy")).toBe(false)
      expect(actual.context.slideId).toBeNull()
    }
  }
})

describe("last slide model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})
