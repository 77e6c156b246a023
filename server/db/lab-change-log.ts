// The reads behind the in-memory name index (server/services/LabNameIndex.ts): who and what a
// search may look at with the owners' current versions, an owner's labs whole, the changes to an
// owner's labs since a version (migration 0008_lab_change_log), and the rows a page of hits shows.
import { type Kysely, sql } from "kysely"
import type { Role } from "../../src/contract/labs.ts"
import type { IndexedLab } from "../search/owner-index.ts"
import type { ListedRow } from "./lab-listing.ts"
import type { Engine } from "./migrations.ts"
import { WIRE_COLUMNS } from "./lab-wire.ts"
import type { Database } from "./schema.ts"

type Db = Kysely<Database>

/** A process more than this many changes behind on an owner reads the owner's labs whole again. */
export const CHANGES_KEPT = 10_000

export interface SearchScope {
  /** The asker's memberships on live labs they do not own, with those labs' owners. */
  readonly memberships: ReadonlyArray<{ readonly labId: string; readonly role: Role; readonly ownerId: string }>
  /** The current version of every owner the search looks into. */
  readonly versions: ReadonlyMap<string, number>
}

/**
 * The asker's memberships (whose owners lend them something) with those owners' versions, and the
 * versions of `owners` (the asker, or a folder's owner), as rows of (lab_id, role, owner_id,
 * version); a version row has no lab. A guest has no memberships (`userId` undefined).
 */
const scopeRows = (userId: string | undefined, owners: ReadonlyArray<string>) => {
  const asker = userId ?? ""
  return sql`
    SELECT m.lab_id, m.role, l.owner_id, v.version FROM lab_members m
      JOIN labs l ON l.id = m.lab_id LEFT JOIN lab_versions v ON v.owner_id = l.owner_id
      WHERE m.user_id = ${asker} AND l.owner_id <> ${asker} AND l.deleted_at IS NULL
    UNION ALL
    SELECT NULL, NULL, o.id, v.version FROM users o LEFT JOIN lab_versions v ON v.owner_id = o.id WHERE o.id IN (${sql.join(owners)})`
}

type ScopeRow = readonly [labId: string | null, role: Role | null, ownerId: string, version: number | string | null]

const toScope = (rows: Iterable<ScopeRow>): SearchScope => {
  const memberships: Array<SearchScope["memberships"][number]> = []
  const versions = new Map<string, number>()
  for (const [labId, role, ownerId, version] of rows) {
    versions.set(ownerId, Number(version ?? 0))
    if (labId !== null && role !== null) memberships.push({ labId, role, ownerId })
  }
  return { memberships, versions }
}

/** What a search may look at and the owners' versions, in one statement. */
export const searchScope = async (db: Db, userId: string | undefined, owners: ReadonlyArray<string>): Promise<SearchScope> => {
  const { rows } = await sql<{ lab_id: string | null; role: Role | null; owner_id: string; version: number | string | null }>`${scopeRows(userId, owners)}`.execute(db)
  return toScope(rows.map((r) => [r.lab_id, r.role, r.owner_id, r.version] as const))
}

/**
 * The scope (as searchScope) and the rows of `ids` (as hitRows) in one statement, for a search made
 * from what the process already held: the caller checks that the scope is still the one it searched
 * with, and only then uses the rows. The scope travels as one JSON array beside the rows (one row of
 * it alone when no lab was found), since one statement answers with one shape of row.
 */
export const scopeWithHitRows = async (
  db: Db,
  engine: Engine,
  userId: string,
  owners: ReadonlyArray<string>,
  ids: ReadonlyArray<string>,
  viewerId: string | undefined
): Promise<{ readonly scope: SearchScope; readonly rows: Map<string, ListedRow> }> => {
  const scopeJson =
    engine === "postgres"
      ? sql`(SELECT coalesce(json_agg(json_build_array(x.lab_id, x.role, x.owner_id, x.version)), '[]'::json) FROM (${scopeRows(userId, owners)}) x)`
      : sql`(SELECT json_group_array(json_array(x.lab_id, x.role, x.owner_id, x.version)) FROM (${scopeRows(userId, owners)}) x)`
  const hits = ids.length === 0 ? sql`SELECT ${hitColumns} FROM labs l LEFT JOIN users u ON 1 = 0 LEFT JOIN lab_favorites f ON 1 = 0 WHERE 1 = 0` : hitSelect(engine, ids, viewerId)
  const { rows } = await sql<{ scope: string | ReadonlyArray<ScopeRow> } & ListedRow>`
    SELECT s.scope, h.* FROM (SELECT ${scopeJson} AS scope) s LEFT JOIN (${hits}) h ON 1 = 1`.execute(db)
  const first = rows[0]!.scope
  const scope = toScope(typeof first === "string" ? (JSON.parse(first) as ScopeRow[]) : first)
  return { scope, rows: new Map(rows.filter((row) => row.id !== null).map((row) => [row.id, row])) }
}

const INDEXED = sql.raw("id, parent_id, name_lower, is_dir, is_public, size, created_at, updated_at")

/**
 * The owner's version, then their live labs, up to `limit` of them (one more says "too many").
 * Read in that order: a change committed in between shows in the labs and is applied once more
 * when the index catches up past the version, which changes nothing.
 */
export const ownerLabs = async (db: Db, ownerId: string, limit: number): Promise<{ readonly version: number; readonly labs: ReadonlyArray<IndexedLab> }> => {
  const { rows: versions } = await sql<{ version: number | string }>`SELECT version FROM lab_versions WHERE owner_id = ${ownerId}`.execute(db)
  const { rows: labs } = await sql<IndexedLab>`SELECT ${INDEXED} FROM labs WHERE owner_id = ${ownerId} AND deleted_at IS NULL LIMIT ${limit + 1}`.execute(db)
  return { version: Number(versions[0]?.version ?? 0), labs }
}

/** The owner's changes after `version`, oldest first, at most `limit`. */
export const changesSince = async (db: Db, ownerId: string, version: number, limit: number): Promise<ReadonlyArray<{ readonly version: number; readonly labId: string }>> => {
  const { rows } = await sql<{ version: number | string; lab_id: string }>`
    SELECT version, lab_id FROM lab_changes WHERE owner_id = ${ownerId} AND version > ${version} ORDER BY version LIMIT ${limit}`.execute(db)
  return rows.map((r) => ({ version: Number(r.version), labId: r.lab_id }))
}

/** The labs' current state (whatever owner, live or not); a lab deleted for good is absent. */
export const labsNow = async (
  db: Db,
  ids: ReadonlyArray<string>
): Promise<ReadonlyArray<IndexedLab & { readonly owner_id: string; readonly deleted_at: string | null }>> => {
  const out: Array<IndexedLab & { owner_id: string; deleted_at: string | null }> = []
  for (let i = 0; i < ids.length; i += 500) {
    const { rows } = await sql<IndexedLab & { owner_id: string; deleted_at: string | null }>`
      SELECT ${INDEXED}, owner_id, deleted_at FROM labs WHERE id IN (${sql.join(ids.slice(i, i + 500))})`.execute(db)
    out.push(...rows)
  }
  return out
}

/** Forgets each owner's changes older than their newest CHANGES_KEPT. */
export const pruneChanges = (db: Db) =>
  sql`DELETE FROM lab_changes WHERE version <= (SELECT v.version FROM lab_versions v WHERE v.owner_id = lab_changes.owner_id) - ${CHANGES_KEPT}`.execute(db)

const hitColumns = sql.raw(
  `${WIRE_COLUMNS.map((c) => `l.${c}`).join(", ")}, f.lab_id AS favorite_of, NULL AS member_role,
   u.email AS owner_email, u.name AS owner_name, u.username AS owner_username, u.avatar AS owner_avatar`
)

/** The shown rows of found labs with their owners and the asker's favorites. */
const hitSelect = (engine: Engine, ids: ReadonlyArray<string>, viewerId: string | undefined) => {
  // PostgreSQL takes the ids as one array, so the statement keeps one text whatever the page's
  // length and stays prepared (postgres.ts leaves long IN lists unnamed, planned afresh each time).
  const among = engine === "postgres" ? sql`l.id = ANY(${[...ids]}::text[])` : sql`l.id IN (${sql.join(ids)})`
  return sql`SELECT ${hitColumns} FROM labs l
    LEFT JOIN users u ON u.id = l.owner_id
    LEFT JOIN lab_favorites f ON f.lab_id = l.id AND f.user_id = ${viewerId ?? ""}
    WHERE ${among} AND l.deleted_at IS NULL`
}

/** The shown rows of found labs with their owners and the asker's favorites, in one statement. */
export const hitRows = async (db: Db, engine: Engine, ids: ReadonlyArray<string>, viewerId: string | undefined): Promise<Map<string, ListedRow>> => {
  if (ids.length === 0) return new Map()
  const { rows } = await sql<ListedRow>`${hitSelect(engine, ids, viewerId)}`.execute(db)
  return new Map(rows.map((row) => [row.id, row]))
}
