// Collaborators of a lab: the list, role changes, removal (or leaving) and suggestions of whom to
// invite. Memberships reach everything inside a folder; the owner is not a membership but the lab's
// owner_id, shown as the first row with the id "owner". Inviting is MemberInvites.ts, handing a lab
// over is OwnershipTransfer.ts.
import { Context, Effect, Layer, Schema } from "effect"
import { sql as rawSql } from "kysely"
import { type BadRequest, badRequest, NotFound, type TooManyRequests } from "../../../src/contract/errors.ts"
import type { Collaborator } from "../../../src/contract/labs.ts"
import { type MemberRole, SUGGEST_MAX, SUGGEST_MIN_CHARS, type UserSuggestion } from "../../../src/contract/members.ts"
import { Email } from "../../../src/contract/rules.ts"
import { containsPattern } from "../../db/lab-listing.ts"
import { allMembers, collaboratorsPage, type MemberRow, toCollaborator } from "../../db/lab-members.ts"
import { findUserById, normalizeEmail } from "../../db/users.ts"
import { stamp } from "../../domain/clock.ts"
import { memberMessages } from "../../domain/lab-messages.ts"
import type { Paging } from "../../domain/paging.ts"
import { avatarUrl } from "../../domain/profile.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import type { LabPage } from "./LabListings.ts"
import { ownerOf } from "./lab-owner.ts"
import { ADDRESS_FACTOR, RateLimiter } from "../platform/RateLimiter.ts"
import { AppConfig } from "../platform/AppConfig.ts"

const isEmail = Schema.is(Email)

const memberNotFound = () => new NotFound({ message: memberMessages.notFound })

/** A lab refusal on a membership's lab reads as the membership not being found, when hidden. */
const asMemberDenial = <A, R>(effect: Effect.Effect<A, LabDenied, R>) =>
  Effect.catchTag(effect, "NotFound", () => Effect.fail(memberNotFound()))

export class Members extends Context.Service<
  Members,
  {
    readonly list: (
      userId: string,
      labId: string,
      search: string | undefined,
      paging: Paging
    ) => Effect.Effect<LabPage<Collaborator>, LabDenied>
    readonly changeRole: (userId: string, memberId: string, role: MemberRole) => Effect.Effect<Collaborator, BadRequest | LabDenied>
    readonly remove: (userId: string, memberId: string) => Effect.Effect<{ readonly left: boolean }, BadRequest | LabDenied>
    readonly suggest: (
      userId: string,
      labId: string,
      search: string
    ) => Effect.Effect<ReadonlyArray<UserSuggestion>, BadRequest | LabDenied | TooManyRequests>
  }
>()("preparat/Members") {
  static readonly layer = Layer.effect(
    Members,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const access = yield* LabAccess
      const limiter = yield* RateLimiter
      const config = yield* AppConfig

      const list = Effect.fn("Members.list")(function* (userId: string, labId: string, search: string | undefined, paging: Paging) {
        const lab = yield* access.require(db, userId, labId, "members.view")
        const owner = yield* ownerOf(db, lab)
        return yield* sql(() =>
          collaboratorsPage(db, labId, owner, { search: search?.trim() || undefined, limit: paging.limit, offset: paging.offset })
        )
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
        if (memberId === "owner")
          return yield* Effect.fail(badRequest({ role_member: [memberMessages.ownerRoleFixed] }, memberMessages.ownerRoleFixed))
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { row, lab } = yield* membership(trx, userId, memberId, "members.change-role")
            if (row.role !== role) {
              yield* sql(() => trx.updateTable("lab_members").set({ role, updated_at: stamp() }).where("id", "=", row.id).execute())
              yield* events.record(trx, {
                actorId: userId,
                kind: "member.role_changed",
                labId: row.lab_id,
                payload: {
                  member_id: row.id,
                  from: row.role,
                  to: role,
                  parent_id: lab.row.parent_id,
                  recipients: row.user_id ? [row.user_id] : []
                }
              })
            }
            const user = row.user_id ? yield* sql(() => findUserById(trx, row.user_id!)) : undefined
            const shown: MemberRow = {
              ...row,
              role,
              name: user?.name ?? null,
              username: user?.username ?? null,
              avatar: user?.avatar ?? null
            }
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
              payload: {
                member_id: row.id,
                email: row.email,
                left: leaving,
                parent_id: lab.row.parent_id,
                recipients: row.user_id ? [row.user_id] : []
              }
            })
            return { left: leaving }
          })
        )
      })

      const suggest = Effect.fn("Members.suggest")(function* (userId: string, labId: string, rawSearch: string) {
        const search = rawSearch.trim()
        if (search.length < SUGGEST_MIN_CHARS)
          return yield* Effect.fail(badRequest({ search: [memberMessages.searchTooShort(SUGGEST_MIN_CHARS)] }))
        const lab = yield* access.require(db, userId, labId, "members.invite")
        const members = yield* sql(() => allMembers(db, lab.row.id, lab.row.owner_id))
        const excluded = [userId, lab.row.owner_id, ...members.flatMap((m) => (m.user_id ? [m.user_id] : []))]
        // Only people the caller already shares a lab with (as owner or member, either side) are
        // searched by part of a name, email or username: the directory of every account cannot be read
        // out. Anyone else is found only by their whole address, a look-up limited per account.
        const exact = isEmail(normalizeEmail(search)) ? normalizeEmail(search) : undefined
        // Ten times the sign-in attempts a window: each keystroke past the "@" of an address is a look-up.
        if (exact !== undefined) yield* limiter.attempt({ key: `suggest-exact:${userId}`, max: config.rateLimit.attempts * ADDRESS_FACTOR })
        const myLabs = db
          .selectFrom("labs")
          .select("id")
          .where("owner_id", "=", userId)
          .union(db.selectFrom("lab_members").select("lab_id as id").where("user_id", "=", userId))
        const colleagues = db
          .selectFrom("labs")
          .select("owner_id as id")
          .where("id", "in", myLabs)
          .union(
            db
              .selectFrom("lab_members")
              .select("user_id as id")
              .where("lab_id", "in", myLabs)
              .where("user_id", "is not", null)
              .$narrowType<{ id: string }>()
          )
        const pattern = containsPattern(search)
        const users = yield* sql(() =>
          db
            .selectFrom("users")
            .select(["id", "email", "name", "username", "avatar"])
            .where("is_active", "=", 1)
            .where("id", "not in", excluded)
            .where((eb) =>
              eb.or([
                eb.and([
                  eb("id", "in", colleagues),
                  rawSql<boolean>`(lower(name) LIKE ${pattern} ESCAPE '\\' OR email LIKE ${pattern} ESCAPE '\\'
                    OR lower(coalesce(username, '')) LIKE ${pattern} ESCAPE '\\')`
                ]),
                ...(exact !== undefined ? [eb("email", "=", exact)] : [])
              ])
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

      return Members.of({ list, changeRole, remove, suggest })
    })
  )
}
