// The pages of labs: a folder's children, the owner's root, and name search across everything a
// user can see (their own labs, and the labs inside what is shared with them). Folders come first;
// the default order (by name) follows the listing indexes, so a page reads only its own rows.
import { type Kysely, type RawBuilder, sql } from "kysely"
import type { Ordering, Role } from "../../src/contract/labs.ts"
import type { Paging } from "../domain/paging.ts"
import type { ChainLink } from "../domain/standing.ts"
import { type LabRow, MAX_DEPTH } from "./lab-access.ts"
import { type ListedRow, WIRE_COLUMNS } from "./lab-wire.ts"
import type { Engine } from "./migrations.ts"
import type { Database } from "./schema.ts"

export type { ListedRow }

type Db = Kysely<Database>

export interface RowPage {
  readonly rows: ReadonlyArray<LabRow>
  readonly count: number
  /** The count is a lower bound: counting stopped once the page and the next were known (broad search). */
  readonly atLeast?: boolean
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
export const orderSql = (ordering: Ordering, alias: string): RawBuilder<unknown> => {
  const { column, direction } = orderColumn[ordering]
  const byName = column === "name_lower" ? "" : `${alias}.name_lower ASC, `
  return sql.raw(`${alias}.is_dir DESC, ${alias}.${column} ${direction.toUpperCase()}, ${byName}${alias}.id ASC`)
}

/** `LIKE` pattern for a part of a name: its wildcards taken literally. */
export const containsPattern = (search: string): string => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface ListedPage {
  readonly rows: ReadonlyArray<ListedRow>
  readonly count: number
}

type Where = "children" | "root"

/** The shown columns of `l`, as one raw fragment: built once, not compiled node by node per request. */
const wireColumns = sql.raw(WIRE_COLUMNS.map((c) => `l.${c}`).join(", "))

/**
 * The ORDER BY of a folder's or the root's page. Live siblings have distinct names, so the name order
 * needs no tie-breaker and reads the listing indexes in order; other orders fall back to the name.
 */
const pageOrder = (ordering: Ordering, alias = "l"): RawBuilder<unknown> => {
  const { column, direction } = orderColumn[ordering]
  const by = `${alias}.is_dir DESC, ${alias}.${column} ${direction.toUpperCase()}`
  return sql.raw(column === "name_lower" ? by : `${by}, ${alias}.name_lower ASC, ${alias}.id ASC`)
}

/**
 * A folder's page or the owner's root page in one statement: the shown columns with the asker's
 * favorite and membership, the owner's summary, and the total, so that a page costs one round trip
 * to the database. The total is an uncorrelated subquery, which both engines evaluate once per
 * statement (an index-only count); past the last page no row carries it and it is counted apart. On
 * the root page the asker is the owner, who holds no membership of their own labs.
 *
 * The root page names its index on SQLite: its statistics count every user's root labs under one
 * parent (null), and would otherwise have it read all of them through labs_children and sort them,
 * instead of the asker's own few, in order, through labs_owner.
 */
const pageParts = (engine: Engine, where: Where, key: string, viewerId: string | undefined) => {
  const viewer = viewerId ?? ""
  const labs = (alias: string) => sql.raw(where === "root" && engine === "sqlite" ? `labs ${alias} INDEXED BY labs_owner` : `labs ${alias}`)
  const place = (alias: string) =>
    where === "children"
      ? sql`${sql.ref(`${alias}.parent_id`)} = ${key}`
      : sql`${sql.ref(`${alias}.owner_id`)} = ${key} AND ${sql.ref(`${alias}.parent_id`)} IS NULL`
  const membership = where === "children" ? sql`m.role` : sql`NULL`
  const members = where === "children" ? sql`LEFT JOIN lab_members m ON m.lab_id = l.id AND m.user_id = ${viewer}` : sql``
  // The page is cut from the labs alone, and only its rows are joined to their owner, favorite and
  // membership: in an order no index gives, every child is sorted, and joining them all first made
  // the database sort wide joined rows.
  const select = (ordering: Ordering, paging: Paging) => sql`
    SELECT l.*, f.lab_id AS favorite_of, ${membership} AS member_role,
      u.email AS owner_email, u.name AS owner_name, u.username AS owner_username, u.avatar AS owner_avatar,
      (SELECT count(*) FROM ${labs("c")} WHERE c.deleted_at IS NULL AND ${place("c")}) AS total
    FROM (
      SELECT ${wireColumns}, l.name_lower FROM ${labs("l")}
      WHERE l.deleted_at IS NULL AND ${place("l")}
      ORDER BY ${pageOrder(ordering)} LIMIT ${paging.limit} OFFSET ${paging.offset}
    ) l
    LEFT JOIN users u ON u.id = l.owner_id
    LEFT JOIN lab_favorites f ON f.lab_id = l.id AND f.user_id = ${viewer}
    ${members}
    ORDER BY ${pageOrder(ordering)}`
  /** Past the last page no row carries the total: it is counted apart. */
  const countApart = async (db: Db) =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM ${labs("l")} WHERE l.deleted_at IS NULL AND ${place("l")}`.execute(db)).rows[0]
        ?.n ?? 0
    )
  return { select, countApart }
}

/** The page's total from its rows, or counted apart when none came back past the first page. */
const pageOfRows = async (
  db: Db,
  rows: ReadonlyArray<ListedRow & { total: number | string }>,
  paging: Paging,
  countApart: (db: Db) => Promise<number>
): Promise<ListedPage> => {
  if (rows.length > 0) return { rows, count: Number(rows[0]!.total) }
  return { rows, count: paging.offset === 0 ? 0 : await countApart(db) }
}

const pageOf = async (
  db: Db,
  engine: Engine,
  where: Where,
  key: string,
  viewerId: string | undefined,
  ordering: Ordering,
  paging: Paging
): Promise<ListedPage> => {
  const parts = pageParts(engine, where, key, viewerId)
  const { rows } = await sql<ListedRow & { total: number | string }>`${parts.select(ordering, paging)}`.execute(db)
  return pageOfRows(db, rows, paging, parts.countApart)
}

/** What deciding access to a folder needs: its chain's links (itself first), kind and state. */
export interface FolderAccessRows {
  readonly chain: ReadonlyArray<ChainLink>
  readonly isDir: boolean
  readonly deleted: boolean
}

/**
 * A folder's page together with what access to the folder is decided from, in one statement (one
 * round trip to PostgreSQL instead of two): the folder's chain of links with the asker's
 * memberships, as JSON beside the page's rows (one row of it alone for an empty page). The caller
 * decides access first and uses the rows only when it may: nothing leaves the server otherwise.
 * Undefined `folder` when there is no such lab.
 */
export const childrenPageWithAccess = async (
  db: Db,
  engine: Engine,
  folderId: string,
  viewerId: string | undefined,
  ordering: Ordering,
  paging: Paging
): Promise<{ readonly folder: FolderAccessRows | undefined; readonly page: ListedPage }> => {
  const parts = pageParts(engine, "children", folderId, viewerId)
  const links =
    engine === "postgres"
      ? sql`(SELECT json_agg(json_build_array(c.id, c.name, c.owner_id, c.is_public, c.role) ORDER BY c.depth) FROM chain c)`
      : sql`(SELECT json_group_array(json_array(c.id, c.name, c.owner_id, c.is_public, c.role)) FROM (SELECT * FROM chain ORDER BY depth) c)`
  const { rows } = await sql<
    ListedRow & {
      total: number | string
      links: string | ReadonlyArray<readonly [string, string, string, number, Role | null]> | null
      folder_is_dir: number | null
      folder_deleted_at: string | null
    }
  >`
    WITH RECURSIVE up(depth, id, name, owner_id, is_public, parent_id, is_dir, deleted_at) AS (
      SELECT 0, l.id, l.name, l.owner_id, l.is_public, l.parent_id, l.is_dir, l.deleted_at FROM labs l WHERE l.id = ${folderId}
      UNION ALL
      SELECT up.depth + 1, l.id, l.name, l.owner_id, l.is_public, l.parent_id, l.is_dir, l.deleted_at FROM up JOIN labs l ON l.id = up.parent_id
      WHERE up.depth < ${MAX_DEPTH}
    ),
    chain AS (SELECT up.*, m.role FROM up LEFT JOIN lab_members m ON m.lab_id = up.id AND m.user_id = ${viewerId ?? null})
    SELECT ${links} AS links, (SELECT is_dir FROM up WHERE depth = 0) AS folder_is_dir, (SELECT deleted_at FROM up WHERE depth = 0) AS folder_deleted_at, p.*
    FROM (SELECT 1 AS one) s LEFT JOIN (${parts.select(ordering, paging)}) p ON 1 = 1
    ORDER BY ${pageOrder(ordering, "p")}`.execute(db)
  const first = rows[0]!
  if (first.folder_is_dir === null || first.links === null) return { folder: undefined, page: { rows: [], count: 0 } }
  const decoded =
    typeof first.links === "string"
      ? (JSON.parse(first.links) as Array<readonly [string, string, string, number, Role | null]>)
      : first.links
  const chain = decoded.map(([id, name, owner_id, is_public, role]) => ({ id, name, owner_id, is_public: Number(is_public), role }))
  const folder = { chain, isDir: Number(first.folder_is_dir) === 1, deleted: first.folder_deleted_at !== null }
  const pageRows = rows.filter((row) => row.id !== null)
  return { folder, page: await pageOfRows(db, pageRows, paging, parts.countApart) }
}

export const rootPage = (db: Db, engine: Engine, ownerId: string, ordering: Ordering, paging: Paging) =>
  pageOf(db, engine, "root", ownerId, ownerId, ordering, paging)

/**
 * The top-most labs shared with the user: memberships whose labs no other membership of theirs contains.
 *
 * Joins from a CTE to a table are written `x IN (SELECT id FROM cte)` or `cte CROSS JOIN table
 * WHERE ...`: SQLite cannot estimate a CTE's size and, given a plain JOIN, may scan the whole table
 * to probe the CTE; CROSS JOIN keeps SQLite's loop order, and PostgreSQL plans both forms freely.
 */
export const sharedTops = (userId: string) => sql`
  mine(id) AS (
    SELECT m.lab_id FROM lab_members m CROSS JOIN labs l
    WHERE l.id = m.lab_id AND m.user_id = ${userId} AND l.owner_id <> ${userId} AND l.deleted_at IS NULL
  ),
  above(start_id, id, depth) AS (
    SELECT l.id, l.parent_id, 1 FROM mine CROSS JOIN labs l WHERE l.id = mine.id AND l.parent_id IS NOT NULL
    UNION ALL
    SELECT above.start_id, l.parent_id, above.depth + 1 FROM above JOIN labs l ON l.id = above.id
    WHERE l.parent_id IS NOT NULL AND above.depth < ${MAX_DEPTH}
  ),
  tops(id) AS (
    SELECT id FROM mine WHERE id NOT IN (SELECT start_id FROM above WHERE above.id IN (SELECT id FROM mine))
  )`

export const sharedPage = async (db: Db, userId: string, paging: Paging): Promise<RowPage> => {
  const [rows, total] = await Promise.all([
    sql<LabRow>`WITH RECURSIVE ${sharedTops(userId)}
      SELECT l.* FROM labs l WHERE l.id IN (SELECT id FROM tops)
      ORDER BY ${orderSql("name", "l")} LIMIT ${paging.limit} OFFSET ${paging.offset}`.execute(db),
    sql<{ n: number }>`WITH RECURSIVE ${sharedTops(userId)} SELECT count(*) AS n FROM tops`.execute(db)
  ])
  return { rows: rows.rows, count: Number(total.rows[0]?.n ?? 0) }
}

/** The ids of the labs shared with the user at the top (the Shared page's and the folder tree's roots). */
export const sharedTopIds = async (db: Db, userId: string): Promise<ReadonlyArray<string>> =>
  (await sql<{ id: string }>`WITH RECURSIVE ${sharedTops(userId)} SELECT id FROM tops`.execute(db)).rows.map((r) => r.id)
