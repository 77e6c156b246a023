// Name search: labs whose name contains the words typed, case-insensitively, among everything a
// user can see (their own labs and the inside of the labs shared with them), or inside one folder.
//
// Each engine answers "contains" from its trigram index (migration 0003): PostgreSQL plans the
// LIKE through pg_trgm itself; SQLite is asked through its FTS5 trigram table, whose phrase query
// is a substring match of 3 characters or more. The index is asked first how common the words are
// (probeNames). A rare word's hits are read whole: one query finds the page's ids and the exact
// total, a second reads the page's rows; on SQLite the same hits also serve the inside of shared
// folders, each kept when one of its ancestors is shared with the user. A broad word in name order
// is read like a search engine reads it (broadPage): names in order until the page is full.
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
const KEYS = ["id", "is_dir", "name_lower", "updated_at", "created_at", "size"]
const keys = sql.raw(KEYS.map((c) => `l.${c}`).join(", "))

/**
 * The labs (as `l`) whose name contains `search`: CTEs to place first (`with`, ending in a comma, or
 * empty), a FROM clause and its condition. On SQLite the trigram hits are read once, with the
 * columns a page needs, into the CTE `hits` that both the user's own part and the shared part
 * filter; the hits drive the loop (CROSS JOIN keeps that order), so a rare word reads a few rows
 * instead of the owner's whole name index; the probe's keys of them, when it found them all, spare
 * asking the trigram table twice.
 */
const nameMatches = (
  engine: Engine,
  search: string,
  probe: Probe
): { readonly with: RawBuilder<unknown>; readonly from: RawBuilder<unknown>; readonly on: RawBuilder<unknown>; readonly sharesFromHits: boolean } => {
  const lower = search.toLowerCase()
  if (engine === "sqlite" && [...lower].length >= TRIGRAM) {
    const hitKeys = probe.broad ? undefined : probe.hitKeys
    const source =
      hitKeys === undefined
        ? sql`labs_fts CROSS JOIN lab_search_keys k CROSS JOIN labs l WHERE labs_fts MATCH ${phraseOf(lower)} AND k.key = labs_fts.rowid`
        : sql`json_each(${JSON.stringify(hitKeys)}) j CROSS JOIN lab_search_keys k CROSS JOIN labs l WHERE k.key = j.value`
    return {
      with: sql`hits(id, is_dir, name_lower, updated_at, created_at, size, owner_id, deleted_at) AS MATERIALIZED (
        SELECT ${keys}, l.owner_id, l.deleted_at FROM ${source} AND l.id = k.lab_id
      ),`,
      from: sql`hits l`,
      on: sql`1 = 1`,
      sharesFromHits: true
    }
  }
  // pg_trgm serves any LIKE; a SQLite search shorter than a trigram has no index to ask. PostgreSQL
  // starts the shared part from its trigram matches too when they are few; a common word's (in other
  // orders than by name) would read every owner's matches first, and walks the shares instead.
  return { with: sql``, from: sql`labs l`, on: likeName(search), sharesFromHits: engine === "postgres" && !probe.broad }
}

/** An FTS5 phrase of the text: a substring match on the trigram table. */
const phraseOf = (lower: string) => `"${lower.replaceAll('"', '""')}"`

/** The same condition by LIKE, for labs already narrowed down (the inside of a folder or of a share). */
const likeName = (search: string): RawBuilder<unknown> => sql`l.name_lower LIKE ${containsPattern(search)} ESCAPE '\\'`

/**
 * A recursive CTE `name` of every live lab below the seed labs (`seed` selects labs as `l`), each
 * row carrying its `columns` (the `keys` unless told), so that matching and ordering need no second lookup per lab. Only
 * folders are walked into: a file has no children, and probing the children index once per file
 * would double the walk.
 */
const walk = (name: string, seed: RawBuilder<unknown>, seedDepth: number, columns: ReadonlyArray<string> = KEYS) => {
  // Raw text: the column names are this module's own constants, and raw fragments cost no compiling.
  const from = (alias: string) => sql.raw(columns.map((c) => `${alias}.${c}`).join(", "))
  return sql`${sql.id(name)}(${sql.raw(columns.join(", "))}, depth) AS (
      SELECT ${from("l")}, ${sql.lit(seedDepth)} FROM ${seed}
      UNION ALL
      SELECT ${from("c")}, w.depth + 1 FROM ${sql.id(name)} w CROSS JOIN labs c
      WHERE w.is_dir = 1 AND c.parent_id = w.id AND c.deleted_at IS NULL AND w.depth < ${MAX_DEPTH}
    )`
}

/** The walked labs whose name contains `search`, as `keys`. */
const walkedMatches = (name: string, search: string) =>
  sql`SELECT w.id, w.is_dir, w.name_lower, w.updated_at, w.created_at, w.size FROM ${sql.id(name)} w WHERE w.name_lower LIKE ${containsPattern(search)} ESCAPE '\\'`

/** The rows of `ids`, in their order. */
const rowsOf = async (db: Db, ids: ReadonlyArray<string>): Promise<ReadonlyArray<LabRow>> => {
  if (ids.length === 0) return []
  const rows = await db.selectFrom("labs").selectAll().where("id", "in", ids).execute()
  const byId = new Map<string, LabRow>(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

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
  return { rows: await rowsOf(db, ids.map((r) => r.id)), count: Number(ids[0]!.total) }
}

/**
 * The labs inside what is shared with the user whose name contains `search`, as a CTE `shared_found`
 * of `keys` (after `sharedTops`). A tree has one owner, so the candidates are the name index's hits
 * among the labs of those who shared something with the user; a candidate is kept when it, or one
 * of its ancestors, is a shared top (the candidates are materialized: both the walk up and the answer
 * read them). Otherwise (a common word on PostgreSQL, whose hits would be every owner's, or a SQLite
 * search under 3 characters) the shared trees are walked.
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
 * Hits from which a search is "broad". Reading a hit costs a few microseconds (the index
 * entry, then the lab), so a word in 10,000 names costs tens of milliseconds to read, sort and
 * count whole; below this many, reading every hit is cheap and the total is exact.
 */
export const BROAD_HITS = 600

/** What the trigram index says of a search: broad, or not, with (SQLite) the keys of its every hit. */
type Probe = { readonly broad: true } | { readonly broad: false; readonly hitKeys?: ReadonlyArray<number> }

/**
 * How common the words are, among every lab's name. SQLite reads the hits' keys, up to BROAD_HITS
 * (a rare word's keys then serve the search itself; a common one stops early). PostgreSQL is asked
 * for its planner's estimate, from the column's statistics: counting there would read the table or
 * the trigram index's longest lists. A search shorter than a trigram counts as broad: SQLite has no
 * index to ask, and short words are common.
 */
const probeNames = async (db: Db, engine: Engine, search: string): Promise<Probe> => {
  const lower = search.toLowerCase()
  if (engine === "sqlite") {
    if ([...lower].length < TRIGRAM) return { broad: true }
    const { rows } = await sql<{ key: number }>`SELECT rowid AS key FROM labs_fts WHERE labs_fts MATCH ${phraseOf(lower)} LIMIT ${BROAD_HITS}`.execute(db)
    return rows.length >= BROAD_HITS ? { broad: true } : { broad: false, hitKeys: rows.map((r) => r.key) }
  }
  const { rows } = await sql<{ "QUERY PLAN": ReadonlyArray<{ Plan: { "Plan Rows": number } }> }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM labs l WHERE ${likeName(search)}`.execute(db)
  return { broad: (rows[0]?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0) >= BROAD_HITS }
}

/**
 * Search across the user's own labs (through the name index) and the inside of what is shared with
 * them. The two cannot overlap: a tree has one owner. A broad search in name order reads names in
 * that order and stops after the page (broadPage); any other reads every hit.
 */
export const searchPage = async (db: Db, engine: Engine, userId: string, search: string, ordering: Ordering, paging: Paging): Promise<RowPage> => {
  const probe = await probeNames(db, engine, search)
  if (probe.broad && (ordering === "name" || ordering === "-name")) return broadPage(db, engine, userId, search, ordering, paging)
  const m = nameMatches(engine, search, probe)
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

/**
 * A broad search's page, like a search engine's: the first `offset + limit + 1` matches of each
 * part in name order (the user's folders and files, each a range of labs_owner_live_name read in
 * order until enough names match, and the shared trees walked), merged; the total is counted only as
 * far as that, so it is exact when short of it and otherwise a lower bound (`atLeast`).
 *
 * Only ids, kinds and names are read, which the index holds: SQLite reads no row, PostgreSQL none
 * that vacuum marked visible. Names are tested with a plain substring function, which no trigram
 * index answers (PostgreSQL would otherwise read every hit and sort them, the very cost this
 * avoids) and which lets PostgreSQL keep the query prepared (postgres.ts plans each LIKE afresh).
 */
const broadPage = async (db: Db, engine: Engine, userId: string, search: string, ordering: "name" | "-name", paging: Paging): Promise<RowPage> => {
  const need = paging.offset + paging.limit + 1
  const direction = sql.raw(ordering === "name" ? "ASC" : "DESC")
  const needle = search.toLowerCase()
  const contains = (alias: string) => sql`${sql.raw(engine === "sqlite" ? "instr" : "strpos")}(${sql.ref(`${alias}.name_lower`)}, ${needle}) > 0`
  const own = engine === "sqlite" ? sql`labs l INDEXED BY labs_owner_live_name` : sql`labs l`
  const ownKind = (isDir: 0 | 1) => sql`SELECT * FROM (
      SELECT l.id, l.is_dir, l.name_lower FROM ${own} WHERE l.owner_id = ${userId} AND l.deleted_at IS NULL AND l.is_dir = ${sql.lit(isDir)}
        AND ${contains("l")} ORDER BY l.name_lower ${direction} LIMIT ${need}) o${sql.lit(isDir)}`
  const { rows } = await sql<{ id: string }>`WITH RECURSIVE ${sharedTops(userId)},
    ${walk("shared", sql`tops CROSS JOIN labs l WHERE l.id = tops.id`, 0, ["id", "is_dir", "name_lower"])},
    found AS (
      ${ownKind(1)}
      UNION ALL
      ${ownKind(0)}
      UNION ALL
      SELECT * FROM (SELECT w.id, w.is_dir, w.name_lower FROM shared w
        WHERE ${contains("w")} ORDER BY w.is_dir DESC, w.name_lower ${direction} LIMIT ${need}) s
    )
    SELECT f.id FROM found f ORDER BY ${orderSql(ordering, "f")}`.execute(db)
  const ids = rows.slice(paging.offset, paging.offset + paging.limit).map((r) => r.id)
  return { rows: await rowsOf(db, ids), count: rows.length, atLeast: rows.length >= need }
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
