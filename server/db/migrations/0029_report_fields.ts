// A report's structured fields (src/contract/report-fields.ts) as one JSON text: they are read and
// written whole with their report and never queried one by one, so a column each would only add
// migrations as pathologists ask for more. Null on notes and on reports written before. Beside it,
// who last saved the row, for the report's "reviewed by" line (null until someone saves it again,
// and once that account is gone).
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

export const reportFields: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("slide_notes").addColumn("fields", "text").execute()
    await db.schema
      .alterTable("slide_notes")
      .addColumn("editor_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .execute()
    // Rows written before were last saved by their author.
    await sql`update slide_notes set editor_id = author_id`.execute(db)
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("slide_notes").dropColumn("editor_id").execute()
    await db.schema.alterTable("slide_notes").dropColumn("fields").execute()
  }
}
