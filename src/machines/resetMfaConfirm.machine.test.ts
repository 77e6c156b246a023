import { describe, expect, it } from "vitest"
import { type ResetMfaConfirmEvent, resetMfaConfirmMachine } from "./resetMfaConfirm.machine.ts"
import { drive } from "./testing/drive.ts"
import { fieldError, serverDown } from "./testing/fixtures.ts"
import { modelFor } from "./testing/modelHarness.ts"

const link = { uid: "dTE", token: "abc-123" }
const wrongPassword = fieldError("password", "Your password was entered incorrectly.")

const model = modelFor({
  machine: resetMfaConfirmMachine,
  promiseActors: ["confirm"],
  input: link,
  events: [
    { type: "resetMfa.submit", password: "Secret1!" },
    { type: "resetMfa.submit", password: "short" },
    { type: "xstate.done.actor.confirm", output: undefined },
    { type: "xstate.error.actor.confirm", error: fieldError("token", "Invalid or expired link.") },
    { type: "xstate.error.actor.confirm", error: wrongPassword },
    { type: "xstate.error.actor.confirm", error: serverDown }
  ] as unknown as ReadonlyArray<ResetMfaConfirmEvent>,
  states: {
    submitting: (_, calls) => expect(calls.at(-1)?.input).toEqual({ ...link, password: "Secret1!" }),
    done: (actual) => expect(actual.context.error).toBeNull()
  }
})

describe("resetMfaConfirm model", () => {
  it.each(model.paths)("$description", async (path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [] })
  })
})

describe("resetMfaConfirm scenarios", () => {
  it("a wrong password shows the catalogue's 'Failed Reset 2FA' and the reason beside the field", async () => {
    const run = drive(resetMfaConfirmMachine, ["confirm"], { input: link })
    await run.send({ type: "resetMfa.submit", password: "Secret1!" })
    await run.fail("confirm", wrongPassword)
    const { context } = run.actor.getSnapshot()
    expect(run.actor.getSnapshot().matches("invalid")).toBe(true)
    expect(context.error).toEqual({ key: "errors.resetMfa" })
    expect(context.fields).toEqual({ password: [{ text: "Your password was entered incorrectly." }] })
  })

  it("a refused link ends the flow", async () => {
    const run = drive(resetMfaConfirmMachine, ["confirm"], { input: link })
    await run.send({ type: "resetMfa.submit", password: "Secret1!" })
    await run.fail("confirm", fieldError("token", "Invalid or expired link."))
    expect(run.actor.getSnapshot().matches("linkRefused")).toBe(true)
  })
})
