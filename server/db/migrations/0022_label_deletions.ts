// A deleted label and its annotations are kept for a while (LABEL_UNDO_HOURS) as tombstones, so the
// user who deleted them can undo it: the label and every shape come back with their own ids, authors,
// versions and times, copied back by the server from these rows, never from anything a client sends,
// so nobody can put back shapes in someone else's name. Only the deleter's own deletion can be undone
// (server/services/annotations/LabelUndo.ts); old tombstones are swept on the next deletion or undo.
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"

export const labelDeletions = (engine: Engine): Migration => ({
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("label_deletions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("deleted_by", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("deleted_at", "text", (c) => c.notNull())
      // The labels row as it was, as JSON.
      .addColumn("label", "text", (c) => c.notNull())
      .addColumn("annotations_count", "integer", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("label_deletions_deleted_at").on("label_deletions").column("deleted_at").execute()
    // The annotations table's columns, and the deletion they went with.
    await db.schema
      .createTable("deleted_annotations")
      .addColumn("deletion_id", "text", (c) => c.notNull().references("label_deletions.id").onDelete("cascade"))
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("lab_id", "text", (c) => c.notNull())
      .addColumn("label_id", "text", (c) => c.notNull())
      .addColumn("author_id", "text", (c) => c.notNull())
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
      .addColumn("coords", engine === "postgres" ? "bytea" : "blob", (c) =>
        c.notNull().defaultTo(engine === "postgres" ? sql`'\\x'::bytea` : sql`x''`)
      )
      .addColumn("comments", "text")
      .addPrimaryKeyConstraint("deleted_annotations_pk", ["deletion_id", "id"])
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("deleted_annotations").execute()
    await db.schema.dropTable("label_deletions").execute()
  }
})
