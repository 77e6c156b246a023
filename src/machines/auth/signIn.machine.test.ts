import { describe, expect, it } from "vitest"
import { type SignInEvent, signInMachine } from "./signIn.machine.ts"
import { drive } from "../../testing/drive.ts"
import type { FieldName } from "../../contract/errors.ts"
import { badRequest } from "../../effects/ApiError.ts"
import { ada, fieldError, inactive, serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { englishOf } from "../../testing/words.ts"

const mfaAda = { ...ada, mfa_enabled: true }
const valid = { type: "signIn.submit", email: " ada@lab.test ", password: "Secret1!" } as const
const wrongCode = fieldError("otp", "Invalid or expired code.")
const wrongPassword = fieldError("non_field_errors", "Unable to log in with provided credentials.")
// What the login program fails with for input the contract refuses: the client's 400, made without
// sending (src/effects/call.ts; tests/unit/call.test.ts shows it is never sent).
const refused = badRequest({ email: ["Enter a valid email address."], password: ["Password must be at least 8 characters."] })
const emptyCode = (field: FieldName, message: string) => badRequest({ [field]: [message] })

// A colleague's link to a slide, opened signed out in Indonesian: the sign-in page carries it in `next`.
const sharedSlide = "/id/dashboard/labs/lab-7/annotations?zoom=2#note"

const model = modelFor({
  machine: signInMachine,
  promiseActors: ["login"],
  input: { next: sharedSlide },
  events: {
    submit: valid,
    // Typed or pasted with spaces around, as codes from an authenticator app often are.
    otp: { type: "signIn.verify", code: " 123456 " },
    backupCode: { type: "signIn.verify", code: "abcd-efgh\n" },
    refused: { type: "xstate.error.actor.login", error: refused, actorId: "login" },
    codeRefused: { type: "xstate.error.actor.login", error: emptyCode("otp", "This field is required."), actorId: "login" },
    signedIn: { type: "xstate.done.actor.login", output: { _tag: "SignedIn", user: mfaAda }, actorId: "login" },
    codeRequested: { type: "xstate.done.actor.login", output: { _tag: "MfaRequired" }, actorId: "login" },
    inactive: { type: "xstate.error.actor.login", error: inactive, actorId: "login" },
    wrongCode: { type: "xstate.error.actor.login", error: wrongCode, actorId: "login" },
    wrongPassword: { type: "xstate.error.actor.login", error: wrongPassword, actorId: "login" }
  } as unknown as Record<string, SignInEvent>,
  // Which code the user chose decides where a refused code returns to.
  distinguish: ({ value, context }) => ({ value, method: context.method }),
  states: {
    credentials: (actual, _calls, { via, history }) => {
      expect(actual.hasTag("busy")).toBe(false)
      expect(actual.context.user).toBeNull()
      // The form keeps the email the user last sent (trimmed): after a refusal they only retype the
      // password, and back from the code step they find it filled in.
      expect(actual.context.email).toBe(history.includes("submit") ? "ada@lab.test" : "")
      if (via === "refused" || via === "codeRefused") {
        // Input the contract refuses is explained on its fields (the form-wide line repeats the first
        // field's message, which the page leaves out).
        expect(Object.keys(actual.context.fields).sort()).toEqual(via === "refused" ? ["email", "password"] : ["otp"])
        if (via === "refused") expect(englishOf(actual.context.fields.email?.[0])).toBe("Enter a valid email address.")
      } else if (via === "wrongPassword") {
        expect(englishOf(actual.context.error)).toBe("Unable to log in with provided credentials.")
      } else if (via === "wrongCode") {
        // The server's refusal is shown, as the alert and on its field.
        expect(actual.context.error).toEqual({ text: "Invalid or expired code." })
        expect(actual.context.fields).toEqual({ otp: [{ text: "Invalid or expired code." }] })
      } else {
        // Arriving fresh, or back from the code step: nothing to complain about.
        expect(actual.context.fields).toEqual({})
        expect(actual.context.error).toBeNull()
      }
    },
    authenticating: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      // The first step sends the credentials alone, trimmed, and clears the last complaint.
      expect(calls.at(-1)?.input).toEqual({ email: "ada@lab.test", password: "Secret1!" })
      expect(actual.context.error).toBeNull()
      expect(actual.context.fields).toEqual({})
    },
    verifying: (actual, calls, { event }) => {
      expect(actual.hasTag("busy")).toBe(true)
      const input = calls.at(-1)?.input as Record<string, string>
      const code = (event as { code: string }).code.trim()
      // The password again, and exactly one kind of code: the one the user chose, trimmed.
      expect(input).toEqual({ email: "ada@lab.test", password: "Secret1!", [actual.context.method]: code })
      expect(actual.context.error).toBeNull()
    },
    mfaRequired: (actual, _calls, { via, before }) => {
      expect(actual.hasTag("busy")).toBe(false)
      expect(actual.context.method).toBe(actual.matches({ mfaRequired: "backup" }) ? "backup_code" : "otp")
      switch (via) {
        case "codeRefused":
        case "refused":
          // A refused code is shown on its field, still on the kind of code the user tried.
          expect(Object.keys(actual.context.fields).sort()).toEqual(via === "refused" ? ["email", "password"] : ["otp"])
          expect(actual.context.method).toBe(before?.context.method)
          break
        case "wrongCode":
        case "wrongPassword":
          // The server's refusal is shown, still on the kind of code the user tried.
          expect(englishOf(actual.context.error)).toBe(
            via === "wrongCode" ? "Invalid or expired code." : "Unable to log in with provided credentials."
          )
          expect(actual.context.method).toBe(before?.context.method)
          break
        case "codeRequested":
          // Asked for a code after sending one: the server broke the protocol, which is an error
          // here, and not one on the first step.
          expect(actual.context.error).toEqual(before?.matches("verifying") ? { key: "errors.serverError" } : null)
          break
        default:
          expect(actual.context.fields).toEqual({})
          expect(actual.context.error).toBeNull()
      }
    },
    signedIn: (actual) => {
      expect(actual.status).toBe("done")
      expect(actual.output).toEqual(mfaAda)
      // Signed in, with a password alone or after the code: back to the slide the link named, its
      // query and fragment kept, without the locale prefix (the page adds the user's language).
      expect(actual.context.returnTo).toBe("/dashboard/labs/lab-7/annotations?zoom=2#note")
      // The password is not kept once it is no longer needed.
      expect(actual.context.password).toBe("")
      expect(actual.context.code).toBe("")
    },
    inactive: (actual) => {
      expect(actual.status).toBe("done")
      expect(actual.output).toBeNull()
      expect(actual.context.error).toBeNull()
    },
    mfaReset: (actual, _, { before }) => {
      expect(actual.status).toBe("done")
      expect(actual.output).toBeNull()
      expect(before?.matches("mfaRequired")).toBe(true)
    }
  }
})

describe("signIn model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("signIn scenarios", () => {
  it.each([
    ["no next", undefined],
    ["another host, protocol-relative", "//evil.com/dashboard/labs"],
    ["another host, absolute", "https://evil.com/dashboard/labs"],
    ["a backslash read as a slash", "/\\evil.com"],
    ["a tab browsers drop", "/\t/evil.com"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["the sign-in page itself", "/id/login?next=/dashboard/trash"]
  ])("after sign-in, %s goes to the labs", async (_, next) => {
    const run = drive(signInMachine, ["login"], { input: { next } })
    await run.send(valid)
    await run.succeed("login", { _tag: "SignedIn", user: ada })
    expect(run.actor.getSnapshot().context.returnTo).toBe("/dashboard/labs")
  })

  it("after the 2FA code, returns to the kept place", async () => {
    const run = drive(signInMachine, ["login"], { input: { next: "/dashboard/labs/f-1?search=liver" } })
    await run.send(valid)
    await run.succeed("login", { _tag: "MfaRequired" })
    await run.send({ type: "signIn.verify", code: "123456" })
    await run.succeed("login", { _tag: "SignedIn", user: mfaAda })
    expect(run.actor.getSnapshot().matches("signedIn")).toBe(true)
    expect(run.actor.getSnapshot().context.returnTo).toBe("/dashboard/labs/f-1?search=liver")
  })

  it("signs in with a password alone and ends with the user", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send(valid)
    expect(run.actor.getSnapshot().hasTag("busy")).toBe(true)
    await run.succeed("login", { _tag: "SignedIn", user: ada })
    expect(run.actor.getSnapshot().matches("signedIn")).toBe(true)
    expect(run.actor.getSnapshot().output).toEqual(ada)
  })

  it("asks for the code, switches to a backup code, and keeps the mode when the code is wrong", async () => {
    const run = drive(signInMachine, ["login"])
    await run.send(valid)
    await run.succeed("login", { _tag: "MfaRequired" })
    expect(run.actor.getSnapshot().matches({ mfaRequired: "otp" })).toBe(true)
    await run.send({ type: "signIn.verify", code: "12" })
    await run.fail("login", emptyCode("otp", "Enter the 6-digit code from your authenticator app."))
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
