// The model test every "send me a mail" form runs: the shared statechart with that form's program
// provided (resend activation, password reset, 2FA reset).
import { describe, expect, it } from "vitest"
import type { MailRequestEvent, mailRequestMachine } from "../machines/auth/mailRequest.machine.ts"
import { fieldError, slowDown } from "./fixtures.ts"
import { lastInput, modelFor } from "./modelHarness.ts"

const events = {
  submit: { type: "mail.submit", email: " ada@lab.test " },
  submitInvalid: { type: "mail.submit", email: "ada@" },
  sent: { type: "xstate.done.actor.sendMail", output: undefined },
  slowDown: { type: "xstate.error.actor.sendMail", error: slowDown },
  refused: { type: "xstate.error.actor.sendMail", error: fieldError("email", "Enter a valid email address.") }
} as unknown as Record<string, MailRequestEvent>

export const describeMailRequestModel = (name: string, machine: typeof mailRequestMachine) =>
  describe(`${name} model`, () => {
    const model = modelFor({
      machine,
      promiseActors: ["sendMail"],
      input: { locale: "id" },
      events,
      states: {
        editing: (actual) => {
          expect(actual.context).toMatchObject({ email: "", fields: {}, error: null })
          expect(actual.hasTag("busy")).toBe(false)
        },
        invalid: (actual, calls, { via, callsBefore }) => {
          expect(actual.hasTag("busy")).toBe(false)
          switch (via) {
            case "submitInvalid":
              // Explained on the field, as typed, without asking the server.
              expect(actual.context).toMatchObject({ email: "ada@", fields: { email: [{ key: "validation.email" }] }, error: null })
              expect(calls).toHaveLength(callsBefore)
              break
            case "slowDown":
              expect(actual.context.error).toEqual({ text: slowDown.message })
              expect(actual.context.fields).toEqual({})
              break
            case "refused":
              expect(actual.context.error).toEqual({ key: "validation.email" })
              expect(actual.context.fields).toEqual({ email: [{ key: "validation.email" }] })
              break
          }
        },
        sending: (actual, calls, { before, callsBefore }) => {
          expect(actual.hasTag("busy")).toBe(true)
          // The trimmed address, in the page's language; a second submit is not sent twice.
          expect(lastInput(calls, "sendMail")).toEqual({ email: "ada@lab.test", locale: "id" })
          if (before?.hasTag("busy")) expect(calls).toHaveLength(callsBefore)
          expect(actual.context.error).toBeNull()
        },
        sent: (actual, _, { via, emitted }) => {
          expect(actual.context.error).toBeNull()
          expect(actual.hasTag("busy")).toBe(false)
          if (via === "sent") expect(emitted).toEqual([{ type: "mail.sent", email: "ada@lab.test" }])
        }
      }
    })

    it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
      await path.run()
    })

    it("the paths cover every state and every transition", async () => {
      expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
    })
  })
