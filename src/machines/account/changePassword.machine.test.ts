import { describe, expect, it } from "vitest"
import { type ChangePasswordEvent, changePasswordMachine, type PasswordChange } from "./changePassword.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError, slowDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const good: PasswordChange = { old_password: "Old-pass1", new_password: "Secret1!", new_password_confirm: "Secret1!" }
const wrongOld = fieldError("old_password", "Your old password was entered incorrectly.")

const model = modelFor({
  machine: changePasswordMachine,
  promiseActors: ["change"],
  events: [
    { type: "password.submit", values: good },
    { type: "password.submit", values: { ...good, new_password_confirm: "Secret2!" } },
    { type: "xstate.done.actor.change", output: undefined },
    { type: "xstate.error.actor.change", error: wrongOld },
    { type: "xstate.error.actor.change", error: slowDown }
  ] as unknown as ReadonlyArray<ChangePasswordEvent>,
  states: {
    editing: (actual, calls) => {
      expect(actual.context).toEqual({ fields: {}, error: null })
      expect(calls).toHaveLength(0)
    },
    invalid: (actual, calls, { via, callsBefore }) => {
      expect(actual.hasTag("busy")).toBe(false)
      // Something is said, on a field or as the form's message.
      expect(Object.keys(actual.context.fields).length > 0 || actual.context.error !== null).toBe(true)
      if (via === "password.submit" && calls.length === callsBefore) expect(actual.context.error).toBeNull()
    },
    submitting: (_, calls) => expect(calls.at(-1)?.input).toEqual(good),
    changed: (actual) => expect(actual.context).toEqual({ fields: {}, error: null })
  }
})

describe("changePassword model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("changePassword scenarios", () => {
  it("requires every field, the policy, and a matching confirmation ('The new password does not match.')", async () => {
    const run = drive(changePasswordMachine, ["change"])
    await run.send({ type: "password.submit", values: { old_password: "", new_password: "Secret1!", new_password_confirm: "x" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({ old_password: [{ key: "validation.required" }] })
    // The contract checks the match once every field is well formed.
    await run.send({ type: "password.submit", values: { ...good, new_password_confirm: "x" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({
      new_password_confirm: [{ key: "validation.newPasswordMismatch" }]
    })
    await run.send({ type: "password.submit", values: { ...good, new_password: "short", new_password_confirm: "short" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({
      new_password: [{ key: "validation.passwordMin" }, { key: "validation.passwordPolicy" }]
    })
    expect(run.invocations).toHaveLength(0)
  })

  it("puts a wrong current password beside its field and announces a change once done", async () => {
    const run = drive(changePasswordMachine, ["change"])
    const announced: Array<string> = []
    run.actor.on("password.changed", (event) => void announced.push(event.type))
    await run.send({ type: "password.submit", values: good })
    await run.fail("change", wrongOld)
    expect(run.actor.getSnapshot().context.fields.old_password).toEqual([{ text: "Your old password was entered incorrectly." }])
    await run.send({ type: "password.submit", values: good })
    await run.succeed("change", undefined)
    expect(run.actor.getSnapshot().matches("changed")).toBe(true)
    expect(announced).toEqual(["password.changed"])
  })
})
