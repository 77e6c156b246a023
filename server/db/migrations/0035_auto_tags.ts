// Auto tagging (server/ai/tagging): a slide's tags as shown (a JSON object of the tag ids and the
// tissue percentage, null until tagged), and one row per tag for the labs search to find slides by
// (tag, then lab: every slide with one tag, in one range of the index). The rows go with their lab.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const autoTags: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("labs").addColumn("auto_tags", "text").execute()
    await db.schema
      .createTable("lab_tags")
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("tag", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("lab_tags_pk", ["tag", "lab_id"])
      .execute()
    await db.schema.createIndex("lab_tags_lab").on("lab_tags").columns(["lab_id"]).execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("lab_tags").execute()
    await db.schema.alterTable("labs").dropColumn("auto_tags").execute()
  }
}
