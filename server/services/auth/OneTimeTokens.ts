// Single-use links (activation, password reset, 2FA reset): a random token mailed to the user,
// stored only as its SHA-256, bound to one user and one purpose, with an expiry. Asking again
// replaces the earlier link of the same purpose, so only the newest mail works.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { OneTimeKind } from "../../db/schema.ts"
import { randomToken, sha256 } from "../../domain/tokens.ts"
import { sql, type Trx } from "../platform/Database.ts"

export const ONE_TIME_TTL_SECONDS: Record<OneTimeKind, number> = {
  activation: 3 * 24 * 60 * 60,
  password_reset: 60 * 60,
  mfa_reset: 60 * 60
}

export class OneTimeTokens extends Context.Service<
  OneTimeTokens,
  {
    /** A new token for the user's link; earlier unused ones of the same kind stop working. */
    readonly issue: (trx: Trx, userId: string, kind: OneTimeKind) => Effect.Effect<string>
    /** Whether the token is valid now for this user and purpose, without using it. */
    readonly isValid: (trx: Trx, userId: string, token: string, kind: OneTimeKind) => Effect.Effect<boolean>
    /** Uses the token; false when it is unknown, someone else's, expired or already used. */
    readonly consume: (trx: Trx, userId: string, token: string, kind: OneTimeKind) => Effect.Effect<boolean>
  }
>()("preparat/OneTimeTokens") {
  static readonly layer = Layer.succeed(
    OneTimeTokens,
    OneTimeTokens.of({
      issue: Effect.fn("OneTimeTokens.issue")(function* (trx: Trx, userId: string, kind: OneTimeKind) {
        const token = randomToken()
        const now = new Date()
        yield* sql(() =>
          trx.deleteFrom("one_time_tokens").where("user_id", "=", userId).where("kind", "=", kind).where("used_at", "is", null).execute()
        )
        yield* sql(() =>
          trx
            .insertInto("one_time_tokens")
            .values({
              id: randomUUID(),
              user_id: userId,
              kind,
              token_hash: sha256(token),
              created_at: now.toISOString(),
              expires_at: new Date(now.getTime() + ONE_TIME_TTL_SECONDS[kind] * 1000).toISOString(),
              used_at: null
            })
            .execute()
        )
        return token
      }),
      isValid: Effect.fn("OneTimeTokens.isValid")(function* (trx: Trx, userId: string, token: string, kind: OneTimeKind) {
        const row = yield* sql(() =>
          trx
            .selectFrom("one_time_tokens")
            .select("id")
            .where("token_hash", "=", sha256(token))
            .where("user_id", "=", userId)
            .where("kind", "=", kind)
            .where("used_at", "is", null)
            .where("expires_at", ">", new Date().toISOString())
            .executeTakeFirst()
        )
        return row !== undefined
      }),
      // One conditional update, so two requests racing with the same link cannot both use it.
      consume: Effect.fn("OneTimeTokens.consume")(function* (trx: Trx, userId: string, token: string, kind: OneTimeKind) {
        const now = new Date().toISOString()
        const result = yield* sql(() =>
          trx
            .updateTable("one_time_tokens")
            .set({ used_at: now })
            .where("token_hash", "=", sha256(token))
            .where("user_id", "=", userId)
            .where("kind", "=", kind)
            .where("used_at", "is", null)
            .where("expires_at", ">", now)
            .executeTakeFirst()
        )
        return Number(result.numUpdatedRows) === 1
      })
    })
  )
}
