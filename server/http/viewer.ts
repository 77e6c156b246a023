// The optional bearer middleware: no Authorization header makes a guest; a valid token its user;
// an invalid or expired one is 401 like everywhere else (the SPA then refreshes it).
import { Effect, Layer, Redacted } from "effect"
import { Unauthorized } from "../../src/contract/errors.ts"
import { OptionalAuthorization, Viewer } from "../../src/contract/viewer.ts"
import { verifyAccessToken } from "../domain/tokens.ts"
import { AppConfig } from "../services/AppConfig.ts"

export const OptionalAuthorizationLive = Layer.effect(
  OptionalAuthorization,
  Effect.gen(function* () {
    const config = yield* AppConfig
    return OptionalAuthorization.of({
      bearer: (httpEffect, { credential }) => {
        const token = Redacted.value(credential)
        if (token === "") return Effect.provideService(httpEffect, Viewer, { user: undefined })
        const claims = verifyAccessToken(config.secretKey, token)
        if (!claims) return Effect.fail(new Unauthorized({ message: "Authentication credentials were not provided or have expired." }))
        return Effect.provideService(httpEffect, Viewer, { user: { id: claims.sub, email: claims.email, name: claims.name } })
      }
    })
  })
)
