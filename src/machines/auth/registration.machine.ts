// Registration: the form is checked with the contract's rules (password policy, matching
// confirmation, EULA accepted) before it is sent; the server's field errors come back the same way.
import { assertEvent, assign, setup } from "xstate"
import { type Locale, RegisterPayload } from "../../contract/auth.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { register } from "../../effects/auth/registration.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validate } from "../support/validate.ts"
import { safeReturnPath } from "./return-to.ts"

export interface RegistrationValues {
  readonly name: string
  readonly email: string
  readonly password: string
  readonly password_confirm: string
  readonly eula: boolean
}

export interface RegistrationContext {
  readonly locale: Locale
  /** The place kept through sign-in (return-to.ts): the activation link leads back to it. */
  readonly next: string | null
  /** The address the activation mail went to, once registered. */
  readonly email: string
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type RegistrationEvent = { readonly type: "register.submit"; readonly values: RegistrationValues }

const trimmed = (values: RegistrationValues): RegistrationValues => ({
  ...values,
  name: values.name.trim(),
  email: values.email.trim()
})

const valuesErrors = (values: RegistrationValues) => validate(RegisterPayload, trimmed(values))

const actors = {
  register: fromEffect((input: { readonly values: RegistrationValues; readonly locale: Locale; readonly next: string | null }) =>
    register(input.values, input.locale, input.next)
  )
}

export const registrationMachine = setup({
  types: {
    input: {} as { readonly locale: Locale; readonly next?: string | null },
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    output: {} as { readonly email: string }
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
    rememberEmail: assign((_, email: string) => ({ email }))
  }
}).createMachine({
  id: "registration",
  context: ({ input }) => ({ locale: input.locale, next: safeReturnPath(input.next), email: "", fields: noFieldNotices, error: null }),
  initial: "editing",
  output: ({ context }) => ({ email: context.email }),
  states: {
    editing: {
      on: {
        "register.submit": [
          { guard: "valuesInvalid", target: "invalid", actions: "rejectValues" },
          { target: "submitting", actions: "clearMessages" }
        ]
      }
    },
    /** Field errors are showing, from the client's checks or the server's answer. */
    invalid: {
      on: {
        "register.submit": [
          { guard: "valuesInvalid", target: "invalid", actions: "rejectValues" },
          { target: "submitting", actions: "clearMessages" }
        ]
      }
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "register",
        src: "register",
        // The password travels in the event only, never in the machine's context.
        input: ({ context, event }) => {
          assertEvent(event, "register.submit")
          return { values: trimmed(event.values), locale: context.locale, next: context.next }
        },
        onDone: { target: "registered", actions: { type: "rememberEmail", params: ({ event }) => event.output } },
        onError: { target: "invalid", actions: { type: "showFailure", params: failureFrom(actors.register) } }
      }
    },
    registered: { type: "final" }
  }
})
