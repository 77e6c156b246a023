// The tombstones of a deleted label and its annotations (migration 0022): written in the deletion's
// transaction, copied back by an undo, swept after LABEL_UNDO_HOURS. Rows are copied with
// INSERT ... SELECT, so an undo puts back exactly what was deleted, on both engines.
import type { Trx } from "../services/platform/Database.ts"
import { ANNOTATION_COLUMNS } from "./annotations.ts"
import type { LabelsTable } from "./schema.ts"

/** How long a deleted label can be brought back by whoever deleted it. */
export const LABEL_UNDO_HOURS = 24

/** Keeps the label and its annotations under `deletionId` before they are deleted. */
export const keepDeleted = async (
  trx: Trx,
  deletion: { readonly id: string; readonly userId: string; readonly at: string },
  label: LabelsTable,
  count: number
): Promise<void> => {
  await trx
    .insertInto("label_deletions")
    .values({
      id: deletion.id,
      lab_id: label.lab_id,
      deleted_by: deletion.userId,
      deleted_at: deletion.at,
      label: JSON.stringify(label),
      annotations_count: count
    })
    .execute()
  await trx
    .insertInto("deleted_annotations")
    .columns(["deletion_id", ...ANNOTATION_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("annotations")
        .select((s) => [s.val(deletion.id).as("deletion_id"), ...ANNOTATION_COLUMNS])
        .where("label_id", "=", label.id)
    )
    .execute()
}

/** The user's own deletion, if it is still within its time; null otherwise (someone else's is none). */
export const ownDeletion = (trx: Trx, deletionId: string, userId: string, notBefore: string) =>
  trx
    .selectFrom("label_deletions")
    .selectAll()
    .where("id", "=", deletionId)
    .where("deleted_by", "=", userId)
    .where("deleted_at", ">=", notBefore)
    .executeTakeFirst()

/** Puts back the deletion's annotations (any whose id is taken meanwhile stays out); how many came back. */
export const putBack = async (trx: Trx, deletionId: string): Promise<number> => {
  const result = await trx
    .insertInto("annotations")
    .columns([...ANNOTATION_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom("deleted_annotations")
        .select([...ANNOTATION_COLUMNS])
        .where("deletion_id", "=", deletionId)
    )
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst()
  await trx.deleteFrom("deleted_annotations").where("deletion_id", "=", deletionId).execute()
  await trx.deleteFrom("label_deletions").where("id", "=", deletionId).execute()
  return Number(result.numInsertedOrUpdatedRows ?? 0)
}

/** Forgets deletions older than `before` (their annotations go with them). */
export const sweepDeletions = async (trx: Trx, before: string): Promise<void> => {
  const old = trx.selectFrom("label_deletions").select("id").where("deleted_at", "<", before)
  await trx.deleteFrom("deleted_annotations").where("deletion_id", "in", old).execute()
  await trx.deleteFrom("label_deletions").where("deleted_at", "<", before).execute()
}
