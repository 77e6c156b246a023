// /reset-mfa?uid=..&token=..: the emailed 2FA reset link, confirmed with the account's password.
import { assertEvent, assign, setup } from "xstate"
import { ResetMfaConfirmPayload } from "../contract/auth.ts"
import { confirmMfaReset } from "../effects/auth/recovery.ts"
import { isLinkRefused, present } from "../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices, noticeKey } from "../effects/Notice.ts"
import { errorOf } from "./eventData.ts"
import { fromEffect } from "./fromEffect.ts"
import type { ResetLink } from "./passwordResetConfirm.machine.ts"
import { validate } from "./validate.ts"

export interface ResetMfaConfirmContext {
  readonly link: ResetLink
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type ResetMfaConfirmEvent = { readonly type: "resetMfa.submit"; readonly password: string }

const payloadErrors = (link: ResetLink, password: string) => validate(ResetMfaConfirmPayload, { ...link, password })

export const resetMfaConfirmMachine = setup({
  types: {
    input: {} as ResetLink,
    context: {} as ResetMfaConfirmContext,
    events: {} as ResetMfaConfirmEvent
  },
  actors: {
    confirm: fromEffect((payload: typeof ResetMfaConfirmPayload.Type) => confirmMfaReset(payload))
  },
  guards: {
    payloadInvalid: ({ context, event }) => payloadErrors(context.link, event.password) !== null,
    linkRefused: (_, error: unknown) => isLinkRefused(error)
  },
  actions: {
    rejectPayload: assign(({ context, event }) => ({
      fields: payloadErrors(context.link, event.password) ?? {},
      error: null
    })),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: unknown) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    // Spec section 8 names this failure: "Failed Reset 2FA"; the reason goes beside the field.
    showResetFailure: assign((_, error: unknown) => ({
      fields: present(error).fields,
      error: noticeKey("errors.resetMfa")
    }))
  }
}).createMachine({
  id: "resetMfaConfirm",
  context: ({ input }) => ({ link: input, fields: noFieldNotices, error: null }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "resetMfa.submit": [
          { guard: "payloadInvalid", target: "invalid", actions: "rejectPayload" },
          { target: "submitting", actions: "clearMessages" }
        ]
      }
    },
    invalid: {
      on: {
        "resetMfa.submit": [
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
          assertEvent(event, "resetMfa.submit")
          return { ...context.link, password: event.password }
        },
        onDone: { target: "done" },
        onError: [
          {
            guard: { type: "linkRefused", params: errorOf },
            target: "linkRefused",
            actions: { type: "showFailure", params: errorOf }
          },
          { target: "invalid", actions: { type: "showResetFailure", params: errorOf } }
        ]
      }
    },
    done: { type: "final" },
    linkRefused: { type: "final" }
  }
})
