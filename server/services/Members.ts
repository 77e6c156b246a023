// Collaborators of a lab: the list, invitations, role changes, removal (or leaving) and ownership
// transfer. Memberships reach everything inside a folder; the owner is not a membership but the
// lab's owner_id, shown as the first row with the id "owner".
//
// Invitations never lower anyone: inviting someone who already holds the invited role or a
// higher one (here or on a folder above) leaves them as they are; someone holding a lower role is
// raised to the invited one (on this lab). Roles go down only through PUT /v2/members/{id}/.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer, Schema } from "effect"
import { sql as rawSql } from "kysely"
import type { Locale } from "../../src/contract/auth.ts"
import { type BadRequest, badRequest, NotFound } from "../../src/contract/errors.ts"
import type { Collaborator, Lab } from "../../src/contract/labs.ts"
import { type InvitePayload, type MemberRole, SUGGEST_MAX, SUGGEST_MIN_CHARS, type UserSuggestion } from "../../src/contract/members.ts"
import { Email } from "../../src/contract/rules.ts"
import type { ResolvedLab } from "../db/lab-access.ts"
import { containsPattern } from "../db/lab-listing.ts"
import { allMembers, collaboratorsPage, type MemberRow, roleRank, toCollaborator } from "../db/lab-members.ts"
import { addToFolderSizes, handOverSubtree } from "../db/lab-tree.ts"
import { findUserByEmail, findUserById, normalizeEmail } from "../db/users.ts"
import { stamp } from "../domain/clock.ts"
import { memberMessages } from "../domain/lab-messages.ts"
import { nameKey } from "../domain/lab-name.ts"
import type { Paging } from "../domain/paging.ts"
import { avatarUrl } from "../domain/profile.ts"
import { type InvitationStep, invitationLink, invitationMail } from "../mail/invitation.ts"
import { AppConfig } from "./AppConfig.ts"
import { Database, sql, type Trx } from "./Database.ts"
import { EventLog } from "./EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import type { LabPage } from "./LabListings.ts"
import { presentOne } from "./Labs.ts"
import { Mailer } from "./Mailer.ts"
import { Notifications } from "./Notifications.ts"
import { freeSiblingName } from "./Trash.ts"

/** At most this many emails in one invitation request. */
export const INVITE_MAX = 50

const isEmail = Schema.is(Email)
const memberNotFound = () => new NotFound({ message: memberMessages.notFound })

/** A lab refusal on a membership's lab reads as the membership not being found, when hidden. */
const asMemberDenial = <A, R>(effect: Effect.Effect<A, LabDenied, R>) =>
  Effect.catchTag(effect, "NotFound", () => Effect.fail(memberNotFound()))

export interface InviteRequest extends Omit<InvitePayload, "email"> {
  readonly email: string | ReadonlyArray<string>
}

export class Members extends Context.Service<
  Members,
  {
    readonly list: (userId: string, labId: string, search: string | undefined, paging: Paging) => Effect.Effect<LabPage<Collaborator>, LabDenied>
    readonly invite: (userId: string, request: InviteRequest) => Effect.Effect<ReadonlyArray<Collaborator>, BadRequest | LabDenied>
    readonly changeRole: (userId: string, memberId: string, role: MemberRole) => Effect.Effect<Collaborator, BadRequest | LabDenied>
    readonly remove: (userId: string, memberId: string) => Effect.Effect<{ readonly left: boolean }, BadRequest | LabDenied>
    readonly transfer: (userId: string, labId: string, newOwnerId: string) => Effect.Effect<Lab, BadRequest | LabDenied>
    readonly suggest: (userId: string, labId: string, search: string) => Effect.Effect<ReadonlyArray<UserSuggestion>, BadRequest | LabDenied>
  }
>()("preparat/Members") {
  static readonly layer = Layer.effect(
    Members,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const access = yield* LabAccess
      const notifications = yield* Notifications
      const mailer = yield* Mailer

      const ownerOf = (d: Trx, lab: ResolvedLab) =>
        Effect.flatMap(
          sql(() => findUserById(d, lab.row.owner_id)),
          (owner) => (owner ? Effect.succeed(owner) : Effect.die(new Error(`owner of ${lab.row.id} vanished`)))
        )

      const list = Effect.fn("Members.list")(function* (userId: string, labId: string, search: string | undefined, paging: Paging) {
        const lab = yield* access.require(db, userId, labId, "members.view")
        const owner = yield* ownerOf(db, lab)
        return yield* sql(() => collaboratorsPage(db, labId, owner, { search: search?.trim() || undefined, limit: paging.limit, offset: paging.offset }))
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

      const invite = Effect.fn("Members.invite")(function* (userId: string, request: InviteRequest) {
        const emails = yield* emailsOf(request.email)
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
            const mails: Array<{ email: string; step: InvitationStep }> = []
            for (const email of emails) {
              const existing = current.get(email)
              const user = yield* sql(() => findUserByEmail(trx, email))
              const active = user?.is_active === 1 ? user : undefined
              const step: InvitationStep = user ? "activate" : "register"
              if (existing && roleRank[existing.role] >= roleRank[role]) {
                // Already in: asking again resends the mail of an invitation still waiting.
                if (existing.user_id === null) mails.push({ email, step })
                continue
              }
              if (existing && existing.lab_id === lab.row.id) {
                yield* sql(() => trx.updateTable("lab_members").set({ role, updated_at: now }).where("id", "=", existing.id).execute())
                yield* events.record(trx, {
                  actorId: userId,
                  kind: "member.role_changed",
                  labId: lab.row.id,
                  payload: { member_id: existing.id, from: existing.role, to: role, parent_id: lab.row.parent_id, recipients: existing.user_id ? [existing.user_id] : [] }
                })
                if (existing.user_id === null) mails.push({ email, step })
                continue
              }
              const memberId = randomUUID()
              yield* sql(() =>
                trx
                  .insertInto("lab_members")
                  .values({ id: memberId, lab_id: lab.row.id, user_id: active?.id ?? null, email, role, invited_by: userId, created_at: now, updated_at: now })
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
              if (!active) mails.push({ email, step })
            }
            const after = new Map((yield* sql(() => allMembers(trx, lab.row.id, owner.id))).map((m) => [m.email, m]))
            const members = emails.flatMap((email) => {
              const row = after.get(email)
              return row ? [toCollaborator(row, lab.row.id)] : []
            })
            return { members, mails: mails.map((m) => ({ ...m, inviter: inviter?.name || inviter?.email || "", lab: lab.row.name, role })) }
          })
        )
        for (const mail of mails) {
          const link = invitationLink(config.publicUrl, locale, mail.step, mail.email)
          yield* mailer.sendInBackground({ to: mail.email, ...invitationMail(locale, { ...mail, link }) })
        }
        return members
      })

      /** The membership and its lab, if the user may do `action` there. */
      const membership = (trx: Trx, userId: string, memberId: string, action: "members.change-role" | "members.remove" | "members.leave") =>
        Effect.gen(function* () {
          const row = yield* sql(() => trx.selectFrom("lab_members").selectAll().where("id", "=", memberId).executeTakeFirst())
          if (!row) return yield* memberNotFound()
          const lab = yield* asMemberDenial(access.require(trx, userId, row.lab_id, action))
          return { row, lab }
        })

      const changeRole = Effect.fn("Members.changeRole")(function* (userId: string, memberId: string, role: MemberRole) {
        if (memberId === "owner") return yield* Effect.fail(badRequest({ role_member: [memberMessages.ownerRoleFixed] }, memberMessages.ownerRoleFixed))
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { row, lab } = yield* membership(trx, userId, memberId, "members.change-role")
            if (row.role !== role) {
              yield* sql(() => trx.updateTable("lab_members").set({ role, updated_at: stamp() }).where("id", "=", row.id).execute())
              yield* events.record(trx, {
                actorId: userId,
                kind: "member.role_changed",
                labId: row.lab_id,
                payload: { member_id: row.id, from: row.role, to: role, parent_id: lab.row.parent_id, recipients: row.user_id ? [row.user_id] : [] }
              })
            }
            const user = row.user_id ? yield* sql(() => findUserById(trx, row.user_id!)) : undefined
            const shown: MemberRow = { ...row, role, name: user?.name ?? null, username: user?.username ?? null, avatar: user?.avatar ?? null }
            return toCollaborator(shown, row.lab_id)
          })
        )
      })

      const remove = Effect.fn("Members.remove")(function* (userId: string, memberId: string) {
        if (memberId === "owner") return yield* Effect.fail(badRequest({}, memberMessages.ownerNotRemovable))
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const found = yield* sql(() => trx.selectFrom("lab_members").select("user_id").where("id", "=", memberId).executeTakeFirst())
            const leaving = found?.user_id === userId
            const { row, lab } = yield* membership(trx, userId, memberId, leaving ? "members.leave" : "members.remove")
            yield* sql(() => trx.deleteFrom("lab_members").where("id", "=", row.id).execute())
            yield* events.record(trx, {
              actorId: userId,
              kind: "member.removed",
              labId: row.lab_id,
              payload: { member_id: row.id, email: row.email, left: leaving, parent_id: lab.row.parent_id, recipients: row.user_id ? [row.user_id] : [] }
            })
            return { left: leaving }
          })
        )
      })

      const transfer = Effect.fn("Members.transfer")(function* (userId: string, labId: string, newOwnerId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* access.require(trx, userId, labId, "members.transfer")
            const { row } = lab
            if (newOwnerId === row.owner_id) return yield* Effect.fail(badRequest({ user_id: [memberMessages.alreadyOwner] }))
            const formerOwner = yield* ownerOf(trx, lab)
            const members = yield* sql(() => allMembers(trx, row.id, row.owner_id))
            if (!members.some((m) => m.user_id === newOwnerId)) return yield* Effect.fail(badRequest({ user_id: [memberMessages.notAMember] }))
            const now = stamp()
            // The lab leaves the former owner's tree for the new owner's root: a tree has one owner.
            // Handed over first, then moved: the sibling-name index is keyed by owner, so the lab
            // must belong to the new owner before it joins their root.
            if (row.parent_id !== null) yield* sql(() => addToFolderSizes(trx, row.parent_id, -Number(row.size)))
            const ids = yield* sql(() => handOverSubtree(trx, row.id, newOwnerId, now))
            const name = yield* freeSiblingName(trx, newOwnerId, null, row.name, "transferred", row.id)
            yield* sql(() => trx.updateTable("labs").set({ parent_id: null, name, name_lower: nameKey(name) }).where("id", "=", row.id).execute())
            for (let i = 0; i < ids.length; i += 500) {
              const chunk = ids.slice(i, i + 500)
              yield* sql(() => trx.deleteFrom("lab_members").where("user_id", "=", newOwnerId).where("lab_id", "in", chunk).execute())
            }
            yield* sql(() =>
              trx
                .insertInto("lab_members")
                .values({
                  id: randomUUID(),
                  lab_id: row.id,
                  user_id: formerOwner.id,
                  email: formerOwner.email,
                  role: "admin",
                  invited_by: formerOwner.id,
                  created_at: now,
                  updated_at: now
                })
                .execute()
            )
            const eventId = randomUUID()
            const notificationId = yield* notifications.create(trx, {
              userId: newOwnerId,
              type: "ownership-changes",
              labId: row.id,
              senderId: formerOwner.id,
              eventId
            })
            yield* events.record(trx, {
              id: eventId,
              actorId: userId,
              kind: "lab.ownership_transferred",
              labId: row.id,
              payload: {
                from: formerOwner.id,
                to: newOwnerId,
                from_parent_id: row.parent_id,
                parent_id: null,
                count: ids.length,
                notification_id: notificationId,
                recipients: [newOwnerId, formerOwner.id]
              }
            })
            return yield* presentOne(trx, lab, userId)
          })
        )
      })

      const suggest = Effect.fn("Members.suggest")(function* (userId: string, labId: string, rawSearch: string) {
        const search = rawSearch.trim()
        if (search.length < SUGGEST_MIN_CHARS) return yield* Effect.fail(badRequest({ search: [memberMessages.searchTooShort(SUGGEST_MIN_CHARS)] }))
        const lab = yield* access.require(db, userId, labId, "members.invite")
        const members = yield* sql(() => allMembers(db, lab.row.id, lab.row.owner_id))
        const excluded = [userId, lab.row.owner_id, ...members.flatMap((m) => (m.user_id ? [m.user_id] : []))]
        const pattern = containsPattern(search)
        const users = yield* sql(() =>
          db
            .selectFrom("users")
            .select(["id", "email", "name", "username", "avatar"])
            .where("is_active", "=", 1)
            .where("id", "not in", excluded)
            .where(
              rawSql<boolean>`(lower(name) LIKE ${pattern} ESCAPE '\\' OR email LIKE ${pattern} ESCAPE '\\'
                OR lower(coalesce(username, '')) LIKE ${pattern} ESCAPE '\\')`
            )
            .orderBy("name")
            .orderBy("email")
            .limit(SUGGEST_MAX)
            .execute()
        )
        return users.map((u) => {
          const avatar = avatarUrl(u.avatar)
          return { id: u.id, email: u.email, name: u.name, username: u.username, avatar, profile: { name: u.name, avatar } }
        })
      })

      return Members.of({ list, invite, changeRole, remove, transfer, suggest })
    })
  )
}

