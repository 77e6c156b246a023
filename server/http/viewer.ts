// The optional bearer middleware: no Authorization header makes a guest; a valid token its user;
// an invalid or expired one is 401 like everywhere else (the SPA then refreshes it).
import { Effect, Layer, Redacted } from "effect"
import { Unauthorized } from "../../src/contract/errors.ts"
import { OptionalAuthorization, Viewer } from "../../src/contract/viewer.ts"
import { AccessTokens } from "../services/auth/AccessTokens.ts"

export const OptionalAuthorizationLive = Layer.effect(
  OptionalAuthorization,
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    return OptionalAuthorization.of({
      bearer: (httpEffect, { credential }) => {
        const token = Redacted.value(credential)
        if (token === "") return Effect.provideService(httpEffect, Viewer, { user: undefined })
        return Effect.gen(function* () {
          const claims = yield* tokens.verify(token)
          if (!claims) return yield* new Unauthorized({ message: "Authentication credentials were not provided or have expired." })
          return yield* Effect.provideService(httpEffect, Viewer, { user: { id: claims.sub, email: claims.email, name: claims.name } })
        })
      }
    })
  })
)
