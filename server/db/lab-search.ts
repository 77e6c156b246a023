// Name search: labs whose name contains the words typed, case-insensitively, among everything a
// user can see (their own labs and the inside of the labs shared with them), or inside one folder.
// Each engine answers "contains" from its trigram index (migration 0003): PostgreSQL plans the LIKE
// through pg_trgm; SQLite asks its FTS5 trigram table (a substring match of 3 characters or more).
// The index is first asked how common the words are (probeSqlite; on PostgreSQL inside the search's
// own statement). A rare word's hits are read whole, one statement cutting the page with the exact
// total (pageOf), the same hits serving the inside of shared folders; a broad word is read in name
// order until the page is full (broadFound), shared trees folder by folder off the children index.
// The database decides access and order; tests/server/search-vs-filter.test.ts holds it to a plain
// filter and sort.
import { type Kysely, type RawBuilder, sql } from "kysely"
import type { Ordering } from "../../src/contract/labs.ts"
import type { Paging } from "../domain/paging.ts"
import type { ChainLink } from "../domain/standing.ts"
import { chainLinks, chainsJson, chainsUp, MAX_DEPTH } from "./lab-access.ts"
import { containsPattern, type ListedRow, orderSql, sharedTops } from "./lab-listing.ts"
import { WIRE_COLUMNS } from "./lab-wire.ts"
import type { Engine } from "./migrations.ts"
import type { Database } from "./schema.ts"

type Db = Kysely<Database>

/** SQLite's trigram table finds substrings of at least this many characters. */
const TRIGRAM = 3

/** The columns a page is ordered by: enough to sort and count without reading whole rows. */
const KEYS = ["id", "is_dir", "name_lower", "updated_at", "created_at", "size"]
const keys = sql.raw(KEYS.map((c) => `l.${c}`).join(", "))
/** The columns a broad search reads: what names it and orders it by name. */
const NAMED = ["id", "is_dir", "name_lower"]

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
): {
  readonly with: RawBuilder<unknown>
  readonly from: RawBuilder<unknown>
  readonly on: RawBuilder<unknown>
  readonly sharesFromHits: boolean
} => {
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
  // PostgreSQL asks inside the statement (postgresSearch): `probe` holds the hits' ids, or NULL
  // when the word is broad, and then `hits` is empty.
  if (engine === "postgres" && !probe.broad)
    return {
      with: sql`probe(ids) AS MATERIALIZED (SELECT lab_name_hits(${containsPattern(search)}, ${BROAD_HITS}, ${MAX_HIT_IDS})),
      gate(broad) AS (SELECT ids IS NULL FROM probe),
      hits(id, is_dir, name_lower, updated_at, created_at, size, owner_id, deleted_at) AS MATERIALIZED (
        SELECT ${keys}, l.owner_id, l.deleted_at FROM probe CROSS JOIN unnest(probe.ids) j(id) JOIN labs l ON l.id = j.id
      ),`,
      from: sql`hits l`,
      on: sql`1 = 1`,
      sharesFromHits: true
    }
  // pg_trgm serves any LIKE; a SQLite search shorter than a trigram has no index to ask. A common
  // word's matches (in other orders than by name) would be every owner's: the shares are walked.
  return { with: sql``, from: sql`labs l`, on: likeName(search), sharesFromHits: false }
}

/** An FTS5 phrase of the text: a substring match on the trigram table. */
const phraseOf = (lower: string) => `"${lower.replaceAll('"', '""')}"`

/** The same condition by LIKE, for labs already narrowed down (the inside of a folder or of a share). */
const likeName = (search: string): RawBuilder<unknown> => sql`l.name_lower LIKE ${containsPattern(search)} ESCAPE '\\'`

/**
 * A recursive CTE `name` of the live folders below the seed labs (`seed` selects labs as `l`; the
 * seeds that are folders start it). Only folders are walked: the labs inside them are then read off
 * the children index, which holds the name, so a name is tested on the index entry and only the
 * matches' rows are read (childrenMatching). Walking every lab, a recursive row per file, cost about
 * ten times as much for a shared tree of 1,000 labs (0.6 against 0.07 ms on SQLite).
 */
export const folders = (name: string, seed: RawBuilder<unknown>) => sql`${sql.id(name)}(id, depth) AS (
      SELECT l.id, 0 FROM ${seed} AND l.is_dir = 1
      UNION ALL
      SELECT c.id, w.depth + 1 FROM ${sql.id(name)} w CROSS JOIN labs c
      WHERE c.parent_id = w.id AND c.deleted_at IS NULL AND c.is_dir = 1 AND w.depth < ${MAX_DEPTH}
    )`

/** Raw text: the column names are this module's own constants, and raw fragments cost no compiling. */
const columnsOf = (alias: string, columns: ReadonlyArray<string>) => sql.raw(columns.map((c) => `${alias}.${c}`).join(", "))

/** The live labs directly inside the folders of CTE `name` (so at any depth below its seeds) that pass `test`. */
export const childrenMatching = (name: string, test: (alias: string) => RawBuilder<unknown>, columns: ReadonlyArray<string> = KEYS) =>
  sql`SELECT ${columnsOf("c", columns)} FROM ${sql.id(name)} w CROSS JOIN labs c WHERE c.parent_id = w.id AND c.deleted_at IS NULL AND ${test("c")}`

/** The labs shared with the user at the top that pass `test` (their insides are childrenMatching's). */
const topsMatching = (test: (alias: string) => RawBuilder<unknown>, columns: ReadonlyArray<string> = KEYS) =>
  sql`SELECT ${columnsOf("l", columns)} FROM tops CROSS JOIN labs l WHERE l.id = tops.id AND ${test("l")}`

const sharedFolders = folders("shared_dirs", sql`tops CROSS JOIN labs l WHERE l.id = tops.id`)

/** LIKE on a name of `alias`. */
const likeOn = (search: string) => (alias: string) => sql`${sql.ref(`${alias}.name_lower`)} LIKE ${containsPattern(search)} ESCAPE '\\'`

/** A found lab with its owner, the asker's favorite and its chain (whence the asker's view of it). */
export interface FoundRow extends ListedRow {
  readonly chain: ReadonlyArray<ChainLink>
}

/** A page of found labs. */
export interface FoundPage {
  readonly rows: ReadonlyArray<FoundRow>
  readonly count: number
  /** The count is a lower bound: counting stopped once the page and the next were known (broad search). */
  readonly atLeast?: boolean
}

const shown = sql.raw(`${WIRE_COLUMNS.map((c) => `l.${c}`).join(", ")}, fv.lab_id AS favorite_of, NULL AS member_role,
  u.email AS owner_email, u.name AS owner_name, u.username AS owner_username, u.avatar AS owner_avatar`)

/**
 * Runs `ctes` (starting WITH RECURSIVE and ending with a `found` CTE of at least the columns
 * `ordering` needs) for one page, in one statement: the page is cut from `found` with the total of
 * `found` beside each row, and only its rows are joined to their shown columns, owner and the
 * viewer's favorite, and walked up to the root for their chains (whence the asker's view of each,
 * as linksOf reads them; a statement of their own cost about as much as the rest of a search's
 * page). Past the last page no row carries the total: it is counted apart.
 *
 * The page's LIMIT and OFFSET are written in: PostgreSQL plans a named statement's bound LIMIT
 * as a tenth of its rows, which made the generic plan of this one look costlier than planning it
 * afresh, and so it was planned afresh at every search (about 5 ms).
 *
 * `gated`: the CTEs hold a one-row `gate(broad)`, PostgreSQL's probe (postgresSearch), whose answer
 * comes back even when the page is empty (the page is joined to it, so one row with no lab).
 */
const pageOf = async (
  db: Db,
  engine: Engine,
  ctes: RawBuilder<unknown>,
  ordering: Ordering,
  paging: Paging,
  viewerId: string | undefined,
  gated = false
): Promise<{ readonly rows: ReadonlyArray<FoundRow>; readonly total: number; readonly broad: boolean }> => {
  const from = gated ? sql`gate g LEFT JOIN cut p ON true LEFT JOIN labs l ON l.id = p.id` : sql`cut p JOIN labs l ON l.id = p.id`
  const { rows: got } = await sql<ListedRow & { total: number; broad?: boolean; chain: unknown }>`${ctes},
    cut AS MATERIALIZED (
      SELECT f.*, count(*) OVER () AS total FROM found f
      ORDER BY ${orderSql(ordering, "f")} LIMIT ${sql.lit(paging.limit)} OFFSET ${sql.lit(paging.offset)}
    ),
    ${chainsUp(sql`cut s CROSS JOIN labs l WHERE l.id = s.id`)},
    ${chainsJson(engine, viewerId)}
    SELECT ${shown}, p.total, ch.chain${gated ? sql`, g.broad` : sql``} FROM ${from}
    LEFT JOIN chains ch ON ch.start_id = p.id
    LEFT JOIN users u ON u.id = l.owner_id
    LEFT JOIN lab_favorites fv ON fv.lab_id = l.id AND fv.user_id = ${viewerId ?? ""}
    ORDER BY ${orderSql(ordering, "p")}`.execute(db)
  const broad = got[0]?.broad === true
  const rows = (gated ? got.filter((row) => row.id !== null) : got).map(({ chain, ...row }) => ({ ...row, chain: chainLinks(chain) }))
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total), broad }
  const total =
    paging.offset === 0 ? 0 : Number((await sql<{ n: number }>`${ctes} SELECT count(*) AS n FROM found`.execute(db)).rows[0]?.n ?? 0)
  return { rows: [], total, broad }
}

/** Every hit read: the count is exact. */
export const page = async (
  db: Db,
  engine: Engine,
  ctes: RawBuilder<unknown>,
  ordering: Ordering,
  paging: Paging,
  viewerId: string | undefined
): Promise<FoundPage> => {
  const { rows, total } = await pageOf(db, engine, ctes, ordering, paging, viewerId)
  return { rows, count: total }
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
    : sql`${sharedFolders},
    shared_found(id, is_dir, name_lower, updated_at, created_at, size) AS (
      ${childrenMatching("shared_dirs", likeOn(search))} UNION ALL ${topsMatching(likeOn(search))}
    )`

/**
 * Hits from which a search is "broad". Reading a hit costs a few microseconds (the index
 * entry, then the lab), so a word in 10,000 names costs tens of milliseconds to read, sort and
 * count whole; below this many, reading every hit is cheap and the total is exact.
 */
export const BROAD_HITS = 600

/** PostgreSQL: the most hit ids a search that its planner thought rare carries in one array. */
const MAX_HIT_IDS = BROAD_HITS * 10

/**
 * What the trigram index says of a search: broad, or not. On SQLite, with the keys of its every hit;
 * on PostgreSQL a search not yet known to be broad is asked inside its statement (postgresSearch).
 */
export type Probe = { readonly broad: true } | { readonly broad: false; readonly hitKeys?: ReadonlyArray<number> }

/**
 * SQLite: how common the words are, among every lab's name. The hits' keys are read, up to
 * BROAD_HITS (a rare word's keys then serve the search itself; a common one stops early). A search
 * shorter than a trigram counts as broad: there is no index to ask, and short words are common.
 */
export const probeSqlite = async (db: Db, search: string): Promise<Probe> => {
  const lower = search.toLowerCase()
  if ([...lower].length < TRIGRAM) return { broad: true }
  const { rows } = await sql<{
    key: number
  }>`SELECT rowid AS key FROM labs_fts WHERE labs_fts MATCH ${phraseOf(lower)} LIMIT ${BROAD_HITS}`.execute(db)
  return rows.length >= BROAD_HITS ? { broad: true } : { broad: false, hitKeys: rows.map((r) => r.key) }
}

const byName = (ordering: Ordering): ordering is "name" | "-name" => ordering === "name" || ordering === "-name"

/**
 * Search across the user's own labs (through the name index) and the inside of what is shared with
 * them. The two cannot overlap: a tree has one owner. A broad search in name order reads names in
 * that order and stops after the page (broadPage); any other reads every hit.
 */
export const searchPage = async (
  db: Db,
  engine: Engine,
  userId: string,
  search: string,
  ordering: Ordering,
  paging: Paging
): Promise<FoundPage> => {
  if (engine === "postgres") return postgresSearch(db, userId, search, ordering, paging)
  const probe = await probeSqlite(db, search)
  if (probe.broad && byName(ordering)) return broadPage(db, userId, search, ordering, paging)
  return everyHit(db, "sqlite", userId, search, ordering, paging, probe)
}

/** The CTEs up to `hit_found`: every lab the user can see whose name contains `search` (an exact count). */
export const hitFound = (engine: Engine, userId: string, search: string, probe: Probe) => {
  const m = nameMatches(engine, search, probe)
  return sql`WITH RECURSIVE ${m.with} ${sharedTops(userId)},
    ${sharedMatches(m, search)},
    hit_found AS (
      SELECT ${keys} FROM ${m.from} WHERE ${m.on} AND l.owner_id = ${userId} AND l.deleted_at IS NULL
      UNION ALL
      SELECT * FROM shared_found
    )`
}

/** A page of every hit, read, sorted and counted. */
const everyHit = (
  db: Db,
  engine: Engine,
  userId: string,
  search: string,
  ordering: Ordering,
  paging: Paging,
  probe: Probe
): Promise<FoundPage> =>
  page(db, engine, sql`${hitFound(engine, userId, search, probe)}, found AS (SELECT * FROM hit_found)`, ordering, paging, userId)

/**
 * PostgreSQL's search in one statement, as a folder's page is: the probe (migration 0017's
 * lab_name_hits: the planner's estimate, then a rare word's ids) runs first inside it, and its answer
 * gates the rest. A rare word's page is read from its ids; in name order a broad word's page is
 * read as broadPage reads it, in the same statement: each part sits under a one-time filter on
 * `gate`, so PostgreSQL runs only the part the probe chose. A broad word in another order then
 * reads every hit by LIKE, a second statement.
 */
const postgresSearch = async (db: Db, userId: string, search: string, ordering: Ordering, paging: Paging): Promise<FoundPage> => {
  const hits = hitFound("postgres", userId, search, { broad: false })
  if (!byName(ordering)) {
    const found = await pageOf(db, "postgres", sql`${hits}, found AS (SELECT * FROM hit_found)`, ordering, paging, userId, true)
    return found.broad
      ? everyHit(db, "postgres", userId, search, ordering, paging, { broad: true })
      : { rows: found.rows, count: found.total }
  }
  const need = paging.offset + paging.limit + 1
  const named = columnsOf("h", NAMED)
  const found = await pageOf(
    db,
    "postgres",
    sql`${hits},
    ${broadFound("postgres", "broad_found", userId, search, ordering, need)},
    found AS (
      SELECT ${named} FROM hit_found h
      UNION ALL
      SELECT * FROM broad_found WHERE (SELECT broad FROM gate)
    )`,
    ordering,
    paging,
    userId,
    true
  )
  return { rows: found.rows, count: found.total, ...(found.broad ? { atLeast: found.total >= need } : {}) }
}

/**
 * A broad search's matches, like a search engine's: the first `need` matches of each part in name
 * order (the user's folders and files, each a range of labs_owner_live_name read in order until
 * enough names match, and the shared trees walked), as a CTE `name` after `sharedTops`. Counted,
 * the total is exact when short of `need` and otherwise a lower bound (`atLeast`).
 *
 * Only ids, kinds and names are read, which the index holds: SQLite reads no row, PostgreSQL none
 * that vacuum marked visible. Names are tested with a plain substring function, which no trigram
 * index answers (PostgreSQL would otherwise read every hit and sort them, the very cost this
 * avoids) and which lets PostgreSQL keep the query prepared (postgres.ts plans each LIKE afresh).
 */
const broadFound = (engine: Engine, name: string, userId: string, search: string, ordering: "name" | "-name", need: number) => {
  const direction = sql.raw(ordering === "name" ? "ASC" : "DESC")
  const needle = search.toLowerCase()
  const contains = (alias: string) =>
    sql`${sql.raw(engine === "sqlite" ? "instr" : "strpos")}(${sql.ref(`${alias}.name_lower`)}, ${needle}) > 0`
  const own = engine === "sqlite" ? sql`labs l INDEXED BY labs_owner_live_name` : sql`labs l`
  const ownKind = (isDir: 0 | 1) => sql`SELECT * FROM (
      SELECT l.id, l.is_dir, l.name_lower FROM ${own} WHERE l.owner_id = ${userId} AND l.deleted_at IS NULL AND l.is_dir = ${sql.lit(isDir)}
        AND ${contains("l")} ORDER BY l.name_lower ${direction} LIMIT ${need}) o${sql.lit(isDir)}`
  // PostgreSQL joined the shared folders to every lab whose name matched (a hash join over a
  // sequential scan: 100 ms); asked per folder for its first matches in order, it reads each
  // folder's children off labs_live_children and stops. SQLite's nested loop already does.
  const sharedChildren =
    engine === "postgres"
      ? sql`SELECT c.* FROM shared_dirs w CROSS JOIN LATERAL (
          SELECT c.id, c.is_dir, c.name_lower FROM labs c WHERE c.parent_id = w.id AND c.deleted_at IS NULL AND ${contains("c")}
          ORDER BY c.is_dir DESC, c.name_lower ${direction} LIMIT ${need}) c`
      : childrenMatching("shared_dirs", contains, NAMED)
  return sql`${sharedFolders},
    ${sql.id(name)} AS (
      ${ownKind(1)}
      UNION ALL
      ${ownKind(0)}
      UNION ALL
      SELECT * FROM (
        SELECT * FROM (${sharedChildren} UNION ALL ${topsMatching(contains, NAMED)}) w
        ORDER BY w.is_dir DESC, w.name_lower ${direction} LIMIT ${need}) s
    )`
}

/** SQLite: a broad search's page in name order (broadFound). */
const broadPage = async (db: Db, userId: string, search: string, ordering: "name" | "-name", paging: Paging): Promise<FoundPage> => {
  const need = paging.offset + paging.limit + 1
  const ctes = sql`WITH RECURSIVE ${sharedTops(userId)}, ${broadFound("sqlite", "found", userId, search, ordering, need)}`
  const { rows, total } = await pageOf(db, "sqlite", ctes, ordering, paging, userId)
  return { rows, count: total, atLeast: total >= need }
}

/** Search inside one folder, at any depth: its folders walked, so no index on names is needed. */
export const searchWithinPage = (
  db: Db,
  engine: Engine,
  folderId: string,
  search: string,
  ordering: Ordering,
  paging: Paging,
  viewerId: string | undefined
): Promise<FoundPage> =>
  page(
    db,
    engine,
    sql`WITH RECURSIVE ${folders("inside", sql`labs l WHERE l.id = ${folderId}`)},
    found AS (${childrenMatching("inside", likeOn(search))})`,
    ordering,
    paging,
    viewerId
  )
