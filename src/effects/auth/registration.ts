// Creating an account and asking again for its activation mail.
import { Effect, Schema } from "effect"
import type { RegisterPayload } from "../../contract/auth.ts"
import { Ok } from "../../contract/envelope.ts"
import { Api } from "../Api.ts"
import { Acknowledged, type Locale } from "./acknowledged.ts"

/** Creates the account; the server mails the activation link in `locale`. Answers the email used. */
export const register = Effect.fn("Auth.register")(function* (payload: RegisterPayload, locale: Locale) {
  const api = yield* Api
  const answer = yield* api.request({
    method: "POST",
    path: "/v2/auth/register/",
    body: { ...payload, locale },
    success: Ok(Schema.Struct({ email: Schema.String })),
    authenticated: false
  })
  return answer.data.email
})

export const resendActivation = Effect.fn("Auth.resendActivation")(function* (email: string, locale: Locale) {
  const api = yield* Api
  yield* api.request({
    method: "POST",
    path: "/v2/auth/resend-activation/",
    body: { email, locale },
    success: Acknowledged,
    authenticated: false
  })
})
