// Reads the chain of folders above labs (a recursive CTE, the same SQL on SQLite and PostgreSQL),
// with the asker's own membership on each link: what server/domain/standing.ts needs to decide.
import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely"
import type { Role } from "../../src/contract/labs.ts"
import { type Access, accessFromChain, type ChainLink } from "../domain/standing.ts"
import type { Engine } from "./migrations.ts"
import type { Database, LabsTable } from "./schema.ts"

export type LabRow = Selectable<LabsTable>

/** Deeper than any real tree; only guards the recursion should a cycle ever slip in. */
export const MAX_DEPTH = 512

/** One link of a chain: the lab's whole row, with where it stands in the chain. */
export interface ChainRow extends ChainLink, Omit<LabRow, keyof ChainLink> {
  readonly start_id: string
  readonly depth: number
}

/** For each given lab, its chain: the lab itself first, then each folder above it. */
export const chainsOf = async (
  db: Kysely<Database>,
  labIds: ReadonlyArray<string>,
  userId: string | undefined
): Promise<Map<string, ChainRow[]>> => {
  const chains = new Map<string, ChainRow[]>()
  if (labIds.length === 0) return chains
  // Whole rows travel inside the CTE, so there is no join back to labs (SQLite cannot estimate a
  // CTE's size and would scan labs to probe it) and the lab itself comes with its chain.
  const { rows } = await sql<ChainRow & LabRow>`
    WITH RECURSIVE up AS (
      SELECT l.id AS start_id, 0 AS depth, l.* FROM labs l WHERE l.id IN (${sql.join([...new Set(labIds)])})
      UNION ALL
      SELECT up.start_id, up.depth + 1, l.* FROM up JOIN labs l ON l.id = up.parent_id WHERE up.depth < ${MAX_DEPTH}
    )
    SELECT up.*, m.role FROM up
    LEFT JOIN lab_members m ON m.lab_id = up.id AND m.user_id = ${userId ?? null}
    ORDER BY up.start_id, up.depth`.execute(db)
  for (const row of rows) {
    const chain = chains.get(row.start_id) ?? []
    chain.push({ ...row, depth: Number(row.depth), is_public: Number(row.is_public), role: (row.role as Role | null) ?? null })
    chains.set(row.start_id, chain)
  }
  return chains
}

/**
 * For each given lab, the links of its chain (the lab itself first): only what access is decided
 * from, for lists that already hold the labs' rows (search, favorites, recents). A tenth of the
 * values chainsOf reads for the same chains.
 */
export const linksOf = async (
  db: Kysely<Database>,
  labIds: ReadonlyArray<string>,
  userId: string | undefined
): Promise<Map<string, ChainLink[]>> => {
  const links = new Map<string, ChainLink[]>()
  if (labIds.length === 0) return links
  const { rows } = await sql<ChainLink & { start_id: string }>`
    WITH RECURSIVE ${chainsUp(sql`labs l WHERE l.id IN (${sql.join([...new Set(labIds)])})`)}
    SELECT up.start_id, up.id, up.name, up.owner_id, up.is_public, m.role FROM chain_up up
    LEFT JOIN lab_members m ON m.lab_id = up.id AND m.user_id = ${userId ?? null}
    ORDER BY up.start_id, up.depth`.execute(db)
  for (const row of rows) {
    const chain = links.get(row.start_id) ?? []
    chain.push({ id: row.id, name: row.name, owner_id: row.owner_id, is_public: Number(row.is_public), role: row.role ?? null })
    links.set(row.start_id, chain)
  }
  return links
}

/**
 * A recursive CTE `chain_up(start_id, depth, id, name, owner_id, is_public, parent_id)`: the links
 * of the chain of each lab `l` that `seed` (a FROM clause and its condition) selects, the lab itself
 * at depth 0. After WITH RECURSIVE.
 */
export const chainsUp = (
  seed: RawBuilder<unknown>
): RawBuilder<unknown> => sql`chain_up(start_id, depth, id, name, owner_id, is_public, parent_id) AS (
      SELECT l.id, 0, l.id, l.name, l.owner_id, l.is_public, l.parent_id FROM ${seed}
      UNION ALL
      SELECT up.start_id, up.depth + 1, l.id, l.name, l.owner_id, l.is_public, l.parent_id FROM chain_up up CROSS JOIN labs l
      WHERE l.id = up.parent_id AND up.depth < ${MAX_DEPTH}
    )`

/**
 * A CTE `chains(start_id, chain)` after chainsUp's: each lab's chain as one JSON value, an array of
 * [id, name, owner_id, is_public, role] links, the lab itself first, for chainLinks to read. So a
 * page's statement carries its labs' chains, and they cost no statement of their own.
 */
export const chainsJson = (engine: Engine, userId: string | undefined): RawBuilder<unknown> => {
  const link = engine === "postgres" ? sql`json_agg(json_build_array` : sql`json_group_array(json_array`
  return sql`chains(start_id, chain) AS (
      SELECT c.start_id, ${link}(c.id, c.name, c.owner_id, c.is_public, m.role) ORDER BY c.depth) FROM chain_up c
      LEFT JOIN lab_members m ON m.lab_id = c.id AND m.user_id = ${userId ?? null} GROUP BY c.start_id
    )`
}

/** The links of a chain that chainsJson read (PostgreSQL answers JSON decoded, SQLite as text). */
export const chainLinks = (json: unknown): ReadonlyArray<ChainLink> => {
  const links = (typeof json === "string" ? JSON.parse(json) : (json ?? [])) as ReadonlyArray<
    readonly [string, string, string, number | string, Role | null]
  >
  return links.map(([id, name, owner_id, is_public, role]) => ({ id, name, owner_id, is_public: Number(is_public), role: role ?? null }))
}

export interface ResolvedLab {
  readonly row: LabRow
  readonly chain: ReadonlyArray<ChainRow>
  readonly access: Access
}

export const findLab = (db: Kysely<Database>, id: string): Promise<LabRow | undefined> =>
  db.selectFrom("labs").selectAll().where("id", "=", id).executeTakeFirst()

/** The lab with the asker's standing on it, in one query; undefined when there is no such lab. */
export const resolveLab = async (db: Kysely<Database>, labId: string, userId: string | undefined): Promise<ResolvedLab | undefined> => {
  const chain = (await chainsOf(db, [labId], userId)).get(labId)
  const row = chain?.[0]
  if (!chain || !row) return undefined
  return { row, chain, access: accessFromChain(chain, userId) }
}

/** Whether `labId` is `folderId` itself or lies somewhere inside it. */
export const isWithin = (chain: ReadonlyArray<ChainRow>, folderId: string): boolean => chain.some((link) => link.id === folderId)
