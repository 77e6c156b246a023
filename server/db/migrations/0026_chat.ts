// A slide's chat: its messages (plain text, the mentioned user ids as a JSON array) and, per reader
// and slide, when they last read it, from which the unread count is derived. Both go with the slide.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const chat: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("chat_messages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("sender_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("mentions", "text", (c) => c.notNull().defaultTo("[]"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute()
    // Pages walk a slide's messages by time, the id breaking ties.
    await db.schema.createIndex("chat_messages_lab_time").on("chat_messages").columns(["lab_id", "created_at", "id"]).execute()
    await db.schema
      .createTable("chat_reads")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("read_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("chat_reads_pk", ["user_id", "lab_id"])
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("chat_reads").execute()
    await db.schema.dropTable("chat_messages").execute()
  }
}
