// Name search: labs whose name contains the words typed, case-insensitively, among everything a
// user can see (their own labs and the inside of the labs shared with them), or inside one folder.
//
// Each engine answers "contains" from its trigram index (migration 0003): PostgreSQL plans the
// LIKE through pg_trgm itself; SQLite is asked through its FTS5 trigram table, whose phrase query
// is a substring match of 3 characters or more (shorter searches scan the owner's name index).
// On SQLite the same hits also serve the inside of shared folders, each kept when one of its
// ancestors is shared with the user: the cost follows the hits, not the size of what is shared.
// One query finds the page's ids and the total; a second reads the page's rows.
import { type Kysely, type RawBuilder, sql } from "kysely"
import type { Ordering } from "../../src/contract/labs.ts"
import type { Paging } from "../domain/paging.ts"
import { type LabRow, MAX_DEPTH } from "./lab-access.ts"
import { containsPattern, orderSql, type RowPage, sharedTops } from "./lab-listing.ts"
import type { Engine } from "./migrations.ts"
import type { Database } from "./schema.ts"

type Db = Kysely<Database>

/** SQLite's trigram table finds substrings of at least this many characters. */
const TRIGRAM = 3

/** The columns a page is ordered by: enough to sort and count without reading whole rows. */
const keys = sql`l.id, l.is_dir, l.name_lower, l.updated_at, l.created_at, l.size`

/**
 * The labs (as `l`) whose name contains `search`: CTEs to place first (`with`, ending in a comma, or
 * empty), a FROM clause and its condition. On SQLite the trigram hits are read once, with the
 * columns a page needs, into the CTE `hits` that both the user's own part and the shared part
 * filter; the hits drive the loop (CROSS JOIN keeps that order), so a rare word reads a few rows
 * instead of the owner's whole name index.
 */
const nameMatches = (
  engine: Engine,
  search: string
): { readonly with: RawBuilder<unknown>; readonly from: RawBuilder<unknown>; readonly on: RawBuilder<unknown>; readonly sharesFromHits: boolean } => {
  const lower = search.toLowerCase()
  if (engine === "sqlite" && [...lower].length >= TRIGRAM) {
    const phrase = `"${lower.replaceAll('"', '""')}"`
    return {
      with: sql`hits(id, is_dir, name_lower, updated_at, created_at, size, owner_id, deleted_at) AS MATERIALIZED (
        SELECT ${keys}, l.owner_id, l.deleted_at FROM labs_fts CROSS JOIN lab_search_keys k CROSS JOIN labs l
        WHERE labs_fts MATCH ${phrase} AND k.key = labs_fts.rowid AND l.id = k.lab_id
      ),`,
      from: sql`hits l`,
      on: sql`1 = 1`,
      sharesFromHits: true
    }
  }
  // pg_trgm serves any LIKE; a SQLite search shorter than a trigram has no index to ask. PostgreSQL
  // walks the shares too: starting from its trigram matches measured slower there (labs bench:
  // selective 133 against 166 req/s, broad 6 against 33), as it reads every owner's matches first.
  return { with: sql``, from: sql`labs l`, on: likeName(search), sharesFromHits: false }
}

/** The same condition by LIKE, for labs already narrowed down (the inside of a folder or of a share). */
const likeName = (search: string): RawBuilder<unknown> => sql`l.name_lower LIKE ${containsPattern(search)} ESCAPE '\\'`

/**
 * A recursive CTE `name` of every live lab below the seed labs (`seed` selects labs as `l`), each
 * row carrying its `keys`, so that matching and ordering need no second lookup per lab. Only
 * folders are walked into: a file has no children, and probing the children index once per file
 * would double the walk.
 */
const walk = (name: string, seed: RawBuilder<unknown>, seedDepth: number) => sql`${sql.id(name)}(id, is_dir, name_lower, updated_at, created_at, size, depth) AS (
      SELECT ${keys}, ${sql.lit(seedDepth)} FROM ${seed}
      UNION ALL
      SELECT c.id, c.is_dir, c.name_lower, c.updated_at, c.created_at, c.size, w.depth + 1 FROM ${sql.id(name)} w CROSS JOIN labs c
      WHERE w.is_dir = 1 AND c.parent_id = w.id AND c.deleted_at IS NULL AND w.depth < ${MAX_DEPTH}
    )`

/** The walked labs whose name contains `search`, as `keys`. */
const walkedMatches = (name: string, search: string) =>
  sql`SELECT w.id, w.is_dir, w.name_lower, w.updated_at, w.created_at, w.size FROM ${sql.id(name)} w WHERE w.name_lower LIKE ${containsPattern(search)} ESCAPE '\\'`

/** Runs `ctes` (ending with a `found` CTE of `keys`) for one page: its rows in order, and the total. */
const page = async (db: Db, ctes: RawBuilder<unknown>, ordering: Ordering, paging: Paging): Promise<RowPage> => {
  const { rows: ids } = await sql<{ id: string; total: number }>`${ctes}
    SELECT f.id, count(*) OVER () AS total FROM found f
    ORDER BY ${orderSql(ordering, "f")} LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(db)
  if (ids.length === 0) {
    // Past the last page the window has no row to carry the total.
    const count = paging.offset === 0 ? 0 : Number((await sql<{ n: number }>`${ctes} SELECT count(*) AS n FROM found`.execute(db)).rows[0]?.n ?? 0)
    return { rows: [], count }
  }
  const rows = await db
    .selectFrom("labs")
    .selectAll()
    .where(
      "id",
      "in",
      ids.map((r) => r.id)
    )
    .execute()
  const byId = new Map<string, LabRow>(rows.map((r) => [r.id, r]))
  return { rows: ids.flatMap((r) => byId.get(r.id) ?? []), count: Number(ids[0]!.total) }
}

/**
 * The labs inside what is shared with the user whose name contains `search`, as a CTE `shared_found`
 * of `keys` (after `sharedTops`). A tree has one owner, so the candidates are the name index's hits
 * among the labs of those who shared something with the user; a candidate is kept when it, or one
 * of its ancestors, is a shared top (the candidates are materialized: both the walk up and the answer
 * read them). Otherwise (PostgreSQL, or a SQLite search under 3 characters) the shared trees are walked.
 */
const sharedMatches = (m: ReturnType<typeof nameMatches>, search: string): RawBuilder<unknown> =>
  m.sharesFromHits
    ? sql`lenders(owner_id) AS (SELECT DISTINCT l.owner_id FROM tops CROSS JOIN labs l WHERE l.id = tops.id),
    candidates(id, is_dir, name_lower, updated_at, created_at, size) AS MATERIALIZED (
      SELECT ${keys} FROM ${m.from} WHERE ${m.on} AND l.owner_id IN (SELECT owner_id FROM lenders) AND l.deleted_at IS NULL
    ),
    up(start_id, id, depth) AS (
      SELECT c.id, c.id, 0 FROM candidates c
      UNION ALL
      SELECT up.start_id, l.parent_id, up.depth + 1 FROM up CROSS JOIN labs l WHERE l.id = up.id AND l.parent_id IS NOT NULL AND up.depth < ${MAX_DEPTH}
    ),
    shared_found(id, is_dir, name_lower, updated_at, created_at, size) AS (
      SELECT c.id, c.is_dir, c.name_lower, c.updated_at, c.created_at, c.size FROM candidates c
      WHERE c.id IN (SELECT up.start_id FROM up WHERE up.id IN (SELECT id FROM tops))
    )`
    : sql`${walk("shared", sql`tops CROSS JOIN labs l WHERE l.id = tops.id`, 0)},
    shared_found(id, is_dir, name_lower, updated_at, created_at, size) AS (${walkedMatches("shared", search)})`

/**
 * Search across the user's own labs (through the name index) and the inside of what is shared with
 * them. The two cannot overlap: a tree has one owner.
 */
export const searchPage = (db: Db, engine: Engine, userId: string, search: string, ordering: Ordering, paging: Paging): Promise<RowPage> => {
  const m = nameMatches(engine, search)
  return page(
    db,
    sql`WITH RECURSIVE ${m.with} ${sharedTops(userId)},
    ${sharedMatches(m, search)},
    found AS (
      SELECT ${keys} FROM ${m.from} WHERE ${m.on} AND l.owner_id = ${userId} AND l.deleted_at IS NULL
      UNION ALL
      SELECT * FROM shared_found
    )`,
    ordering,
    paging
  )
}

/** Search inside one folder, at any depth: walked from the folder, so no index on names is needed. */
export const searchWithinPage = (db: Db, folderId: string, search: string, ordering: Ordering, paging: Paging): Promise<RowPage> =>
  page(
    db,
    sql`WITH RECURSIVE ${walk("inside", sql`labs l WHERE l.parent_id = ${folderId} AND l.deleted_at IS NULL`, 1)},
    found AS (${walkedMatches("inside", search)})`,
    ordering,
    paging
  )
