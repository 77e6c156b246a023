import { describe, expect, it } from "vitest"
import { type MailRequestEmitted, mailRequestMachine } from "./mailRequest.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown, slowDown } from "../../testing/fixtures.ts"
import { describeMailRequestModel } from "../../testing/mailRequestModel.ts"

describeMailRequestModel("mailRequest", mailRequestMachine)

describe("mailRequest scenarios", () => {
  it("prefills the address, checks it before sending, and announces the mail once sent", async () => {
    const run = drive(mailRequestMachine, ["sendMail"], { input: { locale: "en", email: "ada@lab.test" } })
    const sent: Array<MailRequestEmitted> = []
    run.actor.on("mail.sent", (event) => void sent.push(event))
    expect(run.actor.getSnapshot().context.email).toBe("ada@lab.test")
    await run.send({ type: "mail.submit", email: "" })
    expect(run.actor.getSnapshot().matches("invalid")).toBe(true)
    expect(run.actor.getSnapshot().context.fields).toEqual({
      email: [{ key: "validation.required" }, { key: "validation.email" }]
    })
    await run.send({ type: "mail.submit", email: "ada@lab.test" })
    await run.send({ type: "mail.submit", email: "ada@lab.test" })
    expect(run.invocations).toHaveLength(1)
    await run.succeed("sendMail", undefined)
    expect(run.actor.getSnapshot().matches("sent")).toBe(true)
    expect(sent).toEqual([{ type: "mail.sent", email: "ada@lab.test" }])
  })

  it("shows the server's 429 message and lets the user try again", async () => {
    const run = drive(mailRequestMachine, ["sendMail"], { input: { locale: "en" } })
    await run.send({ type: "mail.submit", email: "ada@lab.test" })
    await run.fail("sendMail", slowDown)
    expect(run.actor.getSnapshot().context.error).toEqual({ text: slowDown.message })
    await run.send({ type: "mail.submit", email: "ada@lab.test" })
    await run.fail("sendMail", serverDown)
    expect(run.actor.getSnapshot().context.error).toEqual({ key: "errors.serverError" })
  })
})
