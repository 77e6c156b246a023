import { describe, expect, it } from "vitest"
import { type StorageEvent, storageMachine } from "./storage.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { usage } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const half = usage(2.5 * 1024 ** 3, 5 * 1024 ** 3)
const more = usage(4 * 1024 ** 3, 5 * 1024 ** 3)

const model = modelFor({
  machine: storageMachine,
  promiseActors: ["load", "reload"],
  events: [
    { type: "storage.refresh" },
    { type: "xstate.done.actor.load", output: half },
    { type: "xstate.error.actor.load", error: serverDown },
    { type: "xstate.done.actor.reload", output: more },
    { type: "xstate.error.actor.reload", error: serverDown }
  ] as unknown as ReadonlyArray<StorageEvent>,
  // A refresh asked for while one is on its way is remembered: it decides what the answer leads to.
  distinguish: ({ value, context }) => ({ value, stale: context.stale }),
  states: {
    loading: (actual, calls) => {
      expect(actual.context.usage).toBeNull()
      expect(calls.at(-1)?.src).toBe("load")
    },
    unknown: (actual) => expect(actual.context.usage).toBeNull(),
    known: (actual) => expect(actual.context.usage).not.toBeNull(),
    refreshing: (actual) => expect(actual.context.usage).not.toBeNull()
  }
})

describe("storage model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("storage scenarios", () => {
  it("keeps showing the last usage while asking again, and asks once more for a change made meanwhile", async () => {
    const run = drive(storageMachine, ["load", "reload"])
    await run.succeed("load", half)
    await run.send({ type: "storage.refresh" })
    await run.send({ type: "storage.refresh" })
    expect(run.actor.getSnapshot().context.usage).toEqual(half)
    await run.succeed("reload", half)
    expect(run.isRunning("reload")).toBe(true)
    await run.succeed("reload", more)
    expect(run.actor.getSnapshot().matches("known")).toBe(true)
    expect(run.actor.getSnapshot().context.usage).toEqual(more)
  })
})
