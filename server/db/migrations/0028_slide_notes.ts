// A slide's notes and reports (spec section 3, "Note and report"): a title and a text each, written
// by one of the slide's people. One table with a kind, since both have the same shape, the same
// paging and the same rules; both go with the slide, and outlive their author's account.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const slideNotes: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("slide_notes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute()
    // Pages of one slide's notes (or reports), newest first, the id breaking ties.
    await db.schema.createIndex("slide_notes_lab_kind_time").on("slide_notes").columns(["lab_id", "kind", "created_at", "id"]).execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("slide_notes").execute()
  }
}
