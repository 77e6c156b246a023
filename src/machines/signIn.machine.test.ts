import { describe, expect, it } from "vitest"
import { type SignInEvent, signInMachine } from "./signIn.machine.ts"
import { drive } from "./testing/drive.ts"
import { ada, fieldError, inactive, serverDown } from "./testing/fixtures.ts"
import { modelFor } from "./testing/modelHarness.ts"

const mfaAda = { ...ada, mfa_enabled: true }
const valid = { type: "signIn.submit", email: " ada@lab.test ", password: "Secret1!" } as const
const wrongCode = fieldError("otp", "Invalid or expired code.")

const model = modelFor({
  machine: signInMachine,
  promiseActors: ["login"],
  events: [
    valid,
    { type: "signIn.submit", email: "not-an-email", password: "short" },
    { type: "signIn.verify", code: "123456" },
    { type: "signIn.verify", code: "abcd-efgh" },
    { type: "signIn.verify", code: "" },
    { type: "xstate.done.actor.login", output: { _tag: "SignedIn", user: mfaAda }, actorId: "login" },
    { type: "xstate.done.actor.login", output: { _tag: "MfaRequired" }, actorId: "login" },
    { type: "xstate.error.actor.login", error: inactive, actorId: "login" },
    { type: "xstate.error.actor.login", error: wrongCode, actorId: "login" }
  ] as unknown as ReadonlyArray<SignInEvent>,
  states: {
    authenticating: (_, calls) => {
      // The first step sends the credentials alone, trimmed.
      expect(calls.at(-1)?.input).toEqual({ email: "ada@lab.test", password: "Secret1!" })
    },
    verifying: (actual, calls) => {
      const input = calls.at(-1)?.input as Record<string, string>
      expect(input.email).toBe("ada@lab.test")
      expect(input.password).toBe("Secret1!")
      // Exactly one kind of code, the one the user chose.
      const method = actual.context.method
      expect(Object.keys(input).sort()).toEqual(["email", method, "password"].sort())
    },
    "mfaRequired.otp": (actual) => expect(actual.context.method).toBe("otp"),
    "mfaRequired.backup": (actual) => expect(actual.context.method).toBe("backup_code"),
    signedIn: (actual) => {
      expect(actual.output).toEqual(mfaAda)
      expect(actual.context.password).toBe("")
    },
    credentials: (actual, calls) => {
      // Invalid input never reaches the server.
      if (Object.keys(actual.context.fields).length > 0 && actual.context.error === null) {
        expect(calls.every((c) => (c.input as { email: string }).email === "ada@lab.test")).toBe(true)
      }
    }
  }
})

describe("signIn model", () => {
  it.each(model.paths)("$description", async (path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [] })
  })
})

describe("signIn scenarios", () => {
  it("signs in with a password alone and ends with the user", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send(valid)
    expect(run.actor.getSnapshot().hasTag("busy")).toBe(true)
    await run.succeed("login", { _tag: "SignedIn", user: ada })
    expect(run.actor.getSnapshot().matches("signedIn")).toBe(true)
    expect(run.actor.getSnapshot().output).toEqual(ada)
  })

  it("rejects bad input on the spot with the shared rule keys", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send({ type: "signIn.submit", email: "", password: "short" })
    const { context } = run.actor.getSnapshot()
    expect(run.actor.getSnapshot().matches("credentials")).toBe(true)
    expect(context.fields).toEqual({
      email: [{ key: "validation.required" }, { key: "validation.email" }],
      password: [{ key: "validation.passwordMin" }]
    })
    expect(run.invocations).toHaveLength(0)
  })

  it("asks for the code, switches to a backup code, and keeps the mode when the code is wrong", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send(valid)
    await run.succeed("login", { _tag: "MfaRequired" })
    expect(run.actor.getSnapshot().matches({ mfaRequired: "otp" })).toBe(true)
    await run.send({ type: "signIn.verify", code: "12" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ otp: [{ key: "validation.otpFormat" }] })
    await run.send({ type: "signIn.useBackupCode" })
    expect(run.actor.getSnapshot().context.fields).toEqual({})
    await run.send({ type: "signIn.verify", code: "abcd-efgh" })
    expect(run.lastInput("login")).toEqual({ email: "ada@lab.test", password: "Secret1!", backup_code: "abcd-efgh" })
    await run.fail("login", fieldError("backup_code", "Invalid or already used backup code."))
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.matches({ mfaRequired: "backup" })).toBe(true)
    expect(snapshot.context.error).toEqual({ text: "Invalid or already used backup code." })
    expect(snapshot.context.fields).toEqual({ backup_code: [{ text: "Invalid or already used backup code." }] })
  })

  it("sends an inactive account to its own outcome, not to an error message", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send(valid)
    await run.fail("login", inactive)
    expect(run.actor.getSnapshot().matches("inactive")).toBe(true)
    expect(run.actor.getSnapshot().status).toBe("done")
  })

  it("shows the catalogue's server error when the server fails", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send(valid)
    await run.fail("login", serverDown)
    expect(run.actor.getSnapshot().matches("credentials")).toBe(true)
    expect(run.actor.getSnapshot().context.error).toEqual({ key: "errors.serverError" })
  })

  it("offers the 2FA reset from the code step", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send(valid)
    await run.succeed("login", { _tag: "MfaRequired" })
    await run.send({ type: "signIn.resetMfa" })
    expect(run.actor.getSnapshot().matches("mfaReset")).toBe(true)
  })
})
