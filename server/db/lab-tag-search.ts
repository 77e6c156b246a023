// Search by auto tag (server/ai/tagging): when the words typed name a tag of the catalogue ("H&E",
// "ihc-dab", "20x"; server/domain/auto-tags.ts), the search also finds the slides carrying it, beside
// the labs whose name holds the words, with the same rule of access as the name search
// (lab-search.ts): the user's own labs and the inside of what is shared with them.
//
// The tagged slides are read from the user's side (their labs and their lenders', each asked of
// `lab_tags` by its primary key), not from the tag's: a tag such as H&E is on most slides of every
// account, so the tag's side would grow with the whole installation, the user's only with theirs.
import { type Kysely, sql } from "kysely"
import type { Ordering } from "../../src/contract/labs.ts"
import type { Paging } from "../domain/paging.ts"
import { MAX_DEPTH } from "./lab-access.ts"
import { containsPattern } from "./lab-listing.ts"
import { childrenMatching, type FoundPage, folders, hitFound, page, type Probe, probeSqlite } from "./lab-search.ts"
import type { Engine } from "./migrations.ts"
import type { Database } from "./schema.ts"

type Db = Kysely<Database>

/** The name search's own condition (lab-search.ts), for labs already narrowed down to one folder. */
const likeOn = (search: string) => (alias: string) => sql`${sql.ref(`${alias}.name_lower`)} LIKE ${containsPattern(search)} ESCAPE '\\'`

const carries = (tag: string) => (alias: string) =>
  sql`EXISTS (SELECT 1 FROM lab_tags t WHERE t.tag = ${tag} AND t.lab_id = ${sql.ref(`${alias}.id`)})`

/** Everything the user can see whose name contains `search` or that carries `tag`. */
export const taggedSearchPage = async (
  db: Db,
  engine: Engine,
  userId: string,
  search: string,
  tag: string,
  ordering: Ordering,
  paging: Paging
): Promise<FoundPage> => {
  // Tag words are short and rare in names; PostgreSQL's LIKE is served by pg_trgm.
  const probe: Probe = engine === "sqlite" ? await probeSqlite(db, search) : { broad: true }
  const ctes = sql`${hitFound(engine, userId, search, probe)},
    tagged(id, is_dir, name_lower, updated_at, created_at, size) AS MATERIALIZED (
      SELECT l.id, l.is_dir, l.name_lower, l.updated_at, l.created_at, l.size FROM labs l
      WHERE l.deleted_at IS NULL AND l.is_dir = 0 AND ${carries(tag)("l")}
        AND (l.owner_id = ${userId} OR l.owner_id IN (SELECT o.owner_id FROM tops CROSS JOIN labs o WHERE o.id = tops.id))
    ),
    tag_up(start_id, id, depth) AS (
      SELECT c.id, c.id, 0 FROM tagged c
      UNION ALL
      SELECT u.start_id, l.parent_id, u.depth + 1 FROM tag_up u CROSS JOIN labs l
      WHERE l.id = u.id AND l.parent_id IS NOT NULL AND u.depth < ${MAX_DEPTH}
    ),
    found AS (
      SELECT * FROM hit_found
      UNION
      SELECT c.* FROM tagged c CROSS JOIN labs l WHERE l.id = c.id
        AND (l.owner_id = ${userId} OR c.id IN (SELECT start_id FROM tag_up WHERE tag_up.id IN (SELECT id FROM tops)))
    )`
  return page(db, engine, ctes, ordering, paging, userId)
}

/** Inside one folder: its labs at any depth whose name holds the words or that carry the tag. */
export const taggedSearchWithinPage = (
  db: Db,
  engine: Engine,
  folderId: string,
  search: string,
  tag: string,
  ordering: Ordering,
  paging: Paging,
  viewerId: string | undefined
): Promise<FoundPage> =>
  page(
    db,
    engine,
    sql`WITH RECURSIVE ${folders("inside", sql`labs l WHERE l.id = ${folderId}`)},
    found AS (${childrenMatching("inside", (alias) => sql`(${likeOn(search)(alias)} OR ${carries(tag)(alias)})`)})`,
    ordering,
    paging,
    viewerId
  )
