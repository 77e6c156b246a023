// A bulk create's rows, written and looked up a slice at a time inside its transaction, with a turn
// of the event loop between slices: SQLite's reader (server/db/sqlite-read-write.ts) answers plain
// reads meanwhile instead of after the whole upload (issue 21, item 8).
import type { Insertable } from "kysely"
import { annotationsById } from "../../db/annotations.ts"
import type { AnnotationsTable } from "../../db/schema.ts"
import type { Trx } from "../platform/Database.ts"

/** Rows per INSERT: 16 values each stays far below either engine's bound-parameter limit. */
const INSERT_ROWS = 200

/** Ids per lookup of existing rows: 2,500 replayed polygons are 6 MB of rows, ~30 ms in one block. */
const LOOKUP_IDS = 500

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export const insertInSlices = async (trx: Trx, rows: ReadonlyArray<Insertable<AnnotationsTable>>): Promise<void> => {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    if (i > 0) await nextTurn()
    await trx
      .insertInto("annotations")
      .values(rows.slice(i, i + INSERT_ROWS))
      .execute()
  }
}

/** The rows a bulk create's ids already have (a retried upload). */
export const existingOf = async (trx: Trx, ids: ReadonlyArray<string>) => {
  const rows: Awaited<ReturnType<typeof annotationsById>> = []
  for (let i = 0; i < ids.length; i += LOOKUP_IDS) {
    if (i > 0) await nextTurn()
    rows.push(...(await annotationsById(trx, ids.slice(i, i + LOOKUP_IDS))))
  }
  return rows
}
