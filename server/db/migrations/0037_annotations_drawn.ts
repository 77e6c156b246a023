// The compact read takes a slide's person-drawn annotations as rows and its detections aggregated
// (server/db/annotation-compact.ts). On a slide of a million detections and ten drawings, finding
// the ten through the slide's index read a million table rows to look at two columns (0.9 s). This
// partial index holds only the rows read one by one, so those are found directly; its condition is
// the very expression the read uses, as both engines need to match it.
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

export const annotationsDrawn: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createIndex("annotations_lab_drawn")
      .on("annotations")
      .columns(["lab_id", "created_at", "ordinal"])
      .where(sql<boolean>`analysis_id IS NULL OR comments IS NOT NULL`)
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropIndex("annotations_lab_drawn").execute()
  }
}
