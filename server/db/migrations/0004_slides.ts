// Slides: their pyramid's facts on labs, uploads in progress and the durable job queue.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const slides: Migration = {
  up: async (db: Kysely<unknown>) => {
    // What the pyramid builder learnt of a slide; null until it is ready (and mpp when unknown).
    await db.schema.alterTable("labs").addColumn("width", "integer").execute()
    await db.schema.alterTable("labs").addColumn("height", "integer").execute()
    await db.schema.alterTable("labs").addColumn("mpp", "double precision").execute()
    // The directory of the lab's Deep Zoom pyramid and thumbnails under DATA_DIR/slides. A new
    // key per build, so every URL under it is immutable and may be cached for a year.
    await db.schema.alterTable("labs").addColumn("slide_key", "text").execute()

    // An upload in progress: bytes arrive in order into DATA_DIR/uploads/<id>; `received` is the
    // offset the client continues from. The first chunk creates its file lab (status uploading, size
    // 0, counted against no quota); the last byte makes it processing.
    await db.schema
      .createTable("uploads")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // The target folder (null for the uploader's root) and whose quota the bytes count against.
      .addColumn("parent_id", "text", (c) => c.references("labs.id").onDelete("cascade"))
      .addColumn("owner_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("filename", "text", (c) => c.notNull())
      .addColumn("total_size", "bigint", (c) => c.notNull())
      .addColumn("received", "bigint", (c) => c.notNull().defaultTo(0))
      // The file lab it is becoming, created with the first chunk.
      .addColumn("lab_id", "text", (c) => c.references("labs.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("completed_at", "text")
      .execute()
    await db.schema.createIndex("uploads_user").on("uploads").columns(["user_id", "completed_at"]).execute()
    await db.schema.createIndex("uploads_stale").on("uploads").columns(["completed_at", "updated_at"]).execute()

    // The durable job queue: a worker claims the oldest due job, and a claim whose worker died
    // (locked_until passed) is claimed again, so jobs survive restarts.
    await db.schema
      .createTable("slide_jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("run_after", "text", (c) => c.notNull())
      .addColumn("locked_until", "text")
      .addColumn("error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("slide_jobs_due").on("slide_jobs").columns(["state", "run_after"]).execute()
    await db.schema.createIndex("slide_jobs_lab").on("slide_jobs").column("lab_id").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("slide_jobs").execute()
    await db.schema.dropTable("uploads").execute()
    for (const column of ["slide_key", "mpp", "height", "width"]) await db.schema.alterTable("labs").dropColumn(column).execute()
  }
}
