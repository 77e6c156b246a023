// Slide annotations, their labels, and who has a slide open (src/contract/annotations.ts).
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const annotations: Migration = {
  up: async (db: Kysely<unknown>) => {
    // A slide's labels; names are unique per slide whatever their case (the tag's value is the name).
    await db.schema
      .createTable("labels")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_lower", "text", (c) => c.notNull())
      .addColumn("color", "text", (c) => c.notNull())
      .addColumn("label_type", "text", (c) => c.notNull())
      .addColumn("visible", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("labels_lab_name").on("labels").columns(["lab_id", "name_lower"]).unique().execute()

    // The W3C Web Annotation as JSON text, and its bounding box in image pixels for viewport
    // queries to come. The label is a column too, so deleting a label finds its annotations by index.
    await db.schema
      .createTable("annotations")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("label_id", "text", (c) => c.notNull().references("labels.id").onDelete("cascade"))
      .addColumn("author_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("visible", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("version", "integer", (c) => c.notNull())
      .addColumn("min_x", "double precision", (c) => c.notNull())
      .addColumn("min_y", "double precision", (c) => c.notNull())
      .addColumn("max_x", "double precision", (c) => c.notNull())
      .addColumn("max_y", "double precision", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      // Its place in the bulk upload that created it: one upload shares one created_at.
      .addColumn("ordinal", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute()
    // A slide's list, in the order it was drawn; and a viewport's shapes by their left edge.
    await db.schema.createIndex("annotations_lab").on("annotations").columns(["lab_id", "created_at", "ordinal"]).execute()
    await db.schema.createIndex("annotations_label").on("annotations").column("label_id").execute()
    await db.schema.createIndex("annotations_lab_bbox").on("annotations").columns(["lab_id", "min_x", "max_x"]).execute()

    // Members with the slide open, as of their last call-in.
    await db.schema
      .createTable("lab_viewers")
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("seen_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("lab_viewers_pk", ["lab_id", "user_id"])
      .execute()
    await db.schema.createIndex("lab_viewers_seen").on("lab_viewers").columns(["lab_id", "seen_at"]).execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("lab_viewers").execute()
    await db.schema.dropTable("annotations").execute()
    await db.schema.dropTable("labels").execute()
  }
}
