// An annotation's name, description, lock, creator and created (src/annotation/props.ts) beside its
// W3C `data`, as one JSON text, so the viewer's compact read shows them without parsing every row's
// `data` (the reason `comments` sits there too, migration 0016). The tables that keep deleted rows as
// they were get it too (ANNOTATION_COLUMNS). Rows written before are filled in from their `data`.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"
import { hasProps, propsOf } from "../../../src/annotation/props.ts"
import type { WebAnnotation } from "../../../src/contract/annotations.ts"
import type { Database } from "../schema.ts"

const TABLES = ["annotations", "annotation_tombstones", "deleted_annotations"] as const

/** Rows read per step of the backfill (one slide may hold 100,000). */
const BATCH = 1000

// By offset, not by id: a deleted label's rows may hold one id twice (two deletions of it), and the
// order never changes here (only `props` is written).
const backfill = async (db: Kysely<Database>, table: (typeof TABLES)[number]) => {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db.selectFrom(table).select(["id", "data"]).orderBy("id").orderBy("data").limit(BATCH).offset(offset).execute()
    if (rows.length === 0) return
    for (const row of rows) {
      const props = propsOf(JSON.parse(row.data) as WebAnnotation)
      if (hasProps(props))
        await db
          .updateTable(table)
          .set({ props: JSON.stringify(props) })
          .where("id", "=", row.id)
          .where("data", "=", row.data)
          .execute()
    }
  }
}

export const annotationProps: Migration = {
  up: async (db: Kysely<unknown>) => {
    const run = async (trx: Kysely<unknown>) => {
      for (const table of TABLES) {
        await trx.schema.alterTable(table).addColumn("props", "text").execute()
        await backfill(trx as Kysely<Database>, table)
      }
    }
    if (db.isTransaction) await run(db)
    else await db.transaction().execute(run)
  },
  down: async (db: Kysely<unknown>) => {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn("props").execute()
  }
}
