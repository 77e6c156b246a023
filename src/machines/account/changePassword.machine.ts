// Settings > Change Password. The server keeps this session and ends the others (the refresh token
// travels with the request, see effects/auth/account.ts). After a change the form is ready again.
import { assertEvent, assign, emit, setup } from "xstate"
import { ChangePasswordPayload } from "../../contract/auth.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { changePassword } from "../../effects/auth/account.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validate } from "../support/validate.ts"

export interface PasswordChange {
  readonly old_password: string
  readonly new_password: string
  readonly new_password_confirm: string
}

export interface ChangePasswordContext {
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type ChangePasswordEvent = { readonly type: "password.submit"; readonly values: PasswordChange }
export type ChangePasswordEmitted = { readonly type: "password.changed" }

const valuesErrors = (values: PasswordChange) => validate(ChangePasswordPayload, values)

const submit = [
  { guard: "valuesInvalid", target: "invalid", actions: "rejectValues" },
  { target: "submitting", actions: "clearMessages" }
] as const

const actors = {
  change: fromEffect((values: PasswordChange) => changePassword(values))
}

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    emitted: {} as ChangePasswordEmitted
  },
  actors,
  guards: {
    valuesInvalid: ({ event }) => valuesErrors(event.values) !== null
  },
  actions: {
    rejectValues: assign(({ event }) => ({ fields: valuesErrors(event.values) ?? {}, error: null })),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    announceChanged: emit({ type: "password.changed" } as const)
  }
}).createMachine({
  id: "changePassword",
  context: { fields: noFieldNotices, error: null },
  initial: "editing",
  states: {
    editing: { on: { "password.submit": submit } },
    invalid: { on: { "password.submit": submit } },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "change",
        src: "change",
        input: ({ event }) => {
          assertEvent(event, "password.submit")
          return event.values
        },
        onDone: { target: "changed", actions: "announceChanged" },
        onError: { target: "invalid", actions: { type: "showFailure", params: failureFrom(actors.change) } }
      }
    },
    /** The page clears the form and confirms; another change may follow. */
    changed: { on: { "password.submit": submit } }
  }
})
