// A comment annotation's thread: its replies (plain text, the mentioned user ids as a JSON array,
// when last edited), whether it was resolved, by whom and when, and the notifications a reply
// leaves naming the thread they open. Replies and the thread's state go with the annotation (a
// deleted comment pin takes its conversation with it). Also, per member and slide, a muted chat:
// its ordinary messages no longer notify that member (a mention still does).
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const commentThreads: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("comment_replies")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("annotation_id", "text", (c) => c.notNull().references("annotations.id").onDelete("cascade"))
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("mentions", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("edited_at", "text")
      .execute()
    // A thread's replies in order; a slide's threads counted by annotation.
    await db.schema
      .createIndex("comment_replies_thread_time")
      .on("comment_replies")
      .columns(["annotation_id", "created_at", "id"])
      .execute()
    await db.schema.createIndex("comment_replies_lab").on("comment_replies").columns(["lab_id", "annotation_id"]).execute()
    await db.schema
      .createTable("comment_threads")
      .addColumn("annotation_id", "text", (c) => c.primaryKey().references("annotations.id").onDelete("cascade"))
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("resolved", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("resolved_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("resolved_at", "text")
      .execute()
    await db.schema.createIndex("comment_threads_lab").on("comment_threads").columns(["lab_id", "resolved"]).execute()
    await db.schema
      .createTable("chat_mutes")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("chat_mutes_pk", ["user_id", "lab_id"])
      .execute()
    // The thread a reply's notification opens; no reference, so a deleted pin leaves it pointing nowhere.
    await db.schema.alterTable("notifications").addColumn("annotation_id", "text").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("notifications").dropColumn("annotation_id").execute()
    await db.schema.dropTable("chat_mutes").execute()
    await db.schema.dropTable("comment_threads").execute()
    await db.schema.dropTable("comment_replies").execute()
  }
}
