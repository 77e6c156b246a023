// An analysis' detections for the compact read, aggregated by the database: one row per batch (the
// rows an analysis writes together share their creation time), carrying its ids joined by commas,
// its vertices as one hex string, and each row's label as a number. Reading a million detections as
// rows cost 6.7-9 s in node:sqlite, nearly all of it making a million row objects, strings and
// small byte arrays in JavaScript; aggregated, the database does it in C in under a second.
//
// Grouped by time alone, the slide's index (lab_id, created_at, ordinal) gives the rows in order
// and no sort is needed (grouping by label too made SQLite sort a million rows: 3 s). Every
// aggregate of a group is fed the same rows in the same order, so the i-th id, vertices and label
// belong together whatever that order is; it is the index's, the order they were written in.
// A batch whose rows do not share author, version and kind (no analysis writes one) is not
// aggregated: its rows are read one by one (`uniform` false).
import { type Kysely, sql } from "kysely"
import type { Engine } from "./engine.ts"
import type { Database } from "./schema.ts"

export interface DetectionGroup {
  readonly created_at: string
  /** The group's first ordinal, where it sits among the slide's other rows of its time. */
  readonly first: number | string
  readonly count: number | string
  /** Whether author, version and kind are the same on every row (then the fields below are filled). */
  readonly uniform: number | boolean
  readonly author_id: string
  readonly version: number | string
  readonly kind: string
  /** Ids joined by commas (UUIDs). */
  readonly ids: string
  /** The rows' vertex bytes, one after another, as hex. */
  readonly coords: string
  /** Vertices per row joined by commas, or null when every row has `vertices_each`. */
  readonly vertices: string | null
  readonly vertices_each: number | string
  /** Each row's index into `labelIds` (-1: a label not among them), joined by commas. */
  readonly labels: string
  /** Each row's visible flag, one character each. */
  readonly visible: string
}

/**
 * Detections without comments (every one an analysis writes); a detection with comments is read as
 * a row. `labelIds`: the slide's labels, whose positions the `labels` column gives.
 */
export const detectionGroups = async (
  db: Kysely<Database>,
  engine: Engine,
  labId: string,
  labelIds: ReadonlyArray<string>,
  createdSince?: string
): Promise<ReadonlyArray<DetectionGroup>> => {
  const postgres = engine === "postgres"
  const agg = (value: ReturnType<typeof sql>, separator: string) =>
    postgres ? sql`string_agg(${value}, ${separator})` : sql`group_concat(${value}, ${separator})`
  const text = (value: ReturnType<typeof sql>) => (postgres ? sql`(${value})::text` : value)
  const hex = postgres ? sql`encode(coords, 'hex')` : sql`hex(coords)`
  const labelAt =
    labelIds.length === 0
      ? sql`-1`
      : sql`CASE label_id ${sql.join(
          labelIds.map((id, i) => sql`WHEN ${id} THEN ${sql.lit(i)}`),
          sql` `
        )} ELSE -1 END`
  const since = createdSince === undefined ? sql`` : sql`AND created_at >= ${createdSince}`
  const { rows } = await sql<DetectionGroup>`
    SELECT created_at, min(ordinal) AS first, count(*) AS count,
      min(author_id) = max(author_id) AND min(version) = max(version) AND min(kind) = max(kind) AS uniform,
      min(author_id) AS author_id, min(version) AS version, min(kind) AS kind,
      ${agg(sql`id`, ",")} AS ids,
      ${agg(hex, "")} AS coords,
      CASE WHEN min(length(coords)) = max(length(coords)) THEN NULL ELSE ${agg(text(sql`length(coords) / 16`), ",")} END AS vertices,
      min(length(coords)) / 16 AS vertices_each,
      ${agg(text(labelAt), ",")} AS labels,
      ${agg(text(sql`visible`), "")} AS visible
    FROM annotations
    WHERE lab_id = ${labId} AND analysis_id IS NOT NULL AND comments IS NULL ${since}
    GROUP BY created_at
    ORDER BY created_at`.execute(db)
  return rows
}
