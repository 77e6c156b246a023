// Inviting collaborators to a lab by email: a membership for each (pending until the address has an
// active account), a notification and the realtime event for those who have one, and the mail.
// What an invitation does to someone already on the lab is server/domain/invitation-rules.ts.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer, Schema } from "effect"
import type { Locale } from "../../../src/contract/auth.ts"
import { type BadRequest, badRequest, type TooManyRequests } from "../../../src/contract/errors.ts"
import type { Invitation, InvitePayload, MemberRole } from "../../../src/contract/members.ts"
import { Email } from "../../../src/contract/rules.ts"
import { allMembers } from "../../db/lab-members.ts"
import { findUserByEmail, findUserById, normalizeEmail } from "../../db/users.ts"
import { stamp } from "../../domain/clock.ts"
import { invitationOutcome } from "../../domain/invitation-rules.ts"
import { memberMessages } from "../../domain/lab-messages.ts"
import { type InvitationStep, invitationLink, invitationMail } from "../../mail/invitation.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import { ownerOf } from "./lab-owner.ts"
import { Mailer } from "../platform/Mailer.ts"
import { Notifications } from "../platform/Notifications.ts"
import { ADDRESS_FACTOR, RateLimiter } from "../platform/RateLimiter.ts"

/** At most this many emails in one invitation request. */
export const INVITE_MAX = 50

/** The same lab's invitation is mailed to the same address at most once in this long. */
export const INVITE_RESEND_SECONDS = 6 * 60 * 60

const isEmail = Schema.is(Email)

export interface InviteRequest extends Omit<InvitePayload, "email"> {
  readonly email: string | ReadonlyArray<string>
}

export class MemberInvites extends Context.Service<
  MemberInvites,
  {
    readonly invite: (
      userId: string,
      request: InviteRequest
    ) => Effect.Effect<ReadonlyArray<Invitation>, BadRequest | LabDenied | TooManyRequests>
  }
>()("preparat/MemberInvites") {
  static readonly layer = Layer.effect(
    MemberInvites,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const events = yield* EventLog
      const access = yield* LabAccess
      const notifications = yield* Notifications
      const mailer = yield* Mailer
      const limiter = yield* RateLimiter

      /**
       * Whether this invitation's mail may go out now. Silent (the answer is the same either way): an
       * address gets the same lab's invitation once in INVITE_RESEND_SECONDS, and a limited number
       * of invitations a window from everyone together, so nobody can flood a mailbox through us.
       */
      const mayMail = (labId: string, email: string) =>
        Effect.gen(function* () {
          if (!(yield* limiter.cooldown(`invite-lab:${labId}:${email}`, INVITE_RESEND_SECONDS))) return false
          return yield* limiter.allows({ key: `invite-to:${email}` })
        })

      /** The emails of an invitation, trimmed, lower-cased and once each; or the 400. */
      const emailsOf = (raw: string | ReadonlyArray<string>) => {
        const list = [...new Set((typeof raw === "string" ? [raw] : raw).map(normalizeEmail).filter((e) => e.length > 0))]
        if (list.length === 0) return Effect.fail(badRequest({ email: [memberMessages.atLeastOne] }))
        if (list.length > INVITE_MAX) return Effect.fail(badRequest({ email: [memberMessages.tooMany(INVITE_MAX)] }))
        const invalid = list.filter((e) => !isEmail(e))
        if (invalid.length > 0) return Effect.fail(badRequest({ email: invalid.map(memberMessages.invalidEmail) }))
        return Effect.succeed(list)
      }

      const invite = Effect.fn("MemberInvites.invite")(function* (userId: string, request: InviteRequest) {
        const emails = yield* emailsOf(request.email)
        // Each address of the request counts against the inviter's allowance (ten times the sign-in
        // attempts a window), with a 429 past it: one account cannot send a flood of mails.
        yield* limiter.attempt({ key: `invite-mails:${userId}`, max: config.rateLimit.attempts * ADDRESS_FACTOR, cost: emails.length })
        const role: MemberRole = request.role_member ?? "reviewer"
        const locale: Locale = request.locale ?? "en"
        const { members, mails } = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* access.require(trx, userId, request.lab_id, "members.invite")
            const owner = yield* ownerOf(trx, lab)
            if (emails.includes(owner.email)) return yield* Effect.fail(badRequest({ email: [memberMessages.isOwner(owner.email)] }))
            const inviter = yield* sql(() => findUserById(trx, userId))
            const current = new Map((yield* sql(() => allMembers(trx, lab.row.id, owner.id))).map((m) => [m.email, m]))
            const now = stamp()
            // Each mail in its reader's language: the one their account keeps, else the inviter's page's.
            const mails: Array<{ email: string; step: InvitationStep; locale: Locale }> = []
            for (const email of emails) {
              const existing = current.get(email)
              const user = yield* sql(() => findUserByEmail(trx, email))
              const active = user?.is_active === 1 ? user : undefined
              const step: InvitationStep = active ? "open" : user ? "activate" : "register"
              const reader: Locale = user?.locale === "id" || user?.locale === "en" ? user.locale : locale
              const outcome = invitationOutcome(existing && { role: existing.role, onThisLab: existing.lab_id === lab.row.id }, role)
              if (outcome === "unchanged") {
                // Already in: asking again resends the mail of an invitation still waiting (see mayMail).
                if (existing?.user_id === null) mails.push({ email, step, locale: reader })
                continue
              }
              if (existing && outcome === "raised") {
                yield* sql(() => trx.updateTable("lab_members").set({ role, updated_at: now }).where("id", "=", existing.id).execute())
                yield* events.record(trx, {
                  actorId: userId,
                  kind: "member.role_changed",
                  labId: lab.row.id,
                  payload: {
                    member_id: existing.id,
                    from: existing.role,
                    to: role,
                    parent_id: lab.row.parent_id,
                    recipients: existing.user_id ? [existing.user_id] : []
                  }
                })
                if (existing.user_id === null) mails.push({ email, step, locale: reader })
                continue
              }
              const memberId = randomUUID()
              yield* sql(() =>
                trx
                  .insertInto("lab_members")
                  .values({
                    id: memberId,
                    lab_id: lab.row.id,
                    user_id: active?.id ?? null,
                    email,
                    role,
                    invited_by: userId,
                    created_at: now,
                    updated_at: now
                  })
                  .execute()
              )
              const eventId = randomUUID()
              const notificationId = active
                ? yield* notifications.create(trx, { userId: active.id, type: "invite", labId: lab.row.id, senderId: userId, eventId })
                : null
              yield* events.record(trx, {
                id: eventId,
                actorId: userId,
                kind: "member.invited",
                labId: lab.row.id,
                payload: {
                  member_id: memberId,
                  email,
                  role,
                  pending: !active,
                  parent_id: lab.row.parent_id,
                  notification_id: notificationId,
                  recipients: active ? [active.id] : []
                }
              })
              // Someone with an account hears of it twice: the bell, and a mail with the way to the lab.
              mails.push({ email, step, locale: reader })
            }
            const after = new Map((yield* sql(() => allMembers(trx, lab.row.id, owner.id))).map((m) => [m.email, m]))
            const members = emails.flatMap((email) => {
              const row = after.get(email)
              // Only what the inviter typed and the membership: never the account behind the address.
              return row ? [{ id: row.id, email, role_member: row.role, lab_id: row.lab_id, is_inherited: row.lab_id !== lab.row.id }] : []
            })
            const about = { id: lab.row.id, isDir: lab.row.is_dir === 1 }
            return {
              members,
              mails: mails.map((m) => ({ ...m, inviter: inviter?.name || inviter?.email || "", lab: lab.row.name, about, role }))
            }
          })
        )
        for (const mail of mails) {
          if (!(yield* mayMail(mail.about.id, mail.email))) continue
          const link = invitationLink(config.publicUrl, mail.locale, mail.step, mail.email, mail.about)
          yield* mailer.sendInBackground({ to: mail.email, ...invitationMail(mail.locale, { ...mail, link }) })
        }
        return members
      })

      return MemberInvites.of({ invite })
    })
  )
}
