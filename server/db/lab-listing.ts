// The pages of labs: a folder's children, the owner's root, and name search across everything a
// user can see (their own labs, and the labs inside what is shared with them). Folders come first;
// the default order (by name) follows the listing indexes, so a page reads only its own rows.
import { type Kysely, type RawBuilder, sql } from "kysely"
import type { Ordering } from "../../src/contract/labs.ts"
import type { Paging } from "../domain/paging.ts"
import { type LabRow, MAX_DEPTH } from "./lab-access.ts"
import type { Database } from "./schema.ts"

type Db = Kysely<Database>

export interface RowPage {
  readonly rows: ReadonlyArray<LabRow>
  readonly count: number
}

const orderColumn: Record<Ordering, { column: "name_lower" | "updated_at" | "created_at" | "size"; direction: "asc" | "desc" }> = {
  name: { column: "name_lower", direction: "asc" },
  "-name": { column: "name_lower", direction: "desc" },
  updated_at: { column: "updated_at", direction: "asc" },
  "-updated_at": { column: "updated_at", direction: "desc" },
  created_at: { column: "created_at", direction: "asc" },
  "-created_at": { column: "created_at", direction: "desc" },
  size: { column: "size", direction: "asc" },
  "-size": { column: "size", direction: "desc" }
}

/** ORDER BY for raw queries, from the whitelist above only. */
const orderSql = (ordering: Ordering, alias: string): RawBuilder<unknown> => {
  const { column, direction } = orderColumn[ordering]
  const byName = column === "name_lower" ? "" : `${alias}.name_lower ASC, `
  return sql.raw(`${alias}.is_dir DESC, ${alias}.${column} ${direction.toUpperCase()}, ${byName}${alias}.id ASC`)
}

/** `LIKE` pattern for a part of a name: its wildcards taken literally. */
export const containsPattern = (search: string): string => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const live = (db: Db) => db.selectFrom("labs").where("deleted_at", "is", null)

const pageOf = async (
  query: ReturnType<typeof live>,
  ordering: Ordering,
  { limit, offset }: Paging
): Promise<RowPage> => {
  const { column, direction } = orderColumn[ordering]
  let rows = query.selectAll().orderBy("is_dir", "desc").orderBy(column, direction)
  // Live siblings have distinct names, so the name order needs no tie-breaker (and keeps to the index);
  // other orders fall back to the name.
  if (column !== "name_lower") rows = rows.orderBy("name_lower").orderBy("id")
  const [found, total] = await Promise.all([
    rows.limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst()
  ])
  return { rows: found, count: Number(total?.n ?? 0) }
}

export const childrenPage = (db: Db, parentId: string, ordering: Ordering, paging: Paging) =>
  pageOf(live(db).where("parent_id", "=", parentId), ordering, paging)

export const rootPage = (db: Db, ownerId: string, ordering: Ordering, paging: Paging) =>
  pageOf(live(db).where("owner_id", "=", ownerId).where("parent_id", "is", null), ordering, paging)

/** The top-most labs shared with the user: memberships whose labs no other membership of theirs contains. */
const sharedTops = (userId: string) => sql`
  mine(id) AS (
    SELECT m.lab_id FROM lab_members m JOIN labs l ON l.id = m.lab_id
    WHERE m.user_id = ${userId} AND l.owner_id <> ${userId} AND l.deleted_at IS NULL
  ),
  above(start_id, id, depth) AS (
    SELECT l.id, l.parent_id, 1 FROM labs l JOIN mine ON mine.id = l.id WHERE l.parent_id IS NOT NULL
    UNION ALL
    SELECT above.start_id, l.parent_id, above.depth + 1 FROM above JOIN labs l ON l.id = above.id
    WHERE l.parent_id IS NOT NULL AND above.depth < ${MAX_DEPTH}
  ),
  tops(id) AS (
    SELECT id FROM mine WHERE id NOT IN (SELECT above.start_id FROM above JOIN mine m2 ON m2.id = above.id)
  )`

export const sharedPage = async (db: Db, userId: string, paging: Paging): Promise<RowPage> => {
  const [rows, total] = await Promise.all([
    sql<LabRow>`WITH RECURSIVE ${sharedTops(userId)}
      SELECT l.* FROM labs l JOIN tops ON tops.id = l.id
      ORDER BY ${orderSql("name", "l")} LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(db),
    sql<{ n: number }>`WITH RECURSIVE ${sharedTops(userId)} SELECT count(*) AS n FROM tops`.execute(db)
  ])
  return { rows: rows.rows, count: Number(total.rows[0]?.n ?? 0) }
}

/**
 * Labs whose name contains `search`, among the user's own and everything inside the labs shared
 * with them. The two parts cannot overlap: a tree has one owner.
 */
export const searchPage = async (db: Db, userId: string, search: string, ordering: Ordering, paging: Paging): Promise<RowPage> => {
  const pattern = containsPattern(search)
  const found = sql`
    WITH RECURSIVE ${sharedTops(userId)},
    shared(id, depth) AS (
      SELECT id, 0 FROM tops
      UNION ALL
      SELECT c.id, shared.depth + 1 FROM labs c JOIN shared ON c.parent_id = shared.id
      WHERE c.deleted_at IS NULL AND shared.depth < ${MAX_DEPTH}
    ),
    found AS (
      SELECT * FROM labs WHERE owner_id = ${userId} AND deleted_at IS NULL AND name_lower LIKE ${pattern} ESCAPE '\\'
      UNION ALL
      SELECT l.* FROM labs l JOIN shared ON shared.id = l.id WHERE l.name_lower LIKE ${pattern} ESCAPE '\\'
    )`
  const [rows, total] = await Promise.all([
    sql<LabRow>`${found} SELECT * FROM found f ORDER BY ${orderSql(ordering, "f")} LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(db),
    sql<{ n: number }>`${found} SELECT count(*) AS n FROM found`.execute(db)
  ])
  return { rows: rows.rows, count: Number(total.rows[0]?.n ?? 0) }
}

/** Labs inside one folder (at any depth) whose name contains `search`. */
export const searchWithinPage = async (db: Db, folderId: string, search: string, ordering: Ordering, paging: Paging): Promise<RowPage> => {
  const pattern = containsPattern(search)
  const within = sql`
    WITH RECURSIVE inside(id, depth) AS (
      SELECT id, 1 FROM labs WHERE parent_id = ${folderId} AND deleted_at IS NULL
      UNION ALL
      SELECT c.id, inside.depth + 1 FROM labs c JOIN inside ON c.parent_id = inside.id
      WHERE c.deleted_at IS NULL AND inside.depth < ${MAX_DEPTH}
    ),
    found AS (SELECT l.* FROM labs l JOIN inside ON inside.id = l.id WHERE l.name_lower LIKE ${pattern} ESCAPE '\\')`
  const [rows, total] = await Promise.all([
    sql<LabRow>`${within} SELECT * FROM found f ORDER BY ${orderSql(ordering, "f")} LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(db),
    sql<{ n: number }>`${within} SELECT count(*) AS n FROM found`.execute(db)
  ])
  return { rows: rows.rows, count: Number(total.rows[0]?.n ?? 0) }
}

/** The ids of the labs shared with the user at the top (the Shared page's and the folder tree's roots). */
export const sharedTopIds = async (db: Db, userId: string): Promise<ReadonlyArray<string>> =>
  (await sql<{ id: string }>`WITH RECURSIVE ${sharedTops(userId)} SELECT id FROM tops`.execute(db)).rows.map((r) => r.id)
