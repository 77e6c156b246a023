// A comment pin's conversation follows the pin into its tombstone and back out of it: deleting the pin
// keeps its replies and its thread's resolution beside the pin's tombstone (migration 0034), and
// restoring the pin (the deleter's undo) puts them back as they were. Without this, the database's
// cascade took the replies with the pin and an undo brought back an empty thread.
import { type Kysely, sql } from "kysely"
import type { Database as Schema } from "../../db/schema.ts"

type Trx = Kysely<Schema>

/**
 * `annotation_id` is one of `ids`: one array parameter on PostgreSQL (a bulk deletion names up to
 * 100,000 pins, past its 65,535 bound parameters), an IN list on SQLite (chunked by the caller).
 */
const pinIn = (engine: string, ids: ReadonlyArray<string>) =>
  engine === "postgres"
    ? sql<boolean>`${sql.ref("annotation_id")} = any(${[...ids]}::text[])`
    : sql<boolean>`${sql.ref("annotation_id")} in (${sql.join([...ids])})`

const REPLY_COLUMNS = ["id", "annotation_id", "lab_id", "author_id", "message", "mentions", "created_at", "edited_at"] as const
const THREAD_COLUMNS = ["annotation_id", "lab_id", "resolved", "resolved_by", "resolved_at"] as const

/** Keeps the conversations of the pins `ids` (about to be deleted), dropping the slide's expired ones. */
export const entombConversations = async (
  trx: Trx,
  engine: string,
  labId: string,
  ids: ReadonlyArray<string>,
  now: string,
  expiredBefore: string
) => {
  await trx.deleteFrom("comment_reply_tombstones").where("lab_id", "=", labId).where("deleted_at", "<", expiredBefore).execute()
  await trx.deleteFrom("comment_thread_tombstones").where("lab_id", "=", labId).where("deleted_at", "<", expiredBefore).execute()
  if (ids.length === 0) return
  // A pin deleted, restored and deleted again keeps only its latest conversation.
  await trx.deleteFrom("comment_reply_tombstones").where(pinIn(engine, ids)).execute()
  await trx.deleteFrom("comment_thread_tombstones").where(pinIn(engine, ids)).execute()
  await trx
    .insertInto("comment_reply_tombstones")
    .columns([...REPLY_COLUMNS, "deleted_at"])
    .expression((eb) =>
      eb
        .selectFrom("comment_replies")
        .select([...REPLY_COLUMNS, sql<string>`cast(${now} as text)`.as("deleted_at")])
        .where(pinIn(engine, ids))
    )
    .execute()
  await trx
    .insertInto("comment_thread_tombstones")
    .columns([...THREAD_COLUMNS, "deleted_at"])
    .expression((eb) =>
      eb
        .selectFrom("comment_threads")
        .select([...THREAD_COLUMNS, sql<string>`cast(${now} as text)`.as("deleted_at")])
        .where(pinIn(engine, ids))
    )
    .execute()
}

/** Puts back the conversations of the pins `ids`, just restored, and forgets their tombstones. */
export const restoreConversations = async (trx: Trx, engine: string, ids: ReadonlyArray<string>) => {
  if (ids.length === 0) return
  await trx
    .insertInto("comment_replies")
    .columns([...REPLY_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("comment_reply_tombstones")
        .select([...REPLY_COLUMNS])
        .where(pinIn(engine, ids))
    )
    .execute()
  await trx
    .insertInto("comment_threads")
    .columns([...THREAD_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("comment_thread_tombstones")
        .select([...THREAD_COLUMNS])
        .where(pinIn(engine, ids))
    )
    .execute()
  await trx.deleteFrom("comment_reply_tombstones").where(pinIn(engine, ids)).execute()
  await trx.deleteFrom("comment_thread_tombstones").where(pinIn(engine, ids)).execute()
}
