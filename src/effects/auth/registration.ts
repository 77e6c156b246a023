// Creating an account and asking again for its activation mail.
import { Effect } from "effect"
import type { Locale, RegisterPayload } from "../../contract/auth.ts"
import { call, endpoints } from "../call.ts"

/**
 * Creates the account; the server mails the activation link in `locale`, carrying `next` (the page the
 * user opened signed out) through activation back to sign-in. Answers the email used.
 */
export const register = Effect.fn("Auth.register")(function* (payload: RegisterPayload, locale: Locale, next?: string | null) {
  const answer = yield* call(
    endpoints.authPublic.register,
    { payload: { ...payload, locale, ...(next ? { next } : {}) } },
    { authenticated: false }
  )
  return answer.data.email
})

export const resendActivation = Effect.fn("Auth.resendActivation")(function* (email: string, locale: Locale) {
  yield* call(endpoints.authPublic.resendActivation, { payload: { email, locale } }, { authenticated: false })
})
