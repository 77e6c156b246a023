// The model test every "send me a mail" form runs: the shared statechart with that form's program
// provided (resend activation, password reset, 2FA reset).
import { describe, expect, it } from "vitest"
import type { MailRequestEvent, mailRequestMachine } from "../mailRequest.machine.ts"
import { fieldError, slowDown } from "./fixtures.ts"
import { modelFor } from "./modelHarness.ts"

const events = [
  { type: "mail.submit", email: " ada@lab.test " },
  { type: "mail.submit", email: "ada@" },
  { type: "xstate.done.actor.sendMail", output: undefined },
  { type: "xstate.error.actor.sendMail", error: slowDown },
  { type: "xstate.error.actor.sendMail", error: fieldError("email", "Enter a valid email address.") }
] as unknown as ReadonlyArray<MailRequestEvent>

export const describeMailRequestModel = (name: string, machine: typeof mailRequestMachine) =>
  describe(`${name} model`, () => {
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
