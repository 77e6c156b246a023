// The SQL of a slide's chat: a page of messages with their senders, the unread count of a reader,
// and how a row goes on the wire. Plain Kysely, the same on both engines.
import type { ChatMessage } from "../../../src/contract/chat.ts"
import { avatarUrl } from "../../domain/profile.ts"
import type { Trx } from "../platform/Database.ts"

const messages = (db: Trx) =>
  db
    .selectFrom("chat_messages as m")
    .leftJoin("users as u", "u.id", "m.sender_id")
    .select([
      "m.id",
      "m.lab_id",
      "m.message",
      "m.mentions",
      "m.created_at",
      "u.id as sender_id",
      "u.name",
      "u.username",
      "u.avatar",
      "u.email"
    ])

type Row = Awaited<ReturnType<ReturnType<typeof messages>["executeTakeFirstOrThrow"]>>

const mentionsOf = (json: string): ReadonlyArray<string> => {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : []
  } catch {
    return []
  }
}

/** `withEmail`: the reader is one of the slide's members; a visitor sees names only. */
export const toChatMessage = (row: Row, withEmail: boolean): ChatMessage => ({
  id: row.id,
  lab_id: row.lab_id,
  message: row.message,
  created_at: row.created_at,
  sender: row.sender_id
    ? { id: row.sender_id, name: row.name ?? "", username: row.username ?? null, avatar: avatarUrl(row.avatar ?? null) }
    : null,
  user_email: withEmail ? (row.email ?? "") : "",
  mentions: mentionsOf(row.mentions)
})

export const messageById = (db: Trx, id: string) => messages(db).where("m.id", "=", id).executeTakeFirst()

/**
 * One page before the cursor (the oldest message the reader holds), oldest first; `more` when an
 * older page exists. A cursor that is no message of this slide starts from the newest.
 */
export const pageBefore = async (db: Trx, labId: string, before: string | undefined, limit: number) => {
  const cursor = before
    ? await db
        .selectFrom("chat_messages")
        .select(["created_at", "id"])
        .where("id", "=", before)
        .where("lab_id", "=", labId)
        .executeTakeFirst()
    : undefined
  let query = messages(db).where("m.lab_id", "=", labId)
  if (cursor)
    query = query.where((eb) =>
      eb.or([eb("m.created_at", "<", cursor.created_at), eb.and([eb("m.created_at", "=", cursor.created_at), eb("m.id", "<", cursor.id)])])
    )
  const rows = await query
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit).reverse()
  return { rows: page, more: rows.length > limit }
}

/** Messages of others on the slide since the reader last read it. */
export const unreadCount = async (db: Trx, labId: string, userId: string): Promise<number> => {
  const read = await db
    .selectFrom("chat_reads")
    .select("read_at")
    .where("user_id", "=", userId)
    .where("lab_id", "=", labId)
    .executeTakeFirst()
  let query = db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("lab_id", "=", labId)
    .where((eb) => eb.or([eb("sender_id", "is", null), eb("sender_id", "<>", userId)]))
  if (read) query = query.where("created_at", ">", read.read_at)
  return Number((await query.executeTakeFirst())?.n ?? 0)
}

/** The reader has seen everything up to `at`. */
export const markReadAt = (db: Trx, labId: string, userId: string, at: string) =>
  db
    .insertInto("chat_reads")
    .values({ user_id: userId, lab_id: labId, read_at: at })
    .onConflict((oc) => oc.columns(["user_id", "lab_id"]).doUpdateSet({ read_at: at }))
    .execute()

/** The reader's chat notifications of this slide, all read (a comment thread's replies are read where they are shown). */
export const readChatNotifications = (db: Trx, labId: string, userId: string) =>
  db
    .updateTable("notifications")
    .set({ is_read: 1 })
    .where("user_id", "=", userId)
    .where("lab_id", "=", labId)
    .where("type", "=", "notif_chat")
    .where("is_read", "=", 0)
    .execute()
