// The SQL of comment threads: a slide's comment pins with their reply counts and resolution, one
// thread's replies with their authors, and how a row goes on the wire. Plain Kysely, the same on
// both engines. A pin's first comment is the first `commenting` body of its annotation, stored
// apart as `annotations.comments` (a JSON list; null on an annotation without a comment).
import type { ChatSender } from "../../../src/contract/chat.ts"
import type { CommentReply, CommentThread } from "../../../src/contract/comments.ts"
import { avatarUrl } from "../../domain/profile.ts"
import type { Trx } from "../platform/Database.ts"

const jsonList = (json: string | null): ReadonlyArray<string> => {
  if (json === null) return []
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : []
  } catch {
    return []
  }
}

const person = (id: string | null, name: string | null, username: string | null, avatar: string | null): ChatSender | null =>
  id === null ? null : { id, name: name ?? "", username, avatar: avatarUrl(avatar) }

/** The pin a thread belongs to, as the permission check needs it; undefined when there is none. */
export const pinById = (db: Trx, annotationId: string) =>
  db.selectFrom("annotations").select(["id", "lab_id", "author_id", "comments"]).where("id", "=", annotationId).executeTakeFirst()

const threads = (db: Trx) =>
  db
    .selectFrom("annotations as a")
    .leftJoin("users as u", "u.id", "a.author_id")
    .leftJoin("comment_threads as t", "t.annotation_id", "a.id")
    .leftJoin("users as r", "r.id", "t.resolved_by")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("comment_replies")
          .select((q) => ["annotation_id", q.fn.countAll<number>().as("n"), q.fn.max("created_at").as("last")])
          .groupBy("annotation_id")
          .as("c"),
      (join) => join.onRef("c.annotation_id", "=", "a.id")
    )
    .select([
      "a.id",
      "a.lab_id",
      "a.comments",
      "a.created_at",
      "u.id as author_id",
      "u.name as author_name",
      "u.username as author_username",
      "u.avatar as author_avatar",
      "u.email as author_email",
      "t.resolved",
      "t.resolved_at",
      "r.id as resolver_id",
      "r.name as resolver_name",
      "r.username as resolver_username",
      "r.avatar as resolver_avatar",
      "c.n",
      "c.last"
    ])
    .where("a.comments", "is not", null)

type ThreadRow = Awaited<ReturnType<ReturnType<typeof threads>["executeTakeFirstOrThrow"]>>

/** `withEmail`: the reader is one of the slide's members; a visitor sees names only. */
export const toThread = (row: ThreadRow, withEmail: boolean): CommentThread => {
  const resolved = Number(row.resolved ?? 0) === 1
  return {
    annotation_id: row.id,
    lab_id: row.lab_id,
    comment: jsonList(row.comments)[0] ?? "",
    author: person(row.author_id, row.author_name, row.author_username, row.author_avatar),
    user_email: withEmail ? (row.author_email ?? "") : "",
    created_at: row.created_at,
    replies_count: Number(row.n ?? 0),
    last_activity_at: row.last ?? row.created_at,
    resolved,
    resolved_by: resolved ? person(row.resolver_id, row.resolver_name, row.resolver_username, row.resolver_avatar) : null,
    resolved_at: resolved ? (row.resolved_at ?? null) : null
  }
}

export const threadById = (db: Trx, annotationId: string) => threads(db).where("a.id", "=", annotationId).executeTakeFirst()

/** A slide's threads, the most recently active first; `unresolved`: the open ones only. */
export const threadsOf = async (db: Trx, labId: string, unresolved: boolean, limit: number) => {
  let query = threads(db).where("a.lab_id", "=", labId)
  if (unresolved) query = query.where((eb) => eb.or([eb("t.resolved", "is", null), eb("t.resolved", "=", 0)]))
  const rows = await query.execute()
  return rows
    .map((row) => ({ row, at: row.last ?? row.created_at }))
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.row.id < b.row.id ? 1 : -1))
    .slice(0, limit)
    .map(({ row }) => row)
}

const replies = (db: Trx) =>
  db
    .selectFrom("comment_replies as m")
    .leftJoin("users as u", "u.id", "m.author_id")
    .select([
      "m.id",
      "m.annotation_id",
      "m.lab_id",
      "m.message",
      "m.mentions",
      "m.created_at",
      "m.edited_at",
      "u.id as author_id",
      "u.name",
      "u.username",
      "u.avatar",
      "u.email"
    ])

type ReplyRow = Awaited<ReturnType<ReturnType<typeof replies>["executeTakeFirstOrThrow"]>>

export const toReply = (row: ReplyRow, withEmail: boolean): CommentReply => ({
  id: row.id,
  annotation_id: row.annotation_id,
  lab_id: row.lab_id,
  message: row.message,
  created_at: row.created_at,
  edited_at: row.edited_at,
  author: person(row.author_id, row.name, row.username, row.avatar),
  user_email: withEmail ? (row.email ?? "") : "",
  mentions: jsonList(row.mentions)
})

export const replyById = (db: Trx, id: string) => replies(db).where("m.id", "=", id).executeTakeFirst()

/** A thread's replies, oldest first. */
export const repliesOf = (db: Trx, annotationId: string) =>
  replies(db).where("m.annotation_id", "=", annotationId).orderBy("m.created_at").orderBy("m.id").execute()

/** The people mentioned, with what a mail to them needs. */
export const mailablePeople = (db: Trx, ids: ReadonlyArray<string>) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("users")
        .select(["id", "email", "name", "locale"])
        .where("id", "in", [...ids])
        .execute()
