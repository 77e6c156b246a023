// The bearer middleware: a valid access token of an active user provides CurrentUser.
import { Effect, Layer, Redacted } from "effect"
import { Unauthorized } from "../../src/contract/errors.ts"
import { Authorization, CurrentUser } from "../../src/contract/middleware.ts"
import { AccessTokens } from "../services/auth/AccessTokens.ts"

export const AuthorizationLive = Layer.effect(
  Authorization,
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    return Authorization.of({
      bearer: (httpEffect, { credential }) =>
        Effect.gen(function* () {
          const claims = yield* tokens.verify(Redacted.value(credential))
          if (!claims) return yield* new Unauthorized({ message: "Authentication credentials were not provided or have expired." })
          return yield* Effect.provideService(httpEffect, CurrentUser, { id: claims.sub, email: claims.email, name: claims.name })
        })
    })
  })
)
