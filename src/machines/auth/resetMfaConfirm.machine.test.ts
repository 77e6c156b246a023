import { describe, expect, it } from "vitest"
import { resetMfaConfirmMachine } from "./resetMfaConfirm.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError } from "../../testing/fixtures.ts"
import { describeLinkConfirmModel, link } from "../../testing/linkConfirmModel.ts"

const wrongPassword = fieldError("password", "Your password was entered incorrectly.")

describeLinkConfirmModel("resetMfaConfirm", resetMfaConfirmMachine, {
  good: { password: "Secret1!" },
  bad: { password: "" },
  badFields: ["password"],
  refusal: () => ({ key: "errors.resetMfa" })
})

describe("resetMfaConfirm scenarios", () => {
  it("a wrong password shows the catalogue's 'Failed Reset 2FA' and the reason beside the field", async () => {
    const run = drive(resetMfaConfirmMachine, ["confirm"], { input: link })
    await run.send({ type: "link.submit", form: { password: "Secret1!" } })
    await run.fail("confirm", wrongPassword)
    const { context } = run.actor.getSnapshot()
    expect(run.actor.getSnapshot().matches("invalid")).toBe(true)
    expect(context.error).toEqual({ key: "errors.resetMfa" })
    expect(context.fields).toEqual({ password: [{ text: "Your password was entered incorrectly." }] })
  })

  it("a refused link ends the flow", async () => {
    const run = drive(resetMfaConfirmMachine, ["confirm"], { input: link })
    await run.send({ type: "link.submit", form: { password: "Secret1!" } })
    await run.fail("confirm", fieldError("token", "Invalid or expired link."))
    expect(run.actor.getSnapshot().matches("linkRefused")).toBe(true)
  })
})
