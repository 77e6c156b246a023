// Handing a lab over to one of its members: the whole subtree becomes theirs and moves to their root
// (a tree has one owner), the former owner stays on as an admin, and both are told.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { type BadRequest, badRequest } from "../../src/contract/errors.ts"
import type { Lab } from "../../src/contract/labs.ts"
import { allMembers } from "../db/lab-members.ts"
import { addToFolderSizes, handOverSubtree } from "../db/lab-tree.ts"
import { stamp } from "../domain/clock.ts"
import { memberMessages } from "../domain/lab-messages.ts"
import { nameKey } from "../domain/lab-name.ts"
import { Database, sql } from "./Database.ts"
import { EventLog } from "./EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import { presentOne } from "./Labs.ts"
import { ownerOf } from "./lab-owner.ts"
import { Notifications } from "./Notifications.ts"
import { freeSiblingName } from "./Trash.ts"

export class OwnershipTransfer extends Context.Service<
  OwnershipTransfer,
  {
    readonly transfer: (userId: string, labId: string, newOwnerId: string) => Effect.Effect<Lab, BadRequest | LabDenied>
  }
>()("preparat/OwnershipTransfer") {
  static readonly layer = Layer.effect(
    OwnershipTransfer,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const access = yield* LabAccess
      const notifications = yield* Notifications

      const transfer = Effect.fn("OwnershipTransfer.transfer")(function* (userId: string, labId: string, newOwnerId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* access.require(trx, userId, labId, "members.transfer")
            const { row } = lab
            if (newOwnerId === row.owner_id) return yield* Effect.fail(badRequest({ user_id: [memberMessages.alreadyOwner] }))
            const formerOwner = yield* ownerOf(trx, lab)
            const members = yield* sql(() => allMembers(trx, row.id, row.owner_id))
            if (!members.some((m) => m.user_id === newOwnerId))
              return yield* Effect.fail(badRequest({ user_id: [memberMessages.notAMember] }))
            const now = stamp()
            // The lab leaves the former owner's tree for the new owner's root: a tree has one owner.
            // Handed over first, then moved: the sibling-name index is keyed by owner, so the lab
            // must belong to the new owner before it joins their root.
            if (row.parent_id !== null) yield* sql(() => addToFolderSizes(trx, row.parent_id, -Number(row.size)))
            const ids = yield* sql(() => handOverSubtree(trx, row.id, newOwnerId, now))
            const name = yield* freeSiblingName(trx, newOwnerId, null, row.name, "transferred", row.id)
            yield* sql(() =>
              trx
                .updateTable("labs")
                .set({ parent_id: null, name, name_lower: nameKey(name) })
                .where("id", "=", row.id)
                .execute()
            )
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

      return OwnershipTransfer.of({ transfer })
    })
  )
}
