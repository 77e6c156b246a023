import { describe, expect, it } from "vitest"
import { type MfaSetupEvent, mfaSetupMachine } from "./mfaSetup.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError, serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const secret = {
  secret: "JBSWY3DPEHPK3PXP",
  otpauth_uri: "otpauth://totp/Preparat:ada@lab.test?secret=JBSWY3DPEHPK3PXP&issuer=Preparat",
  qr_code: "data:image/png;base64,iVBORw0KGgo="
}
const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`)
const wrongCode = fieldError("otp", "Invalid or expired code.")

const model = modelFor({
  machine: mfaSetupMachine,
  promiseActors: ["startSetup", "verify"],
  events: [
    { type: "mfaSetup.verify", otp: " 123456 " },
    { type: "mfaSetup.verify", otp: "12345" },
    { type: "xstate.done.actor.startSetup", output: secret },
    { type: "xstate.error.actor.startSetup", error: serverDown },
    { type: "xstate.done.actor.verify", output: codes },
    { type: "xstate.error.actor.verify", error: wrongCode }
  ] as unknown as ReadonlyArray<MfaSetupEvent>,
  states: {
    loadingSecret: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(actual.context.secret).toBeNull()
      expect(calls.at(-1)?.src).toBe("startSetup")
    },
    showingQr: (actual) => expect(actual.context.secret).toEqual(secret),
    verifying: (_, calls) => expect(calls.at(-1)).toEqual({ src: "verify", input: "123456" }),
    showingBackupCodes: (actual) => {
      expect(actual.context.backupCodes).toHaveLength(10)
      expect(actual.context.secret).toBeNull()
    },
    done: (actual) => expect(actual.context.backupCodes).toEqual([]),
    idle: (actual) => expect(actual.context.secret).toBeNull()
  }
})

describe("mfaSetup model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("mfaSetup scenarios", () => {
  it("enables 2FA: QR, a wrong code, the right code, the ten codes once", async () => {
    const run = drive(mfaSetupMachine, ["startSetup", "verify"])
    const announced: Array<string> = []
    run.actor.on("mfa.enabled", (event) => void announced.push(event.type))
    await run.send({ type: "mfaSetup.start" })
    await run.succeed("startSetup", secret)
    expect(run.actor.getSnapshot().matches("showingQr")).toBe(true)
    await run.send({ type: "mfaSetup.verify", otp: "" })
    expect(run.actor.getSnapshot().context.fields).toEqual({
      otp: [{ key: "validation.otpRequired" }, { key: "validation.otpFormat" }]
    })
    await run.send({ type: "mfaSetup.verify", otp: "000000" })
    await run.fail("verify", wrongCode)
    expect(run.actor.getSnapshot().matches("showingQr")).toBe(true)
    expect(run.actor.getSnapshot().context.fields).toEqual({ otp: [{ text: "Invalid or expired code." }] })
    await run.send({ type: "mfaSetup.verify", otp: "123456" })
    // No way back once the code is on its way: the server may already have turned 2FA on.
    await run.send({ type: "mfaSetup.cancel" })
    expect(run.actor.getSnapshot().matches("verifying")).toBe(true)
    await run.succeed("verify", codes)
    expect(run.actor.getSnapshot().context.backupCodes).toEqual(codes)
    expect(announced).toEqual(["mfa.enabled"])
    await run.send({ type: "mfaSetup.finish" })
    expect(run.actor.getSnapshot().matches("done")).toBe(true)
    expect(run.actor.getSnapshot().context.backupCodes).toEqual([])
  })

  it("cancel before verifying forgets the secret", async () => {
    const run = drive(mfaSetupMachine, ["startSetup", "verify"])
    await run.send({ type: "mfaSetup.start" })
    await run.succeed("startSetup", secret)
    await run.send({ type: "mfaSetup.cancel" })
    expect(run.actor.getSnapshot().matches("idle")).toBe(true)
    expect(run.actor.getSnapshot().context.secret).toBeNull()
  })
})
