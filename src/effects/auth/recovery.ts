// Getting back into an account: a forgotten password, or a lost authenticator.
import { Effect } from "effect"
import type { ResetConfirmPayload } from "../../contract/auth.ts"
import { Api } from "../Api.ts"
import { Acknowledged, type Locale } from "./acknowledged.ts"

const post = (path: string, body: Record<string, unknown>) =>
  Api.use((api) => api.request({ method: "POST", path, body, success: Acknowledged, authenticated: false }))

export const requestPasswordReset = Effect.fn("Auth.requestPasswordReset")(function* (email: string, locale: Locale) {
  yield* post("/v2/auth/password/reset/", { email, locale })
})

export const confirmPasswordReset = Effect.fn("Auth.confirmPasswordReset")(function* (payload: ResetConfirmPayload) {
  yield* post("/v2/auth/password/reset/confirm/", payload)
})

/** Mails a link to /reset-mfa?uid=..&token=.. */
export const requestMfaReset = Effect.fn("Auth.requestMfaReset")(function* (email: string, locale: Locale) {
  yield* post("/v2/auth/reset-mfa/", { email, locale })
})

/** Turns 2FA off for the account of the link, once its password is given. */
export const confirmMfaReset = Effect.fn("Auth.confirmMfaReset")(function* (payload: {
  readonly uid: string
  readonly token: string
  readonly password: string
}) {
  yield* post("/v2/auth/reset-mfa/confirm/", payload)
})
