// Checks access tokens for every route that takes one (the bearer middlewares and the media
// routes), through one verifier per process so that a token checked once is remembered.
import { Context, Effect, Layer } from "effect"
import { type AccessTokenVerifier, makeAccessTokenVerifier } from "../domain/tokens.ts"
import { AppConfig } from "./AppConfig.ts"

export class AccessTokens extends Context.Service<AccessTokens, { readonly verify: AccessTokenVerifier }>()("preparat/AccessTokens") {
  static readonly layer = Layer.effect(
    AccessTokens,
    Effect.gen(function* () {
      return AccessTokens.of({ verify: makeAccessTokenVerifier((yield* AppConfig).secretKey) })
    })
  )
}
