import { describe, expect, it } from "vitest"
import { type RegistrationEvent, type RegistrationValues, registrationMachine } from "./registration.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError, serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const good: RegistrationValues = {
  name: " Ada Lovelace ",
  email: "ada@lab.test",
  password: "Secret1!",
  password_confirm: "Secret1!",
  eula: true
}
const taken = fieldError("email", "A user with this email already exists.")

const model = modelFor({
  machine: registrationMachine,
  promiseActors: ["register"],
  input: { locale: "en", next: "/id/dashboard/labs/lab-7/annotations" },
  events: [
    { type: "register.submit", values: good },
    { type: "register.submit", values: { ...good, eula: false } },
    { type: "xstate.done.actor.register", output: "ada@lab.test" },
    { type: "xstate.error.actor.register", error: taken },
    { type: "xstate.error.actor.register", error: serverDown }
  ] as unknown as ReadonlyArray<RegistrationEvent>,
  states: {
    editing: (actual, calls) => {
      expect(actual.context.fields).toEqual({})
      expect(actual.context.error).toBeNull()
      expect(calls).toHaveLength(0)
    },
    submitting: (actual, calls) => {
      // The place kept through sign-in goes with it (without the locale prefix), for the activation link.
      expect(calls.at(-1)?.input).toEqual({
        values: { ...good, name: "Ada Lovelace" },
        locale: "en",
        next: "/dashboard/labs/lab-7/annotations"
      })
      expect(JSON.stringify(actual.context)).not.toContain("Secret1!")
    },
    invalid: (actual) => expect(Object.keys(actual.context.fields).length > 0 || actual.context.error !== null).toBe(true),
    registered: (actual) => expect(actual.output).toEqual({ email: "ada@lab.test" })
  }
})

describe("registration model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("registration scenarios", () => {
  it("applies the password policy, the confirmation and the EULA before sending anything", async () => {
    const run = drive(registrationMachine, ["register"], { input: { locale: "en" } })
    await run.send({
      type: "register.submit",
      values: { name: "", email: "ada@lab.test", password: "password", password_confirm: "other", eula: false }
    })
    expect(run.actor.getSnapshot().matches("invalid")).toBe(true)
    expect(run.actor.getSnapshot().context.fields).toEqual({
      name: [{ key: "validation.required" }],
      password: [{ key: "validation.passwordPolicy" }],
      eula: [{ key: "validation.eula" }]
    })
    expect(run.invocations).toHaveLength(0)
  })

  it("reports a mismatched confirmation on the confirmation field", async () => {
    const run = drive(registrationMachine, ["register"], { input: { locale: "en" } })
    await run.send({ type: "register.submit", values: { ...good, password_confirm: "Secret2!" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({ password_confirm: [{ key: "validation.passwordMismatch" }] })
  })

  it("shows the server's field errors beside their fields", async () => {
    const run = drive(registrationMachine, ["register"], { input: { locale: "id" } })
    await run.send({ type: "register.submit", values: good })
    expect(run.lastInput("register")).toMatchObject({ locale: "id" })
    await run.fail("register", taken)
    expect(run.actor.getSnapshot().context.fields).toEqual({ email: [{ text: "A user with this email already exists." }] })
    await run.send({ type: "register.submit", values: { ...good, email: "ada2@lab.test" } })
    await run.succeed("register", "ada2@lab.test")
    expect(run.actor.getSnapshot().output).toEqual({ email: "ada2@lab.test" })
  })
})

describe("registration keeps only a place of this site", () => {
  it.each(["//evil.com", "https://evil.com/x", "/login"])("drops %j", async (next) => {
    const run = drive(registrationMachine, ["register"], { input: { locale: "en", next } })
    await run.send({ type: "register.submit", values: good })
    expect(run.lastInput("register")).toMatchObject({ next: null })
  })
})
