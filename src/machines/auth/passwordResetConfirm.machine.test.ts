import { describe, expect, it } from "vitest"
import { passwordResetConfirmMachine } from "./passwordResetConfirm.machine.ts"
import { drive } from "../../testing/drive.ts"
import { fieldError } from "../../testing/fixtures.ts"
import { describeLinkConfirmModel, link } from "../../testing/linkConfirmModel.ts"

const good = { type: "link.submit", form: { password: "Secret1!", password_confirm: "Secret1!" } } as const

describeLinkConfirmModel("passwordResetConfirm", passwordResetConfirmMachine, {
  good: good.form,
  bad: { password: "Secret1!", password_confirm: "Secret2!" },
  badFields: ["password_confirm"],
  refusal: (text) => ({ text })
})

describe("passwordResetConfirm scenarios", () => {
  it("checks the policy and the confirmation before sending", async () => {
    const run = drive(passwordResetConfirmMachine, ["confirm"], { input: link })
    await run.send({ type: "link.submit", form: { password: "weakpass", password_confirm: "weakpass" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({ password: [{ key: "validation.passwordPolicy" }] })
    await run.send({ type: "link.submit", form: { password: "Secret1!", password_confirm: "Secret1?" } })
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
