import { describe, expect, it } from "vitest"
import { type MailRequestEmitted, type MailRequestEvent, mailRequestMachine } from "./mailRequest.machine.ts"
import { passwordResetMachine } from "./passwordReset.machine.ts"
import { resendActivationMachine } from "./resendActivation.machine.ts"
import { resetMfaMachine } from "./resetMfa.machine.ts"
import { drive } from "./testing/drive.ts"
import { fieldError, serverDown, slowDown } from "./testing/fixtures.ts"
import { modelFor } from "./testing/modelHarness.ts"

const events = [
  { type: "mail.submit", email: " ada@lab.test " },
  { type: "mail.submit", email: "ada@" },
  { type: "xstate.done.actor.sendMail", output: undefined },
  { type: "xstate.error.actor.sendMail", error: slowDown },
  { type: "xstate.error.actor.sendMail", error: fieldError("email", "Enter a valid email address.") }
] as unknown as ReadonlyArray<MailRequestEvent>

// The three forms share the statechart; each is checked as shipped, with its own program provided.
describe.each([
  ["mailRequest", mailRequestMachine],
  ["resendActivation", resendActivationMachine],
  ["passwordReset", passwordResetMachine],
  ["resetMfa", resetMfaMachine]
])("%s model", (_, machine) => {
  const model = modelFor({
    machine,
    promiseActors: ["sendMail"],
    input: { locale: "id" },
    events,
    states: {
      sending: (_, calls) => expect(calls.at(-1)?.input).toEqual({ email: "ada@lab.test", locale: "id" }),
      invalid: (actual) => {
        const { fields, error } = actual.context
        expect(Object.keys(fields).length > 0 || error !== null).toBe(true)
      },
      sent: (actual) => expect(actual.context.error).toBeNull()
    }
  })

  it.each(model.paths)("$description", async (path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [] })
  })
})

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
