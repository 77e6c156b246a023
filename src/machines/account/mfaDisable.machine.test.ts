import { describe, expect, it } from "vitest"
import { type MfaDisableEvent, mfaDisableMachine } from "./mfaDisable.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError, serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const wrongPassword = fieldError("password", "Your password was entered incorrectly.")

const model = modelFor({
  machine: mfaDisableMachine,
  promiseActors: ["disable"],
  events: [
    { type: "mfaDisable.submit", password: "Secret1!" },
    { type: "mfaDisable.submit", password: " " },
    { type: "xstate.done.actor.disable", output: undefined },
    { type: "xstate.error.actor.disable", error: wrongPassword },
    { type: "xstate.error.actor.disable", error: serverDown }
  ] as unknown as ReadonlyArray<MfaDisableEvent>,
  states: {
    editing: (actual, calls) => {
      expect(actual.context.fields).toEqual({})
      expect(actual.context.error).toBeNull()
      expect(calls).toHaveLength(0)
    },
    invalid: (actual, calls, { callsBefore, before }) => {
      // Something is said, and a blank password never reaches the server.
      expect(Object.keys(actual.context.fields).length > 0 || actual.context.error !== null).toBe(true)
      if (!before?.hasTag("busy")) expect(calls).toHaveLength(callsBefore)
    },
    submitting: (_, calls) => expect(calls.at(-1)?.input).toBe("Secret1!"),
    disabled: (actual) => expect(actual.status).toBe("done")
  }
})

describe("mfaDisable model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("mfaDisable scenarios", () => {
  it("asks for the password, and shows a wrong one beside the field", async () => {
    const run = drive(mfaDisableMachine, ["disable"])
    await run.send({ type: "mfaDisable.submit", password: "" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ password: [{ key: "validation.required" }] })
    await run.send({ type: "mfaDisable.submit", password: "Secret1!" })
    await run.fail("disable", wrongPassword)
    expect(run.actor.getSnapshot().matches("invalid")).toBe(true)
    expect(run.actor.getSnapshot().context.fields.password).toEqual([{ text: "Your password was entered incorrectly." }])
    await run.send({ type: "mfaDisable.submit", password: "Secret1!" })
    await run.succeed("disable", undefined)
    expect(run.actor.getSnapshot().matches("disabled")).toBe(true)
  })
})
