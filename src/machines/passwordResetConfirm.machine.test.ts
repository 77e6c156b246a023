import { describe, expect, it } from "vitest"
import { type PasswordResetConfirmEvent, passwordResetConfirmMachine } from "./passwordResetConfirm.machine.ts"
import { drive } from "./testing/drive.ts"
import { fieldError, serverDown } from "./testing/fixtures.ts"
import { modelFor } from "./testing/modelHarness.ts"

const link = { uid: "dTE", token: "abc-123" }
const good = { type: "reset.submit", password: "Secret1!", password_confirm: "Secret1!" } as const

const model = modelFor({
  machine: passwordResetConfirmMachine,
  promiseActors: ["confirm"],
  input: link,
  events: [
    good,
    { type: "reset.submit", password: "Secret1!", password_confirm: "Secret2!" },
    { type: "xstate.done.actor.confirm", output: undefined },
    { type: "xstate.error.actor.confirm", error: fieldError("token", "Invalid or expired link.") },
    { type: "xstate.error.actor.confirm", error: serverDown }
  ] as unknown as ReadonlyArray<PasswordResetConfirmEvent>,
  states: {
    submitting: (_, calls) => expect(calls.at(-1)?.input).toEqual({ ...link, password: "Secret1!", password_confirm: "Secret1!" }),
    linkRefused: (actual) => expect(actual.context.error).toEqual({ text: "Invalid or expired link." }),
    done: (actual) => expect(actual.status).toBe("done")
  }
})

describe("passwordResetConfirm model", () => {
  it.each(model.paths)("$description", async (path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [] })
  })
})

describe("passwordResetConfirm scenarios", () => {
  it("checks the policy and the confirmation before sending", async () => {
    const run = drive(passwordResetConfirmMachine, ["confirm"], { input: link })
    await run.send({ type: "reset.submit", password: "weakpass", password_confirm: "weakpass" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ password: [{ key: "validation.passwordPolicy" }] })
    await run.send({ type: "reset.submit", password: "Secret1!", password_confirm: "Secret1?" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ password_confirm: [{ key: "validation.passwordMismatch" }] })
    expect(run.invocations).toHaveLength(0)
  })

  it("a refused link is final; a refused password is not", async () => {
    const run = drive(passwordResetConfirmMachine, ["confirm"], { input: link })
    await run.send(good)
    await run.fail("confirm", fieldError("password", "Too common."))
    expect(run.actor.getSnapshot().matches("invalid")).toBe(true)
    await run.send(good)
    await run.fail("confirm", fieldError("uid", "Invalid or expired link."))
    expect(run.actor.getSnapshot().matches("linkRefused")).toBe(true)
    expect(run.actor.getSnapshot().status).toBe("done")
  })
})
