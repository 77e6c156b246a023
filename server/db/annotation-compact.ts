// The compact read of a slide's annotations (src/annotation/compact.ts): the rows in the W3C list's
// order with only the columns stored for it (never `data`: no JSON parse per row), the slide's
// labels and the authors once each, and every row's stored vertex bytes copied into one answer. An
// analysis' detections come aggregated by the database, a batch at a time (detection-groups.ts),
// each batch placed among the other rows by its time and first ordinal.
import type { Kysely } from "kysely"
import { encodeCompact } from "../../src/annotation/compact.ts"
import { CompactBuilder, type CompactRow } from "./compact-builder.ts"
import { detectionGroups } from "./detection-groups.ts"
import type { Engine } from "./engine.ts"
import type { Database } from "./schema.ts"

/**
 * `emails`: whether the authors' emails are given (to the slide's members) or left empty (anyone
 * else). `createdSince`: only the rows created then or later (the slide's index is on lab_id,
 * created_at, ordinal, so this reads those rows alone).
 */
export const compactAnnotations = async (
  db: Kysely<Database>,
  engine: Engine,
  labId: string,
  emails: boolean,
  createdSince?: string
): Promise<Uint8Array> => {
  // The labels first (the detections' groups name theirs by position among them). A row whose
  // label or author is missing by the time it is read (deleted meanwhile, or made meanwhile) is
  // left out: the write raised the slide's revision, so the next read has it right.
  const labels = await db.selectFrom("labels").select(["id", "name", "color"]).where("lab_id", "=", labId).execute()
  const rowsWhere = (detections: "none" | ReadonlyArray<string>) =>
    db
      .selectFrom("annotations")
      .select([
        "id",
        "version",
        "kind",
        "label_id",
        "author_id",
        "visible",
        "created_at",
        "ordinal",
        "comments",
        "props",
        "coords",
        "analysis_id"
      ])
      .where("lab_id", "=", labId)
      .where((eb) =>
        detections === "none"
          ? eb.or([eb("analysis_id", "is", null), eb("comments", "is not", null)])
          : eb.and([eb("analysis_id", "is not", null), eb("comments", "is", null), eb("created_at", "in", detections)])
      )
      .$if(createdSince !== undefined, (q) => q.where("created_at", ">=", createdSince!))
      .orderBy("created_at")
      .orderBy("ordinal")
      .execute()
  const plain: Array<CompactRow> = await rowsWhere("none")
  const grouped = await detectionGroups(
    db,
    engine,
    labId,
    labels.map((label) => label.id),
    createdSince
  )
  const groups = grouped.filter((group) => Boolean(Number(group.uniform)))
  // A batch of mixed authors, versions or kinds (no analysis writes one): its rows one by one.
  const mixed = grouped.filter((group) => !Number(group.uniform)).map((group) => group.created_at)
  const rows = mixed.length === 0 ? plain : [...plain, ...(await rowsWhere(mixed))].sort(byTimeAndOrdinal)

  const authorIds = [...new Set([...rows.map((row) => row.author_id), ...groups.map((group) => group.author_id)])]
  const found =
    authorIds.length === 0 ? [] : await db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", authorIds).execute()
  const authors = emails ? found : found.map((author) => ({ ...author, email: "" }))

  const capacity = rows.length + groups.reduce((sum, group) => sum + Number(group.count), 0)
  const builder = new CompactBuilder(labels, authors, capacity)
  // The rows and the groups, each in (time, ordinal) order, merged.
  let g = 0
  for (const row of rows) {
    while (g < groups.length && byTimeAndOrdinal(groups[g]!, row) < 0) builder.addGroup(groups[g++]!)
    builder.addRow(row)
  }
  while (g < groups.length) builder.addGroup(groups[g++]!)
  const { header, coords } = builder.finish()
  return encodeCompact(header, coords)
}

type Placed = { readonly created_at: string } & ({ readonly ordinal: number | string } | { readonly first: number | string })

const ordinalOf = (placed: Placed) => Number("ordinal" in placed ? placed.ordinal : placed.first)

const byTimeAndOrdinal = (a: Placed, b: Placed): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : ordinalOf(a) - ordinalOf(b)
