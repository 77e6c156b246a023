// Notifications: what a user must hear of, derived from the domain events that concern them (an
// invitation, an ownership transfer). Each is written in the transaction of its event and names
// it (event_id); the event's payload names the notification back, so the realtime publisher can
// point the browser at it.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { Notification, NotificationType } from "../../../src/contract/notifications.ts"
import { stamp } from "../../domain/clock.ts"
import type { Paging } from "../../domain/paging.ts"
import { Database, sql, type Trx } from "./Database.ts"

export interface NewNotification {
  readonly userId: string
  readonly type: NotificationType
  readonly labId: string | null
  readonly senderId: string | null
  readonly eventId: string
  /** A payment notification's invoice. */
  readonly invoiceId?: string
  /** A comment reply's thread (its annotation). */
  readonly annotationId?: string
}

export interface NotificationPage {
  readonly results: ReadonlyArray<Notification>
  readonly count: number
  readonly unread: number
}

const query = (db: Trx) =>
  db
    .selectFrom("notifications as n")
    .leftJoin("labs as l", "l.id", "n.lab_id")
    .leftJoin("users as s", "s.id", "n.sender_id")
    .leftJoin("invoices as i", "i.id", "n.invoice_id")
    .select([
      "n.id",
      "n.type",
      "n.is_read",
      "n.created_at",
      "n.annotation_id",
      "l.id as lab_id",
      "l.name as lab_name",
      "l.is_dir as lab_is_dir",
      "s.name as sender_name",
      "s.email as sender_email",
      "s.username as sender_username",
      "i.id as invoice_id",
      "i.number as invoice_number",
      "i.status as invoice_status"
    ])

type Row = Awaited<ReturnType<ReturnType<typeof query>["executeTakeFirstOrThrow"]>>

const toNotification = (row: Row): Notification => ({
  id: row.id,
  type: row.type as NotificationType,
  is_read: row.is_read === 1,
  created_at: row.created_at,
  lab: row.lab_id ? { id: row.lab_id, name: row.lab_name ?? "", is_dir: row.lab_is_dir === 1 } : null,
  sender: row.sender_email ? { name: row.sender_name ?? "", email: row.sender_email, username: row.sender_username ?? null } : null,
  ...(row.invoice_id && row.invoice_number && row.invoice_status
    ? { invoice: { id: row.invoice_id, number: row.invoice_number, status: row.invoice_status } }
    : {}),
  ...(row.annotation_id ? { annotation_id: row.annotation_id } : {})
})

export class Notifications extends Context.Service<
  Notifications,
  {
    /** Writes one notification inside the caller's transaction; returns its id for the event. */
    readonly create: (trx: Trx, notification: NewNotification) => Effect.Effect<string>
    readonly list: (userId: string, paging: Paging) => Effect.Effect<NotificationPage>
    /** Marks the user's own notification read; undefined when they have no such notification. */
    readonly markRead: (userId: string, id: string) => Effect.Effect<Notification | undefined>
    /** Marks every unread notification of the user read; answers how many were. */
    readonly markAllRead: (userId: string) => Effect.Effect<number>
  }
>()("preparat/Notifications") {
  static readonly layer = Layer.effect(
    Notifications,
    Effect.gen(function* () {
      const { db } = yield* Database

      const create = Effect.fn("Notifications.create")(function* (trx: Trx, n: NewNotification) {
        const id = randomUUID()
        yield* sql(() =>
          trx
            .insertInto("notifications")
            .values({
              id,
              user_id: n.userId,
              type: n.type,
              lab_id: n.labId,
              sender_id: n.senderId,
              event_id: n.eventId,
              invoice_id: n.invoiceId ?? null,
              annotation_id: n.annotationId ?? null,
              is_read: 0,
              created_at: stamp()
            })
            .execute()
        )
        return id
      })

      const list = Effect.fn("Notifications.list")(function* (userId: string, { limit, offset }: Paging) {
        const [rows, counts] = yield* sql(() =>
          Promise.all([
            query(db)
              .where("n.user_id", "=", userId)
              .orderBy("n.created_at", "desc")
              .orderBy("n.id", "desc")
              .limit(limit)
              .offset(offset)
              .execute(),
            db
              .selectFrom("notifications")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .select((eb) => eb.fn.sum<number>(eb.case().when("is_read", "=", 0).then(1).else(0).end()).as("unread"))
              .where("user_id", "=", userId)
              .executeTakeFirst()
          ])
        )
        return { results: rows.map(toNotification), count: Number(counts?.n ?? 0), unread: Number(counts?.unread ?? 0) }
      })

      const markRead = Effect.fn("Notifications.markRead")(function* (userId: string, id: string) {
        const updated = yield* sql(() =>
          db.updateTable("notifications").set({ is_read: 1 }).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst()
        )
        if (Number(updated.numUpdatedRows) === 0) return undefined
        const row = yield* sql(() => query(db).where("n.id", "=", id).executeTakeFirst())
        return row ? toNotification(row) : undefined
      })

      const markAllRead = Effect.fn("Notifications.markAllRead")(function* (userId: string) {
        const updated = yield* sql(() =>
          db.updateTable("notifications").set({ is_read: 1 }).where("user_id", "=", userId).where("is_read", "=", 0).executeTakeFirst()
        )
        return Number(updated.numUpdatedRows)
      })

      return Notifications.of({ create, list, markRead, markAllRead })
    })
  )
}
