// A deleted comment pin's conversation, kept as long as the pin's own tombstone (migration 0021) so
// that undoing the deletion brings the replies and the thread's resolution back with the pin. No
// reference to annotations: the pin is gone while these wait. They go with their slide.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const commentTombstones: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("comment_reply_tombstones")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("annotation_id", "text", (c) => c.notNull())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("mentions", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("edited_at", "text")
      .addColumn("deleted_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("comment_reply_tombstones_pin").on("comment_reply_tombstones").column("annotation_id").execute()
    await db.schema.createIndex("comment_reply_tombstones_lab").on("comment_reply_tombstones").columns(["lab_id", "deleted_at"]).execute()
    await db.schema
      .createTable("comment_thread_tombstones")
      .addColumn("annotation_id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("resolved", "integer", (c) => c.notNull())
      .addColumn("resolved_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("resolved_at", "text")
      .addColumn("deleted_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("comment_thread_tombstones_lab").on("comment_thread_tombstones").columns(["lab_id", "deleted_at"]).execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("comment_thread_tombstones").execute()
    await db.schema.dropTable("comment_reply_tombstones").execute()
  }
}
