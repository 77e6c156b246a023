// Sign-in: email and password, then (for accounts with 2FA) a code from the authenticator app or a
// backup code. Outcomes are final states the page acts on: signedIn (go to `returnTo`: the page the
// user opened signed out, or the labs), inactive (go to /unverified to ask for a new activation mail),
// mfaReset (the user lost the authenticator).
//
// The fields are checked by the contract's LoginPayload rules in the login program itself: the client
// (src/effects/call.ts) refuses what the server would, with the server's words and without sending.
// Checking there rather than in a guard keeps Effect out of the sign-in page's first load; the
// program's module is loaded on the first submit.
import { assign, setup } from "xstate"
import type { LoginPayload } from "../../contract/auth.ts"
import type { Profile } from "../../contract/users.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import type { LoginOutcome } from "../../effects/auth/session.ts"
import { isInactiveAccount, present } from "../../effects/Catalogue.ts"
import { Defect } from "../../effects/Defect.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { failureFrom, fromEffect, prepareRuntime } from "../support/fromEffect.ts"
import { returnTarget } from "./return-to.ts"

const program = () => import("../../effects/auth/session.ts")

/** Loads the login program and the runtime while the user fills the form, so submitting does not wait. */
export const prepareSignIn = (): void => {
  void program().catch(() => undefined)
  prepareRuntime()
}

export type CodeMethod = "otp" | "backup_code"

export interface SignInContext {
  readonly email: string
  /** Kept between the two steps: the server wants it again with the code. Cleared once signed in. */
  readonly password: string
  readonly method: CodeMethod
  readonly code: string
  readonly fields: FieldNotices
  readonly error: Notice | null
  readonly user: Profile | null
  /** Where signing in leads: a same-origin path without locale prefix (return-to.ts), else the labs. */
  readonly returnTo: string
}

export interface SignInInput {
  /** The `next` of the sign-in page's address, as it came: checked here, never trusted. */
  readonly next?: string | null
}

export type SignInEvent =
  | { readonly type: "signIn.submit"; readonly email: string; readonly password: string }
  | { readonly type: "signIn.verify"; readonly code: string }
  | { readonly type: "signIn.useBackupCode" }
  | { readonly type: "signIn.useAuthenticator" }
  | { readonly type: "signIn.back" }
  | { readonly type: "signIn.resetMfa" }

const cleared = { fields: noFieldNotices, error: null }

const actors = {
  login: fromEffect((payload: LoginPayload) => program().then((m) => m.login(payload)))
}

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    output: {} as Profile | null
  },
  actors,
  guards: {
    codeRequested: (_, outcome: LoginOutcome) => outcome._tag === "MfaRequired",
    accountInactive: (_, error: AppFailure) => isInactiveAccount(error),
    usedBackupCode: ({ context }) => context.method === "backup_code"
  },
  actions: {
    rememberCredentials: assign(({ event }) =>
      event.type === "signIn.submit" ? { email: event.email.trim(), password: event.password, ...cleared } : {}
    ),
    rememberCode: assign(({ event }) => (event.type === "signIn.verify" ? { code: event.code.trim(), ...cleared } : {})),
    clearMessages: assign(cleared),
    showFailure: assign((_, error: AppFailure) => {
      const shown = present(error)
      return { fields: shown.fields, error: shown.notice }
    }),
    enterSession: assign((_, outcome: LoginOutcome) => (outcome._tag === "SignedIn" ? { user: outcome.user, password: "", code: "" } : {}))
  }
}).createMachine({
  id: "signIn",
  context: ({ input }) => ({
    email: "",
    password: "",
    method: "otp",
    code: "",
    fields: noFieldNotices,
    error: null,
    user: null,
    returnTo: returnTarget(input?.next)
  }),
  initial: "credentials",
  output: ({ context }) => context.user,
  states: {
    credentials: {
      on: {
        "signIn.submit": { target: "authenticating", actions: "rememberCredentials" }
      }
    },
    authenticating: {
      tags: ["busy"],
      invoke: {
        id: "login",
        src: "login",
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          { guard: { type: "codeRequested", params: ({ event }) => event.output }, target: "mfaRequired" },
          { target: "signedIn", actions: { type: "enterSession", params: ({ event }) => event.output } }
        ],
        onError: [
          { guard: { type: "accountInactive", params: failureFrom(actors.login) }, target: "inactive" },
          { target: "credentials", actions: { type: "showFailure", params: failureFrom(actors.login) } }
        ]
      }
    },
    mfaRequired: {
      initial: "otp",
      on: {
        "signIn.back": { target: "credentials", actions: "clearMessages" },
        "signIn.resetMfa": { target: "mfaReset" }
      },
      states: {
        otp: {
          entry: assign({ method: "otp" }),
          on: {
            "signIn.useBackupCode": { target: "backup", actions: "clearMessages" },
            "signIn.verify": { target: "#signIn.verifying", actions: "rememberCode" }
          }
        },
        backup: {
          entry: assign({ method: "backup_code" }),
          on: {
            "signIn.useAuthenticator": { target: "otp", actions: "clearMessages" },
            "signIn.verify": { target: "#signIn.verifying", actions: "rememberCode" }
          }
        }
      }
    },
    verifying: {
      tags: ["busy"],
      invoke: {
        id: "login",
        src: "login",
        input: ({ context }) => ({ email: context.email, password: context.password, [context.method]: context.code }),
        onDone: [
          // Asked for a code again after sending one: the server broke the protocol; say so.
          {
            guard: { type: "codeRequested", params: ({ event }) => event.output },
            target: "mfaRequired.otp",
            actions: { type: "showFailure", params: () => new Defect("asked for a code again after one was sent") }
          },
          { target: "signedIn", actions: { type: "enterSession", params: ({ event }) => event.output } }
        ],
        onError: [
          { guard: { type: "accountInactive", params: failureFrom(actors.login) }, target: "inactive" },
          {
            guard: "usedBackupCode",
            target: "mfaRequired.backup",
            actions: { type: "showFailure", params: failureFrom(actors.login) }
          },
          { target: "mfaRequired.otp", actions: { type: "showFailure", params: failureFrom(actors.login) } }
        ]
      }
    },
    signedIn: { type: "final" },
    inactive: { type: "final" },
    mfaReset: { type: "final" }
  }
})
