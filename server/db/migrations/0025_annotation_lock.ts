// A lock per annotation (QuPath's `isLocked`): a locked shape cannot be moved, reshaped or deleted
// until it is unlocked. The lock also sits in the annotation's `data` (`locked: true`, with its
// name and description); this column is kept beside it, as `kind` is, so that a bulk move or a
// bulk delete of 100,000 ids can refuse locked shapes with one indexed query instead of parsing
// every row's JSON. The tables that keep deleted rows as they were get it too (ANNOTATION_COLUMNS).
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

const TABLES = ["annotations", "annotation_tombstones", "deleted_annotations"] as const

export const annotationLock: Migration = {
  up: async (db: Kysely<unknown>) => {
    for (const table of TABLES)
      await db.schema
        .alterTable(table)
        .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0))
        .execute()
  },
  down: async (db: Kysely<unknown>) => {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn("locked").execute()
  }
}
