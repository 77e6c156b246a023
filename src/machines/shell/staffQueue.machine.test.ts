import { describe, expect, it } from "vitest"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type StaffQueueEvent, staffQueueMachine } from "./staffQueue.machine.ts"

const waiting = { payments: 3, scanRequests: 1 }
const fewer = { payments: 2, scanRequests: 0 }

const model = modelFor({
  machine: staffQueueMachine,
  promiseActors: ["load"],
  events: {
    "staff, three receipts waiting": { type: "xstate.done.actor.load", output: waiting },
    "staff, one receipt verified since": { type: "xstate.done.actor.load", output: fewer },
    "not staff": { type: "xstate.done.actor.load", output: null },
    "read failed": { type: "xstate.error.actor.load", error: serverDown },
    "another page": { type: "queue.refresh" }
  } as unknown as Record<string, StaffQueueEvent>,
  distinguish: ({ value, context }) => ({ value, counted: context.queue !== null }),
  states: {
    reading: (_, calls, { callsBefore }) => {
      // Every read asks the server afresh.
      expect(calls.length).toBe(callsBefore + 1)
      expect(calls.at(-1)?.src).toBe("load")
    },
    shown: (actual, _, { via }) => {
      if (via === "staff, three receipts waiting") expect(actual.context.queue).toEqual(waiting)
      if (via === "staff, one receipt verified since") expect(actual.context.queue).toEqual(fewer)
    },
    // A failed read keeps the counts shown before (none on the first read).
    unread: (actual, _, { before }) => expect(actual.context.queue).toEqual(before?.context.queue ?? null),
    notStaff: (actual) => {
      expect(actual.status).toBe("done")
      expect(actual.context.queue).toBeNull()
    }
  }
})

describe("staff queue model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})
