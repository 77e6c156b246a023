// The annotations a report's snapshot draws: the slide's shown ones whose box meets the region, with
// their label's colour, one more than the snapshot draws (so it can say some were left out).
import type { Kysely } from "kysely"
import type { ReportRegion } from "../../../src/contract/report-fields.ts"
import type { Database } from "../../db/schema.ts"
import { SNAPSHOT_SHAPES, type SnapshotShape } from "../../pdf/region-snapshot.ts"

/** Stored vertices (little-endian Float64 bytes) as numbers; copied, as the bytes may not be aligned. */
const float64s = (bytes: Uint8Array): Float64Array => new Float64Array(Uint8Array.from(bytes).buffer)

export const snapshotShapes = async (db: Kysely<Database>, labId: string, region: ReportRegion): Promise<SnapshotShape[]> => {
  const rows = await db
    .selectFrom("annotations as a")
    .innerJoin("labels as l", "l.id", "a.label_id")
    .select(["a.kind", "a.coords", "a.locked", "l.color"])
    .where("a.lab_id", "=", labId)
    .where("a.visible", "=", 1)
    .where("a.kind", "!=", "")
    .where("a.max_x", ">=", region.x)
    .where("a.min_x", "<=", region.x + region.width)
    .where("a.max_y", ">=", region.y)
    .where("a.min_y", "<=", region.y + region.height)
    .orderBy("a.created_at")
    .limit(SNAPSHOT_SHAPES + 1)
    .execute()
  return rows.map((row) => ({
    kind: row.kind as SnapshotShape["kind"],
    coords: float64s(row.coords),
    color: row.color,
    locked: row.locked === 1
  }))
}
