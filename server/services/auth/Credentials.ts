// The password of an account: changing it while signed in, and resetting it through a mailed link.
import { Context, Effect, Layer } from "effect"
import type { ChangePasswordPayload, Locale, ResetConfirmPayload } from "../../../src/contract/auth.ts"
import { type BadRequest, badRequest, type TooManyRequests } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { findUserByEmail, findUserById, normalizeEmail, raiseTokenGeneration, revokeAllRefreshTokens } from "../../db/users.ts"
import { type ClientInfo, clientDetail } from "../../domain/client-info.ts"
import { passwordResetLink } from "../../domain/links.ts"
import { messages } from "../../domain/messages.ts"
import { sha256 } from "../../domain/tokens.ts"
import { passwordResetMail } from "../../mail/templates.ts"
import { AccessTokens } from "./AccessTokens.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { OneTimeTokens } from "./OneTimeTokens.ts"
import { Passwords } from "./Passwords.ts"
import { type Limit, RateLimiter } from "../platform/RateLimiter.ts"

export class Credentials extends Context.Service<
  Credentials,
  {
    /** Needs the old password; signs out every other session (all of them when `refresh` is absent). */
    readonly change: (
      user: AuthenticatedUser,
      payload: ChangePasswordPayload,
      client: ClientInfo
    ) => Effect.Effect<void, BadRequest | TooManyRequests>
    /** Mails a reset link to an active account; answers the same whether or not there is one. */
    readonly requestReset: (email: string, locale: Locale, client: ClientInfo) => Effect.Effect<void, TooManyRequests>
    /** Sets the new password with a valid link, uses the link and ends every session. */
    readonly confirmReset: (payload: ResetConfirmPayload, client: ClientInfo) => Effect.Effect<void, BadRequest | TooManyRequests>
  }
>()("preparat/Credentials") {
  static readonly layer = Layer.effect(
    Credentials,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const events = yield* EventLog
      const mailer = yield* Mailer
      const links = yield* OneTimeTokens
      const passwords = yield* Passwords
      const limiter = yield* RateLimiter
      const accessTokens = yield* AccessTokens

      const change = Effect.fn("Credentials.change")(function* (
        current: AuthenticatedUser,
        payload: ChangePasswordPayload,
        client: ClientInfo
      ) {
        const limit = { key: `password-change:${current.id}` }
        yield* limiter.attempt(limit)
        const user = yield* database.query((db) => findUserById(db, current.id))
        if (!user || !(yield* passwords.verify(user.password_hash, payload.old_password))) {
          return yield* Effect.fail(badRequest({ old_password: [messages.wrongOldPassword] }))
        }
        yield* limiter.refund(limit)
        const passwordHash = yield* passwords.hash(payload.new_password)
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const now = new Date().toISOString()
            // The caller's own session survives only if it proves which one it is.
            const own = payload.refresh
              ? yield* sql(() =>
                  trx
                    .selectFrom("refresh_tokens")
                    .select("family")
                    .where("token_hash", "=", sha256(payload.refresh ?? ""))
                    .where("user_id", "=", user.id)
                    .executeTakeFirst()
                )
              : undefined
            yield* sql(() =>
              trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", user.id).execute()
            )
            yield* sql(() => revokeAllRefreshTokens(trx, user.id, now, own?.family))
            yield* sql(() => raiseTokenGeneration(trx, user.id))
            yield* events.record(trx, { actorId: user.id, kind: "auth.password_changed", payload: clientDetail(client) })
          })
        )
        accessTokens.forget(user.id)
      })

      const requestReset = Effect.fn("Credentials.requestReset")(function* (rawEmail: string, locale: Locale, client: ClientInfo) {
        const email = normalizeEmail(rawEmail)
        // Refused (429) per caller address, and per account from that address. The account's own cap
        // is silent: requests from many addresses cannot earn its owner a 429, only stop the mails.
        yield* limiter.attempt(
          { key: `password-reset:${email}:${client.limitKey}` },
          { key: `password-reset-ip:${client.limitKey}`, per: "address" }
        )
        const mailable = yield* limiter.allows({ key: `password-reset:${email}` })
        const user = yield* database.query((db) => findUserByEmail(db, email))
        if (user?.is_active !== 1 || !mailable) return
        const token = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* events.record(trx, {
              actorId: user.id,
              kind: "auth.password_reset_requested",
              payload: { ...clientDetail(client), locale }
            })
            return yield* links.issue(trx, user.id, "password_reset")
          })
        )
        yield* mailer.sendInBackground({
          to: user.email,
          ...passwordResetMail(locale, user.name, passwordResetLink(config.publicUrl, locale, user.id, token))
        })
      })

      const confirmReset = Effect.fn("Credentials.confirmReset")(function* (payload: ResetConfirmPayload, client: ClientInfo) {
        const limit: Limit = { key: `password-reset-confirm-ip:${client.limitKey}`, per: "address" }
        yield* limiter.attempt(limit)
        const invalidLink = Effect.fail(badRequest({ token: [messages.invalidLink] }))
        const user = yield* database.query((db) => findUserById(db, payload.uid))
        if (user?.is_active !== 1) return yield* invalidLink
        const passwordHash = yield* passwords.hash(payload.password)
        const done = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            if (!(yield* links.consume(trx, user.id, payload.token, "password_reset"))) return false
            const now = new Date().toISOString()
            yield* sql(() =>
              trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", user.id).execute()
            )
            yield* sql(() => revokeAllRefreshTokens(trx, user.id, now))
            yield* sql(() => raiseTokenGeneration(trx, user.id))
            yield* events.record(trx, { actorId: user.id, kind: "auth.password_reset", payload: clientDetail(client) })
            return true
          })
        )
        if (!done) return yield* invalidLink
        accessTokens.forget(user.id)
        yield* limiter.refund(limit)
      })

      return Credentials.of({ change, requestReset, confirmReset })
    })
  )
}
