// Checks access tokens for every route that takes one (the bearer middlewares and the media routes).
// A token is good when its signature and expiry are (one verifier per process remembers those) and it
// carries its user's current token generation: raising the generation (sign-out, a password change or
// reset, a replayed refresh token) revokes every access token issued before. Generations are read
// from the database and remembered for a few seconds per user; when one is raised, every process
// forgets its copy as soon as the realtime hub tells it (app.ts wraps `forget`, and ends the user's
// sockets too: server/realtime/session-revocation.ts), and none keeps one longer than GENERATION_TTL_MS.
import { Context, Effect, Layer } from "effect"
import { type AccessClaims, makeAccessTokenVerifier } from "../../domain/tokens.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql } from "../platform/Database.ts"

export const GENERATION_TTL_MS = 5_000
const MAX_USERS = 10_000

export class AccessTokens extends Context.Service<
  AccessTokens,
  {
    /** The token's claims if it is good now; undefined otherwise. */
    readonly verify: (token: string) => Effect.Effect<AccessClaims | undefined>
    /** Called after a transaction that raised the user's generation has committed. */
    readonly forget: (userId: string) => void
  }
>()("preparat/AccessTokens") {
  static readonly layer = Layer.effect(
    AccessTokens,
    Effect.gen(function* () {
      const verifySignature = makeAccessTokenVerifier((yield* AppConfig).secretKey)
      const { db } = yield* Database
      const generations = new Map<string, { readonly generation: number; readonly until: number }>()

      const generationOf = (userId: string) => {
        const known = generations.get(userId)
        if (known !== undefined && known.until > Date.now()) return Effect.succeed(known.generation)
        return sql(() => db.selectFrom("users").select("token_generation").where("id", "=", userId).executeTakeFirst()).pipe(
          Effect.map((row) => {
            // A deleted user has no generation any token can match.
            const generation = row === undefined ? -1 : Number(row.token_generation)
            if (generations.size >= MAX_USERS) generations.delete(generations.keys().next().value!)
            generations.set(userId, { generation, until: Date.now() + GENERATION_TTL_MS })
            return generation
          })
        )
      }

      const verify = (token: string) => {
        const claims = verifySignature(token)
        if (claims === undefined) return Effect.succeed(undefined)
        return Effect.map(generationOf(claims.sub), (generation) => ((claims.gen ?? 0) === generation ? claims : undefined))
      }

      return AccessTokens.of({ verify, forget: (userId) => void generations.delete(userId) })
    })
  )
}
