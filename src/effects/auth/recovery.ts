// Getting back into an account: a forgotten password, or a lost authenticator. None of these needs
// a session.
import { Effect } from "effect"
import type { Locale, ResetConfirmPayload } from "../../contract/auth.ts"
import { call, endpoints } from "../call.ts"

const noSession = { authenticated: false } as const

export const requestPasswordReset = Effect.fn("Auth.requestPasswordReset")(function* (email: string, locale: Locale) {
  yield* call(endpoints.authPublic.passwordReset, { payload: { email, locale } }, noSession)
})

export const confirmPasswordReset = Effect.fn("Auth.confirmPasswordReset")(function* (payload: ResetConfirmPayload) {
  yield* call(endpoints.authPublic.passwordResetConfirm, { payload }, noSession)
})

/** Mails a link to /reset-mfa?uid=..&token=.. */
export const requestMfaReset = Effect.fn("Auth.requestMfaReset")(function* (email: string, locale: Locale) {
  yield* call(endpoints.authPublic.resetMfa, { payload: { email, locale } }, noSession)
})

/** Turns 2FA off for the account of the link, once its password is given. */
export const confirmMfaReset = Effect.fn("Auth.confirmMfaReset")(function* (payload: {
  readonly uid: string
  readonly token: string
  readonly password: string
}) {
  yield* call(endpoints.authPublic.resetMfaConfirm, { payload }, noSession)
})
