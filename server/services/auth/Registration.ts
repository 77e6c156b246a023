// Creating accounts and activating them through the mailed link.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { Locale, RegisterPayload } from "../../../src/contract/auth.ts"
import { type BadRequest, badRequest, ServiceUnavailable, type TooManyRequests } from "../../../src/contract/errors.ts"
import { isUniqueViolation } from "../../db/unique-violation.ts"
import { findUserByEmail, normalizeEmail } from "../../db/users.ts"
import { type ClientInfo, clientDetail } from "../../domain/client-info.ts"
import { activationLink, forgotPasswordLink } from "../../domain/links.ts"
import { messages } from "../../domain/messages.ts"
import { accountExistsMail, activationMail } from "../../mail/templates.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Invitations } from "../labs/Invitations.ts"
import { type Mail, Mailer } from "../platform/Mailer.ts"
import { OneTimeTokens } from "./OneTimeTokens.ts"
import { Passwords } from "./Passwords.ts"
import { RateLimiter } from "../platform/RateLimiter.ts"

const emailTaken = () => badRequest({ email: [messages.emailTaken] })

export class Registration extends Context.Service<
  Registration,
  {
    /** Creates an inactive account and mails its activation link. */
    readonly register: (
      payload: RegisterPayload,
      client: ClientInfo
    ) => Effect.Effect<{ email: string }, BadRequest | TooManyRequests | ServiceUnavailable>
    /** Uses an activation link (and attaches waiting lab invitations); false when it is unknown, expired or used. */
    readonly activate: (uid: string, token: string) => Effect.Effect<boolean>
    /** Mails a new link to an inactive account; answers the same whether or not there is one. */
    readonly resendActivation: (email: string, locale: Locale, client: ClientInfo) => Effect.Effect<void, TooManyRequests>
  }
>()("preparat/Registration") {
  static readonly layer = Layer.effect(
    Registration,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const events = yield* EventLog
      const mailer = yield* Mailer
      const links = yield* OneTimeTokens
      const passwords = yield* Passwords
      const limiter = yield* RateLimiter
      const invitations = yield* Invitations

      const activationMessage = (
        locale: Locale,
        user: { id: string; email: string; name: string },
        token: string,
        next?: string | undefined
      ) => ({
        to: user.email,
        ...activationMail(locale, user.name, activationLink(config.publicUrl, user.id, token, next))
      })
      const mailActivation = (locale: Locale, user: { id: string; email: string; name: string }, token: string) =>
        mailer.sendInBackground(activationMessage(locale, user, token))
      const mailOrSay = (mail: Mail) =>
        mailer.send(mail).pipe(
          Effect.tapError((error) => Effect.logError("registration mail failed", error.cause)),
          Effect.mapError(() => new ServiceUnavailable({ message: messages.mailUnavailable }))
        )

      const register = Effect.fn("Registration.register")(function* (payload: RegisterPayload, client: ClientInfo) {
        yield* limiter.attempt({ key: `register-ip:${client.limitKey}`, per: "address" })
        const email = normalizeEmail(payload.email)
        const locale = payload.locale ?? "en"
        // Hashing takes a while; do it before the transaction holds a connection.
        const passwordHash = yield* passwords.hash(payload.password)
        const user = { id: randomUUID(), email, name: payload.name.trim() }
        // An address that already has an account is answered exactly like a new one (so nobody can
        // learn who has an account here); its owner is mailed instead: a new activation link if the
        // account was never activated, otherwise a note with the way to a new password.
        const existing = yield* database.query((db) => findUserByEmail(db, email))
        if (existing) {
          if (existing.is_active === 1) {
            yield* mailOrSay({
              to: existing.email,
              ...accountExistsMail(locale, existing.name, forgotPasswordLink(config.publicUrl, locale))
            })
          } else {
            // Nobody has proven they own an inactive address yet, so the last registrant wins: their
            // password and name replace the earlier ones and every earlier link stops working
            // (OneTimeTokens.issue). Otherwise whoever registered the address first would keep a
            // password that signs in once its owner (or a mail scanner) opens their own link.
            const renewed = { id: existing.id, email: existing.email, name: user.name }
            const again = yield* database.transaction((trx) =>
              Effect.gen(function* () {
                yield* sql(() =>
                  trx
                    .updateTable("users")
                    .set({ password_hash: passwordHash, name: renewed.name, locale, updated_at: new Date().toISOString() })
                    .where("id", "=", existing.id)
                    .where("is_active", "=", 0)
                    .execute()
                )
                yield* events.record(trx, { actorId: existing.id, kind: "auth.registered", payload: { ...clientDetail(client), locale } })
                return yield* links.issue(trx, existing.id, "activation")
              })
            )
            yield* mailOrSay(activationMessage(locale, renewed, again, payload.next))
          }
          return { email }
        }
        const token = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            if (yield* sql(() => findUserByEmail(trx, email))) return yield* Effect.fail(emailTaken())
            const now = new Date().toISOString()
            yield* Effect.tryPromise({
              try: () =>
                trx
                  .insertInto("users")
                  .values({
                    ...user,
                    username: null,
                    phone: null,
                    company: null,
                    description: null,
                    avatar: null,
                    password_hash: passwordHash,
                    is_active: 0,
                    mfa_secret: null,
                    mfa_enabled: 0,
                    mfa_last_step: null,
                    locale,
                    created_at: now,
                    updated_at: now
                  })
                  .execute(),
              catch: (error) => error
            }).pipe(Effect.catch((error) => (isUniqueViolation(error) ? Effect.fail(emailTaken()) : Effect.die(error))))
            yield* events.record(trx, { actorId: user.id, kind: "auth.registered", payload: { ...clientDetail(client), locale } })
            return yield* links.issue(trx, user.id, "activation")
          })
        )
        // Waited for, in both branches alike: a registration whose mail could not go out says so.
        yield* mailOrSay(activationMessage(locale, user, token, payload.next))
        return { email }
      })

      const activate = Effect.fn("Registration.activate")(function* (uid: string, token: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            if (!(yield* links.consume(trx, uid, token, "activation"))) return false
            yield* sql(() =>
              trx.updateTable("users").set({ is_active: 1, updated_at: new Date().toISOString() }).where("id", "=", uid).execute()
            )
            yield* events.record(trx, { actorId: uid, kind: "auth.activated", payload: {} })
            // Invitations to labs sent to this email before the account existed become memberships.
            yield* invitations.attach(trx, uid)
            return true
          })
        )
      })

      const resendActivation = Effect.fn("Registration.resendActivation")(function* (rawEmail: string, locale: Locale, client: ClientInfo) {
        const email = normalizeEmail(rawEmail)
        // As a password reset (Credentials.requestReset): 429 per caller address, a silent cap per account.
        yield* limiter.attempt(
          { key: `activation:${email}:${client.limitKey}` },
          { key: `activation-ip:${client.limitKey}`, per: "address" }
        )
        const mailable = yield* limiter.allows({ key: `activation:${email}` })
        const user = yield* database.query((db) => findUserByEmail(db, email))
        if (!user || user.is_active === 1 || !mailable) return
        const token = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* events.record(trx, { actorId: user.id, kind: "auth.activation_resent", payload: { ...clientDetail(client), locale } })
            return yield* links.issue(trx, user.id, "activation")
          })
        )
        yield* mailActivation(locale, user, token)
      })

      return Registration.of({ register, activate, resendActivation })
    })
  )
}
