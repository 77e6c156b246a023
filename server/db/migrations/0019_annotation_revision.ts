import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

export const annotationRevision: Migration = {
  // A slide's annotation revision, raised in the transaction of every write to its annotations or
  // labels: the key the compact read is cached by (server/services/annotations/compact-cache.ts). It comes with
  // the lab row the access check reads anyway, so a cached read asks the database nothing more.
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("labs")
      .addColumn("annotations_revision", "integer", (c) => c.notNull().defaultTo(sql`0`))
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("labs").dropColumn("annotations_revision").execute()
  }
}
