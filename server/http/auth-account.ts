// /v2/auth, the signed-in user's own account: profile, password, 2FA and activity. The
// Authorization middleware has already checked the bearer token and provides CurrentUser.
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { messages } from "../domain/messages.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"
import { Credentials } from "../services/auth/Credentials.ts"
import { EventLog } from "../services/platform/EventLog.ts"
import { Mfa } from "../services/auth/Mfa.ts"
import { Profiles } from "../services/auth/Profiles.ts"
import { requirePaging } from "./paging.ts"
import { clientInfo } from "./client-info.ts"

const DEFAULT_LIMIT = 10

const done = (message: string) => ({ status: "success", message, data: null }) as const
const ok = <A>(data: A) => ({ status: "success", data }) as const

export const AuthAccountLive = HttpApiBuilder.group(
  Api,
  "authAccount",
  Effect.fn(function* (handlers) {
    const config = yield* AppConfig
    const profiles = yield* Profiles
    const credentials = yield* Credentials
    const mfa = yield* Mfa
    const events = yield* EventLog
    const client = clientInfo(config.trustProxy)

    return handlers
      .handle("profile", () => Effect.map(Effect.flatMap(CurrentUser, profiles.get), ok))
      .handle("updateProfile", ({ params, payload }) =>
        Effect.gen(function* () {
          return ok(yield* profiles.update(yield* CurrentUser, params.userId, payload))
        })
      )
      .handle("changePassword", ({ payload }) =>
        Effect.gen(function* () {
          yield* credentials.change(yield* CurrentUser, payload, yield* client)
          return done(messages.passwordChanged)
        })
      )
      .handle("setupMfa", () => Effect.map(Effect.flatMap(CurrentUser, mfa.setup), ok))
      .handle("verifySetupMfa", ({ payload }) =>
        Effect.gen(function* () {
          const codes = yield* mfa.verifySetup(yield* CurrentUser, payload.otp)
          return ok({ backup_codes: codes })
        })
      )
      .handle("disableMfa", ({ payload }) =>
        Effect.gen(function* () {
          yield* mfa.disable(yield* CurrentUser, payload.password)
          return done(messages.mfaDisabled)
        })
      )
      .handle("activities", ({ query }) =>
        Effect.gen(function* () {
          const { page, limit } = yield* requirePaging(query, DEFAULT_LIMIT)
          const user = yield* CurrentUser
          const { results, count } = yield* events.listForActor(user.id, page, limit)
          return ok({ results, meta: { count, current_page: page, next_page: page * limit < count ? page + 1 : null } })
        })
      )
  })
)
