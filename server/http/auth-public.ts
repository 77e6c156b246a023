// /v2/auth, the endpoints anyone may call: register, activation mail, sign-in, tokens, password and
// 2FA reset. Each handler reads the request and hands it to the service that owns the rule.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { messages } from "../domain/messages.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"
import { Credentials } from "../services/auth/Credentials.ts"
import { Mfa } from "../services/auth/Mfa.ts"
import { Registration } from "../services/auth/Registration.ts"
import { Sessions } from "../services/auth/Sessions.ts"
import { clientInfo } from "./client-info.ts"
import { deviceCookie, setDeviceCookie } from "./device-cookie.ts"
import { clearMediaCookie, setMediaCookie } from "./media-cookie.ts"

const done = (message: string) => ({ status: "success", message, data: null }) as const

export const AuthPublicLive = HttpApiBuilder.group(
  Api,
  "authPublic",
  Effect.fn(function* (handlers) {
    const config = yield* AppConfig
    const registration = yield* Registration
    const sessions = yield* Sessions
    const credentials = yield* Credentials
    const mfa = yield* Mfa
    const client = clientInfo(config.trustProxy)

    return (
      handlers
        .handle("register", ({ payload }) =>
          Effect.gen(function* () {
            const data = yield* registration.register(payload, yield* client)
            return { status: "success", message: messages.registered, data } as const
          })
        )
        .handle("resendActivation", ({ payload }) =>
          Effect.gen(function* () {
            yield* registration.resendActivation(payload.email, payload.locale ?? "en", yield* client)
            return done(messages.activationSent)
          })
        )
        // Every answer with tokens also sets the media cookie; logout clears it (media-cookie.ts).
        .handle("login", ({ payload }) =>
          Effect.gen(function* () {
            const { result: data, deviceToken } = yield* sessions.login(payload, yield* client, yield* deviceCookie)
            if (deviceToken) yield* setDeviceCookie(deviceToken, config.trustProxy)
            if (!data.mfa_required) yield* setMediaCookie(data.access_token, config)
            return { status: "success", data } as const
          })
        )
        .handle("refresh", ({ payload }) =>
          Effect.gen(function* () {
            const data = yield* sessions.refresh(payload.refresh)
            yield* setMediaCookie(data.access_token, config)
            return { status: "success", data } as const
          })
        )
        .handle("logout", ({ payload }) =>
          Effect.gen(function* () {
            yield* clearMediaCookie(config)
            yield* sessions.logout(payload.refresh, yield* client)
            return done(messages.signedOut)
          })
        )
        .handle("passwordReset", ({ payload }) =>
          Effect.gen(function* () {
            yield* credentials.requestReset(payload.email, payload.locale ?? "en", yield* client)
            return done(messages.resetSent)
          })
        )
        .handle("passwordResetConfirm", ({ payload }) =>
          Effect.gen(function* () {
            yield* credentials.confirmReset(payload, yield* client)
            return done(messages.passwordReset)
          })
        )
        .handle("resetMfa", ({ payload }) =>
          Effect.gen(function* () {
            yield* mfa.requestReset(payload.email, payload.locale ?? "en", yield* client)
            return done(messages.mfaResetSent)
          })
        )
        .handle("resetMfaConfirm", ({ payload }) =>
          Effect.gen(function* () {
            yield* mfa.confirmReset(payload, yield* client)
            return done(messages.mfaReset)
          })
        )
    )
  })
)
