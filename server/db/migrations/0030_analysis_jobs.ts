// Image analyses (server/ai): the durable queue of analysis jobs, which is also their record (state,
// progress, summary), and the mark on each annotation an analysis made (`analysis_id`: QuPath's
// "detections", read-only and removed together with their job's results). The tables that keep
// deleted annotations as they were get the mark too (ANNOTATION_COLUMNS copies every column).
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

const ANNOTATION_TABLES = ["annotations", "annotation_tombstones", "deleted_annotations"] as const

export const analysisJobs: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("analysis_jobs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      // Who asked: the plan it counts against. Their account gone, the job and its results stay.
      .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("analysis", "text", (c) => c.notNull())
      .addColumn("region", "text", (c) => c.notNull())
      .addColumn("parameters", "text", (c) => c.notNull())
      // accepted | running | done | failed | cancelled
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("percent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("detections", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("summary", "text")
      .addColumn("error", "text")
      // Raised by every claim: the claim's token, so a worker that lost its claim writes nothing.
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("locked_until", "text")
      .addColumn("removed_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .execute()
    // The claim's search (oldest accepted first, or a running one whose lease lapsed).
    await db.schema.createIndex("analysis_jobs_state").on("analysis_jobs").columns(["state", "created_at"]).execute()
    // A slide's jobs, newest first; a user's analyses of the period (the plan's limit).
    await db.schema.createIndex("analysis_jobs_lab").on("analysis_jobs").columns(["lab_id", "created_at"]).execute()
    await db.schema.createIndex("analysis_jobs_user").on("analysis_jobs").columns(["user_id", "created_at"]).execute()
    for (const table of ANNOTATION_TABLES) await db.schema.alterTable(table).addColumn("analysis_id", "text").execute()
    // A job's results removed, or counted, at once.
    await db.schema.createIndex("annotations_analysis").on("annotations").column("analysis_id").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropIndex("annotations_analysis").execute()
    for (const table of ANNOTATION_TABLES) await db.schema.alterTable(table).dropColumn("analysis_id").execute()
    await db.schema.dropTable("analysis_jobs").execute()
  }
}
