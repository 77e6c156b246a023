// Each annotation's kind, vertices and comments beside its W3C `data`, so the viewer's compact read
// (GET /v2/labs/{labId}/annotations/compact/) concatenates stored bytes instead of parsing 100,000
// selectors per request. Rows written before are filled in here by parsing their selectors with the
// same code that checks and writes new ones (derivedColumns).
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"
import type { WebAnnotation } from "../../../src/contract/annotations.ts"
import { parseSelector } from "../../../src/annotation/geometry.ts"
import { derivedColumns } from "../../domain/annotation-data.ts"
import type { Engine } from "../engine.ts"
import type { Database } from "../schema.ts"

/** Rows read per step of the backfill (one slide may hold 100,000). */
const BATCH = 1000

const backfill = async (db: Kysely<Database>) => {
  let after = ""
  for (;;) {
    const rows = await db.selectFrom("annotations").select(["id", "data"]).where("id", ">", after).orderBy("id").limit(BATCH).execute()
    if (rows.length === 0) return
    for (const row of rows) {
      const data = JSON.parse(row.data) as WebAnnotation
      const parsed = parseSelector(data.target.selector)
      // Every stored selector was checked by this parser when written; one that no longer parses
      // (a limit lowered since) keeps kind "" and is left out of the compact read, as the viewer
      // left out what it could not parse.
      if (!parsed.ok) continue
      // `locked` and `props` came with migrations 0025 and 0027; the rows of this time have neither.
      const { locked: _, props: __, ...columns } = derivedColumns(parsed.geometry, data)
      await db.updateTable("annotations").set(columns).where("id", "=", row.id).execute()
    }
    after = rows.at(-1)!.id
  }
}

export const annotationGeometry = (engine: Engine): Migration => ({
  up: async (db: Kysely<unknown>) => {
    // Kysely runs SQLite's migrations outside a transaction; this one is all or nothing on both.
    const run = async (trx: Kysely<unknown>) => {
      await trx.schema
        .alterTable("annotations")
        .addColumn("kind", "text", (c) => c.notNull().defaultTo(""))
        .execute()
      // The defaults only stand in until the backfill below: every write sets all three.
      await trx.schema
        .alterTable("annotations")
        .addColumn("coords", engine === "postgres" ? "bytea" : "blob", (c) =>
          c.notNull().defaultTo(engine === "postgres" ? sql`'\\x'::bytea` : sql`x''`)
        )
        .execute()
      await trx.schema.alterTable("annotations").addColumn("comments", "text").execute()
      await backfill(trx as Kysely<Database>)
    }
    if (db.isTransaction) await run(db)
    else await db.transaction().execute(run)
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("annotations").dropColumn("comments").execute()
    await db.schema.alterTable("annotations").dropColumn("coords").execute()
    await db.schema.alterTable("annotations").dropColumn("kind").execute()
  }
})
