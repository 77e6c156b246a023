// /password-reset-confirm/{uid}/{token}: choose a new password for the account of the emailed link.
// A link the server refuses (used, expired, mangled) ends in linkRefused, where the page offers a new one.
import { assertEvent, assign, setup } from "xstate"
import { ResetConfirmPayload } from "../contract/auth.ts"
import { confirmPasswordReset } from "../effects/auth/recovery.ts"
import { isLinkRefused, present } from "../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../effects/Notice.ts"
import { errorOf } from "./eventData.ts"
import { fromEffect } from "./fromEffect.ts"
import { validate } from "./validate.ts"

export interface ResetLink {
  readonly uid: string
  readonly token: string
}

export interface PasswordResetConfirmContext {
  readonly link: ResetLink
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type PasswordResetConfirmEvent = {
  readonly type: "reset.submit"
  readonly password: string
  readonly password_confirm: string
}

const payloadOf = (link: ResetLink, event: PasswordResetConfirmEvent) => ({
  uid: link.uid,
  token: link.token,
  password: event.password,
  password_confirm: event.password_confirm
})

const payloadErrors = (link: ResetLink, event: PasswordResetConfirmEvent) =>
  validate(ResetConfirmPayload, payloadOf(link, event))

export const passwordResetConfirmMachine = setup({
  types: {
    input: {} as ResetLink,
    context: {} as PasswordResetConfirmContext,
    events: {} as PasswordResetConfirmEvent
  },
  actors: {
    confirm: fromEffect((payload: ResetConfirmPayload) => confirmPasswordReset(payload))
  },
  guards: {
    payloadInvalid: ({ context, event }) => payloadErrors(context.link, event) !== null,
    linkRefused: (_, error: unknown) => isLinkRefused(error)
  },
  actions: {
    rejectPayload: assign(({ context, event }) => ({ fields: payloadErrors(context.link, event) ?? {}, error: null })),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: unknown) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    })
  }
}).createMachine({
  id: "passwordResetConfirm",
  context: ({ input }) => ({ link: input, fields: noFieldNotices, error: null }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "reset.submit": [
          { guard: "payloadInvalid", target: "invalid", actions: "rejectPayload" },
          { target: "submitting", actions: "clearMessages" }
        ]
      }
    },
    invalid: {
      on: {
        "reset.submit": [
          { guard: "payloadInvalid", target: "invalid", actions: "rejectPayload" },
          { target: "submitting", actions: "clearMessages" }
        ]
      }
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "confirm",
        src: "confirm",
        input: ({ context, event }) => {
          assertEvent(event, "reset.submit")
          return payloadOf(context.link, event)
        },
        onDone: { target: "done" },
        onError: [
          { guard: { type: "linkRefused", params: errorOf }, target: "linkRefused", actions: { type: "showFailure", params: errorOf } },
          { target: "invalid", actions: { type: "showFailure", params: errorOf } }
        ]
      }
    },
    done: { type: "final" },
    linkRefused: { type: "final" }
  }
})
