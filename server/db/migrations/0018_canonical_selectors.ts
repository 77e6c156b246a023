// Stored SVG selectors written anew from their shapes. Until now the server kept an SVG selector's
// text as the client sent it once it parsed, so an event handler or a javascript: link inside it came
// back out of every read; new writes store canonicalSelector's text (server/domain/annotation-data.ts).
// Rows written before are rewritten here from their stored kind and vertices (migration 0016), the
// exact numbers the selector was parsed to. Rectangles are left as they are: a FragmentSelector that
// parsed holds only "xywh=", numbers and separators, and its rebuilt value needs no rewrite to be safe.
// A row whose selector no longer parsed in 0016 (kind "") has no shape to write and is left alone.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"
import { float64sOf } from "../../../src/annotation/compact.ts"
import { geometryOf } from "../../../src/annotation/store/shape.ts"
import type { WebAnnotation } from "../../../src/contract/annotations.ts"
import { canonicalSelector } from "../../domain/annotation-data.ts"
import type { Database } from "../schema.ts"

/** Rows read per step (one slide may hold 100,000). */
const BATCH = 1000
const SVG_KINDS = ["polygon", "polyline", "points"] as const

const rewrite = async (db: Kysely<Database>) => {
  let after = ""
  for (;;) {
    const rows = await db
      .selectFrom("annotations")
      .select(["id", "data", "kind", "coords"])
      .where("id", ">", after)
      .where("kind", "in", [...SVG_KINDS])
      .orderBy("id")
      .limit(BATCH)
      .execute()
    if (rows.length === 0) return
    for (const row of rows) {
      const data = JSON.parse(row.data) as WebAnnotation
      const kind = row.kind as (typeof SVG_KINDS)[number]
      const selector = canonicalSelector(data.target.selector, geometryOf({ kind, coords: float64sOf(row.coords) }))
      if (JSON.stringify(selector) === JSON.stringify(data.target.selector)) continue
      const written = { ...data, target: { ...data.target, selector } }
      await db
        .updateTable("annotations")
        .set({ data: JSON.stringify(written) })
        .where("id", "=", row.id)
        .execute()
    }
    after = rows.at(-1)!.id
  }
}

export const canonicalSelectors: Migration = {
  up: async (db: Kysely<unknown>) => {
    // Kysely runs SQLite's migrations outside a transaction; this one is all or nothing on both.
    if (db.isTransaction) await rewrite(db as Kysely<Database>)
    else await db.transaction().execute((trx) => rewrite(trx as Kysely<Database>))
  },
  // The rewritten text reads as the same shape; the text as sent is not kept to put back.
  down: async () => {}
}
