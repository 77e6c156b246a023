// Handing a lab over to one of its members, as an offer: the owner offers, the receiver is told (the
// bell, the ownership channel, a mail) and accepts or declines; the owner may withdraw it meanwhile.
// Until accepted nothing moves. Accepting hands the whole subtree over and moves it to the receiver's
// root (a tree has one owner), the former owner stays on as an admin, and the receiver's storage is
// checked in the same transaction: a lab that does not fit is refused with how much room is missing.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { Locale } from "../../../src/contract/auth.ts"
import { type BadRequest, badRequest, Conflict, Forbidden, NotFound, PayloadTooLarge } from "../../../src/contract/errors.ts"
import type { Lab } from "../../../src/contract/labs.ts"
import type { OwnershipOffer } from "../../../src/contract/members.ts"
import { findLab, type ResolvedLab } from "../../db/lab-access.ts"
import { allMembers } from "../../db/lab-members.ts"
import { addToFolderSizes, handOverSubtree } from "../../db/lab-tree.ts"
import { lockLab, type OfferRow, offerById, offerOfLab, offerStands, takeOffer } from "../../db/ownership-offers.ts"
import { planOfUser } from "../../db/subscriptions.ts"
import { findUserById } from "../../db/users.ts"
import { byteSize } from "../../domain/byte-size.ts"
import { stamp } from "../../domain/clock.ts"
import { memberMessages } from "../../domain/lab-messages.ts"
import { nameKey } from "../../domain/lab-name.ts"
import { offerLink, ownershipOfferMail } from "../../mail/ownership-offer.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess, type LabDenied } from "./LabAccess.ts"
import { presentOne } from "./Labs.ts"
import { ownerOf } from "./lab-owner.ts"
import { Mailer } from "../platform/Mailer.ts"
import { Notifications } from "../platform/Notifications.ts"
import { freeSiblingName } from "./Trash.ts"
import { lockOwner, usedBytes } from "../slides/upload-records.ts"

const offerGone = () => new NotFound({ message: memberMessages.offerGone })
const notYours = () => new Forbidden({ message: memberMessages.offerNotYours })

export class OwnershipTransfer extends Context.Service<
  OwnershipTransfer,
  {
    /** Offers the lab to one of its members; 409 while another offer for it stands. */
    readonly offer: (userId: string, labId: string, newOwnerId: string) => Effect.Effect<OwnershipOffer, BadRequest | Conflict | LabDenied>
    /** The lab's standing offer, if any, for anyone who sees its members. */
    readonly pending: (userId: string, labId: string) => Effect.Effect<OwnershipOffer | null, LabDenied>
    readonly accept: (userId: string, offerId: string) => Effect.Effect<Lab, NotFound | Forbidden | PayloadTooLarge>
    readonly decline: (userId: string, offerId: string) => Effect.Effect<void, NotFound | Forbidden>
    readonly withdraw: (userId: string, offerId: string) => Effect.Effect<void, NotFound | Forbidden>
  }
>()("preparat/OwnershipTransfer") {
  static readonly layer = Layer.effect(
    OwnershipTransfer,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const database = yield* Database
      const { engine } = database
      const events = yield* EventLog
      const access = yield* LabAccess
      const notifications = yield* Notifications
      const mailer = yield* Mailer

      const person = (trx: Trx, id: string) =>
        Effect.flatMap(
          sql(() => findUserById(trx, id)),
          (user) => (user ? Effect.succeed(user) : Effect.die(new Error(`user ${id} vanished`)))
        )

      const present = (trx: Trx, offer: OfferRow) =>
        Effect.gen(function* () {
          const lab = yield* sql(() => findLab(trx, offer.lab_id))
          if (!lab) return yield* Effect.die(new Error(`lab ${offer.lab_id} vanished`))
          const [from, to] = [yield* person(trx, offer.from_user_id), yield* person(trx, offer.to_user_id)]
          return {
            id: offer.id,
            lab: { id: lab.id, name: lab.name, is_dir: lab.is_dir === 1, size: Number(lab.size) },
            from: { id: from.id, name: from.name, email: from.email },
            to: { id: to.id, name: to.name, email: to.email },
            created_at: offer.created_at
          } satisfies OwnershipOffer
        })

      /** The lab's offer if it stands; a lapsed one is cleared (with its notification). */
      const standingOffer = (trx: Trx, labId: string) =>
        Effect.gen(function* () {
          const offer = yield* sql(() => offerOfLab(trx, labId))
          if (!offer) return undefined
          if (yield* sql(() => offerStands(trx, offer))) return offer
          yield* forget(trx, offer)
          return undefined
        })

      /** Removes the offer and the receiver's notification of it (an answer is no longer asked for). */
      const forget = (trx: Trx, offer: OfferRow) =>
        sql(async () => {
          await takeOffer(trx, offer.id)
          if (offer.notification_id !== null) await trx.deleteFrom("notifications").where("id", "=", offer.notification_id).execute()
        })

      const offer = Effect.fn("OwnershipTransfer.offer")(function* (userId: string, labId: string, newOwnerId: string) {
        const made = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* sql(() => lockLab(trx, engine, labId))
            const lab = yield* access.require(trx, userId, labId, "members.transfer")
            const { row } = lab
            if (newOwnerId === row.owner_id) return yield* Effect.fail(badRequest({ user_id: [memberMessages.alreadyOwner] }))
            const members = yield* sql(() => allMembers(trx, row.id, row.owner_id))
            if (!members.some((m) => m.user_id === newOwnerId))
              return yield* Effect.fail(badRequest({ user_id: [memberMessages.notAMember] }))
            // One offer a lab, and a new one never silently replaces a standing one.
            if (yield* standingOffer(trx, row.id)) return yield* Effect.fail(new Conflict({ message: memberMessages.offerPending }))
            const id = randomUUID()
            const eventId = randomUUID()
            const notificationId = yield* notifications.create(trx, {
              userId: newOwnerId,
              type: "ownership-changes",
              labId: row.id,
              senderId: userId,
              eventId
            })
            const now = stamp()
            const record: OfferRow = {
              id,
              lab_id: row.id,
              from_user_id: row.owner_id,
              to_user_id: newOwnerId,
              notification_id: notificationId,
              created_at: now
            }
            yield* sql(() => trx.insertInto("ownership_offers").values(record).execute())
            yield* events.record(trx, {
              id: eventId,
              actorId: userId,
              kind: "ownership.offered",
              labId: row.id,
              // Both sides hear it: the receiver's bell, and the sender's other screens showing the lab.
              payload: {
                offer_id: id,
                from: row.owner_id,
                to: newOwnerId,
                notification_id: notificationId,
                recipients: [newOwnerId, row.owner_id]
              }
            })
            const presented = yield* present(trx, record)
            const receiver = yield* person(trx, newOwnerId)
            return { presented, receiver }
          })
        )
        const { presented, receiver } = made
        const locale: Locale = receiver.locale === "id" ? "id" : "en"
        const link = offerLink(config.publicUrl, locale, { id: presented.lab.id, isDir: presented.lab.is_dir })
        yield* mailer.sendInBackground({
          to: receiver.email,
          ...ownershipOfferMail(locale, {
            sender: presented.from.name || presented.from.email,
            lab: presented.lab.name,
            size: byteSize(presented.lab.size, locale),
            isDir: presented.lab.is_dir,
            link
          })
        })
        return presented
      })

      const pending = Effect.fn("OwnershipTransfer.pending")(function* (userId: string, labId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* access.require(trx, userId, labId, "members.view")
            const offer = yield* standingOffer(trx, labId)
            return offer ? yield* present(trx, offer) : null
          })
        )
      })

      /** The offer for its receiver (or, with `asSender`, its sender); anyone else is refused. */
      const answerable = (trx: Trx, userId: string, offerId: string, asSender: boolean) =>
        Effect.gen(function* () {
          const offer = yield* sql(() => offerById(trx, offerId))
          if (!offer) return yield* offerGone()
          yield* sql(() => lockLab(trx, engine, offer.lab_id))
          if ((asSender ? offer.from_user_id : offer.to_user_id) !== userId) {
            // Someone who cannot see the lab is not told that it has an offer.
            yield* access.require(trx, userId, offer.lab_id, "lab.view").pipe(Effect.catch(() => Effect.fail(offerGone())))
            return yield* notYours()
          }
          // Of two answers racing, the one that takes the row out goes on; the other finds nothing.
          if (!(yield* sql(() => takeOffer(trx, offer.id)))) return yield* offerGone()
          return offer
        })

      /** The former owner's side of the hand-over: out of their tree, into the new owner's root. */
      const handOver = (trx: Trx, lab: ResolvedLab, newOwnerId: string, notificationId: string, actorId: string) =>
        Effect.gen(function* () {
          const { row } = lab
          const formerOwner = yield* ownerOf(trx, lab)
          const now = stamp()
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
          yield* events.record(trx, {
            id: randomUUID(),
            actorId,
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
        })

      const accept = Effect.fn("OwnershipTransfer.accept")(function* (userId: string, offerId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const offer = yield* answerable(trx, userId, offerId, false)
            if (!(yield* sql(() => offerStands(trx, offer)))) return yield* offerGone()
            const lab = yield* access.require(trx, userId, offer.lab_id, "lab.view").pipe(Effect.catch(() => Effect.fail(offerGone())))
            // The receiver's uploads and other accepts wait for this one: the room checked is the room there is.
            yield* sql(() => lockOwner(trx, engine, userId))
            yield* handOver(trx, lab, userId, offer.notification_id ?? offer.id, userId)
            const used = yield* sql(() => usedBytes(trx, userId))
            const quota = (yield* sql(() => planOfUser(trx, userId))).storageBytes
            if (used > quota) {
              const missing = used - quota
              // Failing rolls everything back, the offer included: it stands until room is made.
              return yield* Effect.fail(
                new PayloadTooLarge({
                  message: memberMessages.offerNeedsRoom(byteSize(missing), lab.row.is_dir === 1),
                  code: "quota_exceeded",
                  missing
                })
              )
            }
            if (offer.notification_id !== null)
              yield* sql(() => trx.updateTable("notifications").set({ is_read: 1 }).where("id", "=", offer.notification_id).execute())
            return yield* presentOne(trx, lab, userId)
          })
        )
      })

      const close = (userId: string, offerId: string, outcome: "declined" | "withdrawn") =>
        database.transaction((trx) =>
          Effect.gen(function* () {
            const offer = yield* answerable(trx, userId, offerId, outcome === "withdrawn")
            if (offer.notification_id !== null)
              yield* sql(() => trx.deleteFrom("notifications").where("id", "=", offer.notification_id).execute())
            yield* events.record(trx, {
              id: randomUUID(),
              actorId: userId,
              kind: "ownership.offer_closed",
              labId: offer.lab_id,
              payload: {
                offer_id: offer.id,
                from: offer.from_user_id,
                to: offer.to_user_id,
                outcome,
                recipients: [offer.from_user_id, offer.to_user_id]
              }
            })
          })
        )

      const decline = Effect.fn("OwnershipTransfer.decline")((userId: string, offerId: string) => close(userId, offerId, "declined"))
      const withdraw = Effect.fn("OwnershipTransfer.withdraw")((userId: string, offerId: string) => close(userId, offerId, "withdrawn"))

      return OwnershipTransfer.of({ offer, pending, accept, decline, withdraw })
    })
  )
}
