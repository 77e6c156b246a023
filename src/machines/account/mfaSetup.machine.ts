// Settings > 2FA, turning it on: get a secret and its QR code, prove the authenticator app works
// with one code, then show the ten backup codes this one time. Cancelling before the code is
// verified leaves 2FA off; once verifying starts the server may already have turned it on, so
// there is no cancel from there.
import { assertEvent, assign, emit, setup } from "xstate"
import type { MfaSetup } from "../../contract/auth.ts"
import { Otp } from "../../contract/rules.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { startMfaSetup, verifyMfaSetup } from "../../effects/auth/mfa.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validateField } from "../support/validate.ts"

export interface MfaSetupContext {
  readonly secret: MfaSetup | null
  readonly backupCodes: ReadonlyArray<string>
  readonly fields: FieldNotices
  readonly error: Notice | null
}

export type MfaSetupEvent =
  | { readonly type: "mfaSetup.start" }
  | { readonly type: "mfaSetup.verify"; readonly otp: string }
  | { readonly type: "mfaSetup.cancel" }
  /** The user has kept the backup codes. */
  | { readonly type: "mfaSetup.finish" }

export type MfaSetupEmitted = { readonly type: "mfa.enabled" }

const otpErrors = (otp: string) => validateField(Otp, "otp", otp)

const initial: MfaSetupContext = { secret: null, backupCodes: [], fields: noFieldNotices, error: null }

const actors = {
  startSetup: fromEffect(() => startMfaSetup()),
  verify: fromEffect((otp: string) => verifyMfaSetup(otp))
}

export const mfaSetupMachine = setup({
  types: {
    context: {} as MfaSetupContext,
    events: {} as MfaSetupEvent,
    emitted: {} as MfaSetupEmitted
  },
  actors,
  guards: {
    otpInvalid: ({ event }) => event.type === "mfaSetup.verify" && otpErrors(event.otp) !== null
  },
  actions: {
    reset: assign(initial),
    rejectOtp: assign(({ event }) => (event.type === "mfaSetup.verify" ? { fields: otpErrors(event.otp) ?? {}, error: null } : {})),
    clearMessages: assign({ fields: noFieldNotices, error: null }),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    keepSecret: assign((_, secret: MfaSetup) => ({ secret })),
    // The secret is not needed once the app is proven; the codes replace it on screen.
    showCodes: assign((_, backupCodes: ReadonlyArray<string>) => ({ backupCodes, secret: null })),
    announceEnabled: emit({ type: "mfa.enabled" } as const)
  }
}).createMachine({
  id: "mfaSetup",
  context: initial,
  initial: "idle",
  states: {
    idle: {
      on: { "mfaSetup.start": { target: "loadingSecret", actions: "reset" } }
    },
    loadingSecret: {
      tags: ["busy"],
      on: { "mfaSetup.cancel": { target: "idle", actions: "reset" } },
      invoke: {
        id: "startSetup",
        src: "startSetup",
        onDone: { target: "showingQr", actions: { type: "keepSecret", params: ({ event }) => event.output } },
        onError: { target: "idle", actions: { type: "showFailure", params: failureFrom(actors.startSetup) } }
      }
    },
    showingQr: {
      on: {
        "mfaSetup.verify": [
          { guard: "otpInvalid", actions: "rejectOtp" },
          { target: "verifying", actions: "clearMessages" }
        ],
        "mfaSetup.cancel": { target: "idle", actions: "reset" }
      }
    },
    verifying: {
      tags: ["busy"],
      invoke: {
        id: "verify",
        src: "verify",
        input: ({ event }) => {
          assertEvent(event, "mfaSetup.verify")
          return event.otp.trim()
        },
        onDone: {
          target: "showingBackupCodes",
          actions: [{ type: "showCodes", params: ({ event }) => event.output }, "announceEnabled"]
        },
        onError: { target: "showingQr", actions: { type: "showFailure", params: failureFrom(actors.verify) } }
      }
    },
    /** Shown once: leaving this state forgets them. */
    showingBackupCodes: {
      on: { "mfaSetup.finish": { target: "done" } },
      exit: "reset"
    },
    done: { type: "final" }
  }
})
