// Who is staff: a flag on the account that only the operator's command changes (npm run staff),
// each change recorded with its event and in staff_actions. The API only reads it.
import { randomUUID } from "node:crypto"
import { Context, Data, Effect, Layer } from "effect"
import { findUserByEmail } from "../../db/users.ts"
import { isStaff as staffFlag } from "../../domain/permissions.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"

/** Who acts as staff: a staff user in the browser, or the operator at the command line. */
export type StaffActor = { readonly kind: "staff"; readonly userId: string; readonly email: string } | { readonly kind: "operator" }

export const OPERATOR: StaffActor = { kind: "operator" }

/** A signed-in user the staff endpoints let through (StaffOnly) acting as staff. */
export const staffActorOf = (user: { readonly id: string; readonly email: string }): StaffActor => ({
  kind: "staff",
  userId: user.id,
  email: user.email
})

export const staffLabel = (actor: StaffActor): string => (actor.kind === "operator" ? "operator" : actor.email)

export class NoSuchAccount extends Data.TaggedError("NoSuchAccount")<{ readonly email: string }> {}

export interface StaffMember {
  readonly id: string
  readonly email: string
  readonly name: string
}

export class StaffRoles extends Context.Service<
  StaffRoles,
  {
    readonly isStaff: (userId: string) => Effect.Effect<boolean>
    /** Answers whether the flag changed (false: it was already so). */
    readonly grant: (email: string) => Effect.Effect<boolean, NoSuchAccount>
    readonly revoke: (email: string) => Effect.Effect<boolean, NoSuchAccount>
    readonly list: () => Effect.Effect<ReadonlyArray<StaffMember>>
    /** Records one staff action inside the caller's transaction. */
    readonly record: (
      trx: Trx,
      actor: StaffActor,
      action: {
        readonly action: string
        readonly invoiceId?: string
        readonly targetUserId?: string
        readonly reason?: string
        readonly eventId?: string
      }
    ) => Effect.Effect<void>
  }
>()("preparat/StaffRoles") {
  static readonly layer = Layer.effect(
    StaffRoles,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog

      const isStaff = Effect.fn("StaffRoles.isStaff")(function* (userId: string) {
        return staffFlag(yield* sql(() => db.selectFrom("users").select("is_staff").where("id", "=", userId).executeTakeFirst()))
      })

      const record = Effect.fn("StaffRoles.record")(function* (
        trx: Trx,
        actor: StaffActor,
        a: {
          readonly action: string
          readonly invoiceId?: string
          readonly targetUserId?: string
          readonly reason?: string
          readonly eventId?: string
        }
      ) {
        yield* sql(() =>
          trx
            .insertInto("staff_actions")
            .values({
              id: randomUUID(),
              action: a.action,
              staff_id: actor.kind === "staff" ? actor.userId : null,
              staff_label: staffLabel(actor),
              invoice_id: a.invoiceId ?? null,
              target_user_id: a.targetUserId ?? null,
              reason: a.reason ?? null,
              event_id: a.eventId ?? null,
              created_at: new Date().toISOString()
            })
            .execute()
        )
      })

      const setFlag = (email: string, staff: boolean) =>
        database.transaction((trx) =>
          Effect.gen(function* () {
            const user = yield* sql(() => findUserByEmail(trx, email))
            if (!user) return yield* new NoSuchAccount({ email })
            if (staffFlag(user) === staff) return false
            yield* sql(() =>
              trx
                .updateTable("users")
                .set({ is_staff: staff ? 1 : 0 })
                .where("id", "=", user.id)
                .execute()
            )
            const eventId = randomUUID()
            yield* events.record(trx, {
              id: eventId,
              actorId: null,
              kind: staff ? "staff.granted" : "staff.revoked",
              payload: { user_id: user.id, email: user.email }
            })
            yield* record(trx, OPERATOR, { action: staff ? "staff.grant" : "staff.revoke", targetUserId: user.id, eventId })
            return true
          })
        )

      const list = Effect.fn("StaffRoles.list")(function* () {
        return yield* sql(() => db.selectFrom("users").select(["id", "email", "name"]).where("is_staff", "=", 1).orderBy("email").execute())
      })

      return StaffRoles.of({
        isStaff,
        grant: (email) => setFlag(email, true),
        revoke: (email) => setFlag(email, false),
        list,
        record
      })
    })
  )
}
