// Two-factor authentication: set-up (secret, QR code, first code, backup codes), turning it off with
// the password, resetting it through a mailed link plus the password, and checking a second factor
// at sign-in.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { Locale, MfaSetup } from "../../../src/contract/auth.ts"
import { type BadRequest, badRequest, type TooManyRequests } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { findUserByEmail, findUserById, normalizeEmail, type UserRow } from "../../db/users.ts"
import { generateBackupCodes, hashBackupCode } from "../../domain/backup-codes.ts"
import { type ClientInfo, clientDetail } from "../../domain/client-info.ts"
import { mfaResetLink } from "../../domain/links.ts"
import { messages } from "../../domain/messages.ts"
import { mfaResetMail } from "../../mail/templates.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Mailer } from "../platform/Mailer.ts"
import { OneTimeTokens } from "./OneTimeTokens.ts"
import { Passwords } from "./Passwords.ts"
import { type Limit, RateLimiter } from "../platform/RateLimiter.ts"
import { Totp } from "./Totp.ts"

export interface MfaResetConfirm {
  readonly uid: string
  readonly token: string
  readonly password: string
}

export class Mfa extends Context.Service<
  Mfa,
  {
    /** A fresh secret, stored but not yet on: a code from it must first be verified. */
    readonly setup: (user: AuthenticatedUser) => Effect.Effect<MfaSetup, BadRequest>
    /** Turns 2FA on with a first valid code; answers the ten backup codes, shown this once. */
    readonly verifySetup: (user: AuthenticatedUser, otp: string) => Effect.Effect<ReadonlyArray<string>, BadRequest | TooManyRequests>
    readonly disable: (user: AuthenticatedUser, password: string) => Effect.Effect<void, BadRequest | TooManyRequests>
    /** Mails a reset link to an active account with 2FA on; answers the same otherwise. */
    readonly requestReset: (email: string, locale: Locale, client: ClientInfo) => Effect.Effect<void, TooManyRequests>
    /** The mailed link and the password together turn 2FA off: mailbox access alone cannot. */
    readonly confirmReset: (payload: MfaResetConfirm, client: ClientInfo) => Effect.Effect<void, BadRequest | TooManyRequests>
    /** Accepts a current code not used before, remembering its time step. */
    readonly acceptOtp: (trx: Trx, user: UserRow, otp: string) => Effect.Effect<boolean>
    /** Uses one unused backup code. */
    readonly redeemBackupCode: (trx: Trx, userId: string, code: string) => Effect.Effect<boolean>
  }
>()("preparat/Mfa") {
  static readonly layer = Layer.effect(
    Mfa,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const events = yield* EventLog
      const mailer = yield* Mailer
      const links = yield* OneTimeTokens
      const passwords = yield* Passwords
      const limiter = yield* RateLimiter
      const totp = yield* Totp

      const userOf = (id: string) =>
        database
          .query((db) => findUserById(db, id))
          .pipe(Effect.flatMap((user) => (user ? Effect.succeed(user) : Effect.die(new Error(`user ${id} vanished`)))))

      const turnOff = (trx: Trx, userId: string) =>
        Effect.all([
          sql(() =>
            trx
              .updateTable("users")
              .set({ mfa_enabled: 0, mfa_secret: null, mfa_last_step: null, updated_at: new Date().toISOString() })
              .where("id", "=", userId)
              .execute()
          ),
          sql(() => trx.deleteFrom("backup_codes").where("user_id", "=", userId).execute())
        ])

      const acceptOtp = Effect.fn("Mfa.acceptOtp")(function* (trx: Trx, user: UserRow, otp: string) {
        if (!user.mfa_secret) return false
        const step = yield* totp.verify(user.mfa_secret, otp, user.mfa_last_step)
        if (step === undefined) return false
        // Conditional on the stored step, so two requests with the same code cannot both pass.
        const result = yield* sql(() =>
          trx
            .updateTable("users")
            .set({ mfa_last_step: step })
            .where("id", "=", user.id)
            .where((eb) => eb.or([eb("mfa_last_step", "is", null), eb("mfa_last_step", "<", step)]))
            .executeTakeFirst()
        )
        return Number(result.numUpdatedRows) === 1
      })

      const redeemBackupCode = Effect.fn("Mfa.redeemBackupCode")(function* (trx: Trx, userId: string, code: string) {
        const result = yield* sql(() =>
          trx
            .updateTable("backup_codes")
            .set({ used_at: new Date().toISOString() })
            .where("user_id", "=", userId)
            .where("code_hash", "=", hashBackupCode(code))
            .where("used_at", "is", null)
            .executeTakeFirst()
        )
        return Number(result.numUpdatedRows) >= 1
      })

      const setup = Effect.fn("Mfa.setup")(function* (current: AuthenticatedUser) {
        const user = yield* userOf(current.id)
        if (user.mfa_enabled === 1) return yield* Effect.fail(badRequest({ non_field_errors: [messages.mfaAlreadyEnabled] }))
        const enrolment = yield* totp.enrol(user.email)
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* sql(() =>
              trx
                .updateTable("users")
                .set({ mfa_secret: enrolment.secret, mfa_last_step: null, updated_at: new Date().toISOString() })
                .where("id", "=", user.id)
                .execute()
            )
            yield* events.record(trx, { actorId: user.id, kind: "auth.mfa_setup_started", payload: {} })
          })
        )
        return { secret: enrolment.secret, otpauth_uri: enrolment.otpauthUri, qr_code: enrolment.qrCode }
      })

      const verifySetup = Effect.fn("Mfa.verifySetup")(function* (current: AuthenticatedUser, otp: string) {
        const limit = { key: `mfa-verify:${current.id}` }
        yield* limiter.attempt(limit)
        const user = yield* userOf(current.id)
        if (user.mfa_enabled === 1) return yield* Effect.fail(badRequest({ non_field_errors: [messages.mfaAlreadyEnabled] }))
        if (!user.mfa_secret) return yield* Effect.fail(badRequest({ non_field_errors: [messages.mfaNotStarted] }))
        const codes = generateBackupCodes()
        const accepted = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            if (!(yield* acceptOtp(trx, user, otp))) return false
            yield* sql(() =>
              trx.updateTable("users").set({ mfa_enabled: 1, updated_at: new Date().toISOString() }).where("id", "=", user.id).execute()
            )
            yield* sql(() => trx.deleteFrom("backup_codes").where("user_id", "=", user.id).execute())
            yield* sql(() =>
              trx
                .insertInto("backup_codes")
                .values(codes.map((code) => ({ id: randomUUID(), user_id: user.id, code_hash: hashBackupCode(code), used_at: null })))
                .execute()
            )
            yield* events.record(trx, { actorId: user.id, kind: "auth.mfa_enabled", payload: {} })
            return true
          })
        )
        if (!accepted) return yield* Effect.fail(badRequest({ otp: [messages.invalidCode] }))
        yield* limiter.refund(limit)
        return codes
      })

      const disable = Effect.fn("Mfa.disable")(function* (current: AuthenticatedUser, password: string) {
        const limit = { key: `mfa-disable:${current.id}` }
        yield* limiter.attempt(limit)
        const user = yield* userOf(current.id)
        if (!(yield* passwords.verify(user.password_hash, password))) {
          return yield* Effect.fail(badRequest({ password: [messages.wrongPassword] }))
        }
        yield* limiter.refund(limit)
        if (user.mfa_enabled !== 1) return yield* Effect.fail(badRequest({ non_field_errors: [messages.mfaNotEnabled] }))
        yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* turnOff(trx, user.id)
            yield* events.record(trx, { actorId: user.id, kind: "auth.mfa_disabled", payload: {} })
          })
        )
      })

      const requestReset = Effect.fn("Mfa.requestReset")(function* (rawEmail: string, locale: Locale, client: ClientInfo) {
        const email = normalizeEmail(rawEmail)
        // As a password reset (Credentials.requestReset): 429 per caller address, a silent cap per account.
        yield* limiter.attempt({ key: `mfa-reset:${email}:${client.limitKey}` }, { key: `mfa-reset-ip:${client.limitKey}`, per: "address" })
        const mailable = yield* limiter.allows({ key: `mfa-reset:${email}` })
        const user = yield* database.query((db) => findUserByEmail(db, email))
        if (user?.is_active !== 1 || user.mfa_enabled !== 1 || !mailable) return
        const token = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* events.record(trx, { actorId: user.id, kind: "auth.mfa_reset_requested", payload: { ...clientDetail(client), locale } })
            return yield* links.issue(trx, user.id, "mfa_reset")
          })
        )
        yield* mailer.sendInBackground({
          to: user.email,
          ...mfaResetMail(locale, user.name, mfaResetLink(config.publicUrl, locale, user.id, token))
        })
      })

      const confirmReset = Effect.fn("Mfa.confirmReset")(function* (payload: MfaResetConfirm, client: ClientInfo) {
        const limits: ReadonlyArray<Limit> = [
          { key: `mfa-reset-confirm:${payload.uid}` },
          { key: `mfa-reset-confirm-ip:${client.limitKey}`, per: "address" }
        ]
        yield* limiter.attempt(...limits)
        const user = yield* database.query((db) => findUserById(db, payload.uid))
        const linkValid =
          user !== undefined && (yield* database.transaction((trx) => links.isValid(trx, user.id, payload.token, "mfa_reset")))
        const passwordRight = user !== undefined ? yield* passwords.verify(user.password_hash, payload.password) : false
        if (!user || !linkValid || !passwordRight) {
          return yield* Effect.fail(
            badRequest({
              ...(linkValid ? {} : { token: [messages.invalidLink] }),
              ...(linkValid && !passwordRight ? { password: [messages.wrongPassword] } : {})
            })
          )
        }
        const done = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            if (!(yield* links.consume(trx, user.id, payload.token, "mfa_reset"))) return false
            yield* turnOff(trx, user.id)
            yield* events.record(trx, { actorId: user.id, kind: "auth.mfa_reset", payload: clientDetail(client) })
            return true
          })
        )
        if (!done) return yield* Effect.fail(badRequest({ token: [messages.invalidLink] }))
        yield* limiter.refund(...limits)
      })

      return Mfa.of({ setup, verifySetup, disable, requestReset, confirmReset, acceptOtp, redeemBackupCode })
    })
  )
}
