// "Send me a mail" forms: resend the activation link, reset a password, reset 2FA. One statechart;
// each form provides the program that asks the server for its mail (see the machines built from it).
// The server answers the same whether or not the address has an account, so "sent" never tells.
import { assign, emit, fromPromise, setup } from "xstate"
import type { Locale } from "../../contract/auth.ts"
import { EmailPayload } from "../../contract/auth.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import type { ApiError } from "../../effects/ApiError.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { type EffectActorLogic, failureFrom } from "../support/fromEffect.ts"
import { validate } from "../support/validate.ts"

export interface MailRequestInput {
  readonly locale: Locale
  /** Prefills the form, e.g. from /unverified?email=... */
  readonly email?: string
}

export interface MailRequestContext {
  readonly locale: Locale
  readonly email: string
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type MailRequestEvent = { readonly type: "mail.submit"; readonly email: string }

export type MailRequestEmitted = { readonly type: "mail.sent"; readonly email: string }

const emailErrors = (email: string) => validate(EmailPayload, { email })

const actors = {
  /** Provided by each form: the program that asks for its mail. */
  sendMail: fromPromise<void, { readonly email: string; readonly locale: Locale }>(() =>
    Promise.reject(new Error("mailRequestMachine needs a sendMail actor"))
  ) as EffectActorLogic<void, ApiError, { readonly email: string; readonly locale: Locale }>
}

export const mailRequestMachine = setup({
  types: {
    input: {} as MailRequestInput,
    context: {} as MailRequestContext,
    events: {} as MailRequestEvent,
    emitted: {} as MailRequestEmitted
  },
  actors,
  guards: {
    emailInvalid: ({ event }) => emailErrors(event.email) !== null
  },
  actions: {
    rejectEmail: assign(({ event }) => ({ email: event.email, fields: emailErrors(event.email) ?? {}, error: null })),
    acceptEmail: assign(({ event }) => ({ email: event.email.trim(), fields: noFieldNotices, error: null })),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    announceSent: emit(({ context }) => ({ type: "mail.sent", email: context.email }) as const)
  }
}).createMachine({
  id: "mailRequest",
  context: ({ input }) => ({ locale: input.locale, email: input.email ?? "", fields: noFieldNotices, error: null }),
  initial: "editing",
  on: {
    "mail.submit": [
      { guard: "emailInvalid", target: ".invalid", actions: "rejectEmail" },
      { target: ".sending", actions: "acceptEmail" }
    ]
  },
  states: {
    editing: {},
    invalid: {},
    sending: {
      tags: ["busy"],
      // A second submit while one is on its way is ignored rather than sent twice.
      on: { "mail.submit": {} },
      invoke: {
        id: "sendMail",
        src: "sendMail",
        input: ({ context }) => ({ email: context.email, locale: context.locale }),
        onDone: { target: "sent", actions: "announceSent" },
        onError: { target: "invalid", actions: { type: "showFailure", params: failureFrom(actors.sendMail) } }
      }
    },
    /** Sending again is allowed: mails get lost, and the server rate-limits. */
    sent: {}
  }
})
