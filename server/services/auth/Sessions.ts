// Sign-in, token refresh and sign-out. A session is a family of refresh tokens: each refresh
// rotates the token, and presenting a token that was already rotated or revoked (a stolen copy being
// replayed, or the real client after the thief refreshed) revokes the whole family.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { LoginPayload, LoginResult, Tokens } from "../../../src/contract/auth.ts"
import {
  type BadRequest,
  badRequest,
  type FieldErrors,
  Forbidden,
  type TooManyRequests,
  Unauthorized
} from "../../../src/contract/errors.ts"
import { findUserByEmail, findUserById, normalizeEmail, raiseTokenGeneration, type UserRow } from "../../db/users.ts"
import { type ClientInfo, clientDetail } from "../../domain/client-info.ts"
import { messages } from "../../domain/messages.ts"
import { toProfile } from "../../domain/profile.ts"
import { deviceOf, issueDeviceToken } from "../../domain/device-token.ts"
import { randomToken, sha256, signAccessToken } from "../../domain/tokens.ts"
import { AccessTokens } from "./AccessTokens.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mfa } from "./Mfa.ts"
import { Passwords } from "./Passwords.ts"
import { type Limit, RateLimiter } from "../platform/RateLimiter.ts"

/**
 * How long after a rotation the rotated token may be presented again while its successor was never
 * used: a tab closed during a refresh (or a reply lost on the network) left the browser holding the
 * old token, and the next tab presents it. Without this the user was signed out for nothing (seen
 * after 20 quick tab opens and closes). The grace of Auth0's "reuse interval" and Okta's "grace
 * period"; a replay after the successor was used, or later than this, still ends the session.
 */
export const LOST_ANSWER_MS = 30_000

const lostAnswer = (rotatedAt: string, now: string) => Date.parse(now) - Date.parse(rotatedAt) <= LOST_ANSWER_MS

export class Sessions extends Context.Service<
  Sessions,
  {
    /**
     * Signs in. `deviceToken` is the browser's device cookie, if it sent one; the answer carries the
     * token to set for this account once the password was right (server/domain/device-token.ts).
     */
    readonly login: (
      payload: LoginPayload,
      client: ClientInfo,
      deviceToken?: string
    ) => Effect.Effect<{ readonly result: LoginResult; readonly deviceToken?: string }, BadRequest | Forbidden | TooManyRequests>
    readonly refresh: (refreshToken: string) => Effect.Effect<Tokens, Unauthorized>
    /** Ends the session the token belongs to; a no-op for an unknown or already ended one. */
    readonly logout: (refreshToken: string, client: ClientInfo) => Effect.Effect<void>
  }
>()("preparat/Sessions") {
  static readonly layer = Layer.effect(
    Sessions,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const events = yield* EventLog
      const mfa = yield* Mfa
      const passwords = yield* Passwords
      const limiter = yield* RateLimiter
      const accessTokens = yield* AccessTokens

      const refreshExpiry = (now: Date) => new Date(now.getTime() + config.refreshTokenDays * 24 * 60 * 60 * 1000).toISOString()

      const issueTokens = (trx: Trx, user: UserRow, family: string) =>
        Effect.gen(function* () {
          const refreshToken = randomToken()
          const now = new Date()
          yield* sql(() =>
            trx
              .insertInto("refresh_tokens")
              .values({
                id: randomUUID(),
                user_id: user.id,
                family,
                token_hash: sha256(refreshToken),
                created_at: now.toISOString(),
                expires_at: refreshExpiry(now),
                rotated_at: null,
                revoked_at: null
              })
              .execute()
          )
          return { access_token: signAccessToken(config.secretKey, user, config.accessTokenSeconds), refresh_token: refreshToken }
        })

      const login = Effect.fn("Sessions.login")(function* (payload: LoginPayload, client: ClientInfo, deviceToken?: string) {
        const email = normalizeEmail(payload.email)
        // Counted before anything is checked, so parallel guesses cannot outrun the count. A browser
        // this account signed in from before is limited on its own; any other attempt spends the
        // account's shared allowance and its address's. So guesses from elsewhere cannot lock the
        // owner out of their own browser, and no address can guess at many accounts.
        const device = deviceOf(config.secretKey, email, deviceToken)
        const limits: ReadonlyArray<Limit> = [
          device ? { key: `login-device:${device}` } : { key: `login:${email}` },
          { key: `login-ip:${client.limitKey}`, per: "address" }
        ]
        yield* limiter.attempt(...limits)
        const user = yield* database.query((db) => findUserByEmail(db, email))

        // A failed attempt stays counted and, for a real account, shows in its activity.
        const fail = (reason: string, fields: FieldErrors) =>
          Effect.gen(function* () {
            if (user) {
              yield* database.transaction((trx) =>
                events.record(trx, { actorId: user.id, kind: "auth.sign_in_failed", payload: { ...clientDetail(client), reason } })
              )
            }
            return yield* Effect.fail(badRequest(fields))
          })

        if (!user) {
          yield* passwords.verifyNothing(payload.password)
          return yield* fail("unknown_account", { non_field_errors: [messages.invalidCredentials] })
        }
        if (!(yield* passwords.verify(user.password_hash, payload.password))) {
          return yield* fail("password", { non_field_errors: [messages.invalidCredentials] })
        }
        // Told only to someone who knows the password, so it reveals nothing to a guesser.
        if (user.is_active !== 1) return yield* new Forbidden({ message: messages.accountInactive, code: "account_inactive" })

        const secondFactor =
          user.mfa_enabled !== 1
            ? "none"
            : payload.otp !== undefined
              ? "otp"
              : payload.backup_code !== undefined
                ? "backup_code"
                : "missing"
        // The password was right: this browser now knows the account. The attempt is given back
        // unless a wrong second factor follows (a code guess counts like a password guess).
        const known = { deviceToken: deviceToken && device ? deviceToken : issueDeviceToken(config.secretKey, email) }
        if (secondFactor === "missing") {
          yield* limiter.refund(...limits)
          return { result: { mfa_required: true }, ...known } as const
        }

        const outcome = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            if (secondFactor === "otp" && !(yield* mfa.acceptOtp(trx, user, payload.otp ?? ""))) return undefined
            if (secondFactor === "backup_code" && !(yield* mfa.redeemBackupCode(trx, user.id, payload.backup_code ?? ""))) return undefined
            const tokens = yield* issueTokens(trx, user, randomUUID())
            // Mails to this user from now on speak the language they sign in with.
            if (client.locale !== undefined && client.locale !== user.locale)
              yield* sql(() => trx.updateTable("users").set({ locale: client.locale }).where("id", "=", user.id).execute())
            yield* events.record(trx, {
              actorId: user.id,
              kind: "auth.signed_in",
              payload: { ...clientDetail(client), second_factor: secondFactor }
            })
            return tokens
          })
        )
        if (!outcome) {
          return yield* secondFactor === "otp"
            ? fail("otp", { otp: [messages.invalidCode] })
            : fail("backup_code", { backup_code: [messages.invalidBackupCode] })
        }
        yield* limiter.refund(...limits)
        // Only the allowance this attempt spent starts over: a sign-in from the owner's browser
        // leaves the account's shared count (what guessers elsewhere spend) where it was.
        yield* limiter.reset(limits[0]!.key)
        return { result: { mfa_required: false, ...outcome, user: toProfile(user) }, ...known } as const
      })

      /** The token issued by the rotation at `rotatedAt` (the first of the family since), if it was never used. */
      const unusedSuccessor = async (trx: Trx, family: string, rotatedAt: string) => {
        const next = await trx
          .selectFrom("refresh_tokens")
          .select(["id", "rotated_at", "revoked_at"])
          .where("family", "=", family)
          .where("created_at", ">=", rotatedAt)
          .orderBy("created_at")
          .limit(1)
          .executeTakeFirst()
        return next?.rotated_at === null && next.revoked_at === null ? next : undefined
      }

      /** Marks a token rotated unless something else did first; true when this call did. */
      const spend = async (trx: Trx, id: string, now: string) =>
        Number(
          (
            await trx
              .updateTable("refresh_tokens")
              .set({ rotated_at: now })
              .where("id", "=", id)
              .where("rotated_at", "is", null)
              .where("revoked_at", "is", null)
              .executeTakeFirst()
          ).numUpdatedRows
        ) === 1

      type Rotation =
        | { readonly _tag: "Rotated"; readonly tokens: Tokens }
        | { readonly _tag: "Invalid" }
        | { readonly _tag: "Reused"; readonly userId: string }

      const revokeFamily = (trx: Trx, family: string, userId: string) =>
        Effect.gen(function* () {
          yield* sql(() =>
            trx
              .updateTable("refresh_tokens")
              .set({ revoked_at: new Date().toISOString() })
              .where("family", "=", family)
              .where("revoked_at", "is", null)
              .execute()
          )
          // Someone holds a stolen token: every access token of the user goes too.
          yield* sql(() => raiseTokenGeneration(trx, userId))
          yield* events.record(trx, { actorId: userId, kind: "auth.refresh_token_reused", payload: { session: family } })
          return userId
        })

      const refresh = Effect.fn("Sessions.refresh")(function* (refreshToken: string) {
        // The outcome is committed even when it is a refusal: revoking a family must stick.
        const rotation = yield* database.transaction((trx) =>
          Effect.gen(function* (): Generator<Effect.Effect<unknown>, Rotation> {
            const now = new Date().toISOString()
            const row = yield* sql(() =>
              trx.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", sha256(refreshToken)).executeTakeFirst()
            )
            if (!row) return { _tag: "Invalid" }
            if (row.revoked_at === null && row.rotated_at !== null && lostAnswer(row.rotated_at, now)) {
              // The successor is spent instead, so whoever holds it (a thief's copy, should this be
              // one) is caught as a reuse when they present it.
              const successor = yield* sql(() => unusedSuccessor(trx, row.family, row.rotated_at!))
              const user = successor ? yield* sql(() => findUserById(trx, row.user_id)) : undefined
              if (successor && user?.is_active === 1 && (yield* sql(() => spend(trx, successor.id, now))))
                return { _tag: "Rotated", tokens: yield* issueTokens(trx, user, row.family) }
            }
            if (row.rotated_at !== null || row.revoked_at !== null) {
              yield* revokeFamily(trx, row.family, row.user_id)
              return { _tag: "Reused", userId: row.user_id }
            }
            if (row.expires_at <= now) return { _tag: "Invalid" }
            const user = yield* sql(() => findUserById(trx, row.user_id))
            if (user?.is_active !== 1) return { _tag: "Invalid" }
            // Conditional, so two concurrent refreshes with one token cannot both rotate it.
            const rotated = yield* sql(() =>
              trx
                .updateTable("refresh_tokens")
                .set({ rotated_at: now })
                .where("id", "=", row.id)
                .where("rotated_at", "is", null)
                .where("revoked_at", "is", null)
                .executeTakeFirst()
            )
            if (Number(rotated.numUpdatedRows) !== 1) {
              yield* revokeFamily(trx, row.family, row.user_id)
              return { _tag: "Reused", userId: row.user_id }
            }
            return { _tag: "Rotated", tokens: yield* issueTokens(trx, user, row.family) }
          })
        )
        if (rotation._tag === "Reused") accessTokens.forget(rotation.userId)
        if (rotation._tag !== "Rotated") return yield* new Unauthorized({ message: messages.invalidRefresh })
        return rotation.tokens
      })

      const logout = Effect.fn("Sessions.logout")(function* (refreshToken: string, client: ClientInfo) {
        const signedOut = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const row = yield* sql(() =>
              trx.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", sha256(refreshToken)).executeTakeFirst()
            )
            if (!row || row.revoked_at !== null) return undefined
            yield* sql(() =>
              trx
                .updateTable("refresh_tokens")
                .set({ revoked_at: new Date().toISOString() })
                .where("family", "=", row.family)
                .where("revoked_at", "is", null)
                .execute()
            )
            // Signing out ends the access tokens out there too (other sessions refresh theirs).
            yield* sql(() => raiseTokenGeneration(trx, row.user_id))
            yield* events.record(trx, { actorId: row.user_id, kind: "auth.signed_out", payload: clientDetail(client) })
            return row.user_id
          })
        )
        if (signedOut !== undefined) accessTokens.forget(signedOut)
      })

      return Sessions.of({ login, refresh, logout })
    })
  )
}
