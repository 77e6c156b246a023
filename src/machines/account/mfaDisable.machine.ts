// Settings > 2FA: turning two-factor authentication off, confirmed with the account's password.
import { assertEvent, assign, setup } from "xstate"
import { Required } from "../../contract/rules.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { disableMfa } from "../../effects/auth/mfa.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validateField } from "../support/validate.ts"

export interface MfaDisableContext {
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type MfaDisableEvent = { readonly type: "mfaDisable.submit"; readonly password: string }

const passwordErrors = (password: string) => validateField(Required, "password", password)

const submit = [
  { guard: "passwordMissing", target: "invalid", actions: "rejectPassword" },
  { target: "submitting", actions: "clearMessages" }
] as const

const actors = {
  disable: fromEffect((password: string) => disableMfa(password))
}

export const mfaDisableMachine = setup({
  types: {
    context: {} as MfaDisableContext,
    events: {} as MfaDisableEvent
  },
  actors,
  guards: {
    passwordMissing: ({ event }) => passwordErrors(event.password) !== null
  },
  actions: {
    rejectPassword: assign(({ event }) => ({ fields: passwordErrors(event.password) ?? {}, error: null })),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    })
  }
}).createMachine({
  id: "mfaDisable",
  context: { fields: noFieldNotices, error: null },
  initial: "editing",
  states: {
    editing: { on: { "mfaDisable.submit": submit } },
    invalid: { on: { "mfaDisable.submit": submit } },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "disable",
        src: "disable",
        input: ({ event }) => {
          assertEvent(event, "mfaDisable.submit")
          return event.password
        },
        onDone: { target: "disabled" },
        onError: { target: "invalid", actions: { type: "showFailure", params: failureFrom(actors.disable) } }
      }
    },
    disabled: { type: "final" }
  }
})
