// Annotations a bulk delete took, kept for a while so that whoever deleted them can put them back
// (the undo of a multi-delete) with their ids, authors and creation times. The rows are the
// annotations' own, copied as they were, plus who deleted them and when; a restore copies them back.
// Only the server writes them, so an undo can never bring back what the asker did not delete, nor
// make an annotation under another author's name (see Annotations.ts, restore).
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"

export const annotationTombstones = (engine: Engine): Migration => ({
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("annotation_tombstones")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      // No reference to labels: a label deleted meanwhile makes its tombstones unrestorable, not gone.
      .addColumn("label_id", "text", (c) => c.notNull())
      .addColumn("author_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("visible", "integer", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("min_x", "double precision", (c) => c.notNull())
      .addColumn("min_y", "double precision", (c) => c.notNull())
      .addColumn("max_x", "double precision", (c) => c.notNull())
      .addColumn("max_y", "double precision", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("ordinal", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("coords", engine === "postgres" ? "bytea" : "blob", (c) => c.notNull())
      .addColumn("comments", "text")
      .addColumn("deleted_by", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("deleted_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("annotation_tombstones_lab").on("annotation_tombstones").columns(["lab_id", "deleted_at"]).execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("annotation_tombstones").execute()
  }
})
