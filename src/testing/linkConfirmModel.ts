// The model test every emailed-link form runs (a new password, turning 2FA off): the shared
// statechart with that form's rule, program and refusal provided.
import { describe, expect, it } from "vitest"
import type { LinkConfirmEvent, LinkForm, linkConfirmMachine } from "../machines/auth/linkConfirm.machine.ts"
import type { Notice } from "../effects/Notice.ts"
import { fieldError, serverDown } from "./fixtures.ts"
import { lastInput, modelFor } from "./modelHarness.ts"

export const link = { uid: "dTE", token: "abc-123" }

export interface LinkFormCase {
  readonly good: LinkForm
  readonly bad: LinkForm
  /** The fields the bad form is refused on, before anything is sent. */
  readonly badFields: ReadonlyArray<string>
  /** What the form shows when the server refuses the form (not the link) with `refusedText`. */
  readonly refusal: (refusedText: string) => Notice
}

const refusedText = "Your password was entered incorrectly."

export const describeLinkConfirmModel = (name: string, machine: typeof linkConfirmMachine, form: LinkFormCase) =>
  describe(`${name} model`, () => {
    const model = modelFor({
      machine,
      promiseActors: ["confirm"],
      input: link,
      events: {
        submit: { type: "link.submit", form: form.good },
        submitInvalid: { type: "link.submit", form: form.bad },
        confirmed: { type: "xstate.done.actor.confirm", output: undefined },
        linkRefused: { type: "xstate.error.actor.confirm", error: fieldError("token", "Invalid or expired link.") },
        formRefused: { type: "xstate.error.actor.confirm", error: fieldError("password", refusedText) },
        serverDown: { type: "xstate.error.actor.confirm", error: serverDown }
      } as unknown as Record<string, LinkConfirmEvent>,
      states: {
        editing: (actual) => expect(actual.context).toEqual({ link, fields: {}, error: null }),
        invalid: (actual, calls, { via, callsBefore }) => {
          expect(actual.hasTag("busy")).toBe(false)
          // A refused link ends the flow; it is not a form to correct.
          expect(via).not.toBe("linkRefused")
          switch (via) {
            case "submitInvalid":
              // The form's rule, on its fields, before anything is sent.
              expect(Object.keys(actual.context.fields).sort()).toEqual([...form.badFields].sort())
              expect(actual.context.error).toBeNull()
              expect(calls).toHaveLength(callsBefore)
              break
            case "formRefused":
              expect(actual.context.error).toEqual(form.refusal(refusedText))
              expect(actual.context.fields).toEqual({ password: [{ text: refusedText }] })
              break
            case "serverDown":
              expect(actual.context.error).toEqual(name === "resetMfaConfirm" ? { key: "errors.resetMfa" } : { key: "errors.serverError" })
              break
          }
        },
        submitting: (actual, calls, { before, callsBefore }) => {
          expect(actual.hasTag("busy")).toBe(true)
          expect(actual.context.error).toBeNull()
          // The link and the form together; a second submit is not sent twice.
          expect(lastInput(calls, "confirm")).toEqual({ ...form.good, ...link })
          if (before?.hasTag("busy")) expect(calls).toHaveLength(callsBefore)
        },
        done: (actual) => {
          expect(actual.status).toBe("done")
          expect(actual.context.error).toBeNull()
        },
        linkRefused: (actual) => {
          expect(actual.status).toBe("done")
          expect(actual.context.error).toEqual({ text: "Invalid or expired link." })
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
