// Invitations to an email without an active account wait as memberships without a user. When that
// email's account is activated (Registration.activate), they become the user's memberships, each
// with its `invite` notification, in the activation's own transaction.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { findUserById } from "../../db/users.ts"
import { stamp } from "../../domain/clock.ts"
import { sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Notifications } from "../platform/Notifications.ts"

export class Invitations extends Context.Service<
  Invitations,
  {
    /** Attaches the waiting invitations of the user's email; answers how many there were. */
    readonly attach: (trx: Trx, userId: string) => Effect.Effect<number>
  }
>()("preparat/Invitations") {
  static readonly layer = Layer.effect(
    Invitations,
    Effect.gen(function* () {
      const events = yield* EventLog
      const notifications = yield* Notifications

      const attach = Effect.fn("Invitations.attach")(function* (trx: Trx, userId: string) {
        const user = yield* sql(() => findUserById(trx, userId))
        if (!user) return 0
        const pending = yield* sql(() =>
          trx
            .selectFrom("lab_members as m")
            .innerJoin("labs as l", "l.id", "m.lab_id")
            .select(["m.id", "m.lab_id", "m.role", "m.invited_by", "l.owner_id", "l.parent_id"])
            .where("m.email", "=", user.email)
            .where("m.user_id", "is", null)
            .execute()
        )
        const now = stamp()
        for (const member of pending) {
          // Owning the lab already (it was handed over meanwhile) makes the invitation moot.
          if (member.owner_id === userId) {
            yield* sql(() => trx.deleteFrom("lab_members").where("id", "=", member.id).execute())
            continue
          }
          yield* sql(() => trx.updateTable("lab_members").set({ user_id: userId, updated_at: now }).where("id", "=", member.id).execute())
          const eventId = randomUUID()
          const notificationId = yield* notifications.create(trx, {
            userId,
            type: "invite",
            labId: member.lab_id,
            senderId: member.invited_by,
            eventId
          })
          yield* events.record(trx, {
            id: eventId,
            actorId: userId,
            kind: "member.joined",
            labId: member.lab_id,
            payload: {
              member_id: member.id,
              user_id: userId,
              role: member.role,
              parent_id: member.parent_id,
              notification_id: notificationId,
              recipients: [userId]
            }
          })
        }
        return pending.length
      })

      return Invitations.of({ attach })
    })
  )
}
