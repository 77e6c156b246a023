// Creating an account and asking again for its activation mail.
import { Effect } from "effect"
import type { Locale, RegisterPayload } from "../../contract/auth.ts"
import { call, endpoints } from "../call.ts"

/** Creates the account; the server mails the activation link in `locale`. Answers the email used. */
export const register = Effect.fn("Auth.register")(function* (payload: RegisterPayload, locale: Locale) {
  const answer = yield* call(endpoints.authPublic.register, { payload: { ...payload, locale } }, { authenticated: false })
  return answer.data.email
})

export const resendActivation = Effect.fn("Auth.resendActivation")(function* (email: string, locale: Locale) {
  yield* call(endpoints.authPublic.resendActivation, { payload: { email, locale } }, { authenticated: false })
})
