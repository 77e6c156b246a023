// Whole-subtree writes: trashing, restoring and purging a folder with everything inside, moving
// ownership, and keeping folder sizes equal to the sum of their live contents. Each is one
// statement over a recursive CTE, so a folder of 100,000 labs is one round trip, not 100,000.
import { type Kysely, sql } from "kysely"
import { MAX_DEPTH } from "./lab-access.ts"
import type { Database } from "./schema.ts"

type Db = Kysely<Database>

/** The live part of a subtree (the root included), as a CTE named `down`. */
const liveSubtree = (rootId: string) => sql`
  WITH RECURSIVE down(id, depth) AS (
    SELECT id, 0 FROM labs WHERE id = ${rootId} AND deleted_at IS NULL
    UNION ALL
    SELECT l.id, down.depth + 1 FROM labs l JOIN down ON l.parent_id = down.id
    WHERE l.deleted_at IS NULL AND down.depth < ${MAX_DEPTH}
  )`

/** Adds `delta` bytes to `folderId` and every folder above it (nothing when folderId is null). */
export const addToFolderSizes = async (db: Db, folderId: string | null, delta: number): Promise<void> => {
  if (folderId === null || delta === 0) return
  await sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT id, 0 FROM labs WHERE id = ${folderId}
      UNION ALL
      SELECT l.parent_id, up.depth + 1 FROM labs l JOIN up ON l.id = up.id WHERE l.parent_id IS NOT NULL AND up.depth < ${MAX_DEPTH}
    )
    UPDATE labs SET size = size + ${delta} WHERE id IN (SELECT id FROM up)`.execute(db)
}

/** Marks the live subtree as trashed together, under the root's id. */
export const trashSubtree = async (db: Db, rootId: string, now: string): Promise<number> => {
  const result = await sql`${liveSubtree(rootId)}
    UPDATE labs SET deleted_at = ${now}, trash_id = ${rootId} WHERE id IN (SELECT id FROM down)`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

/** Brings back what went to the trash with `rootId` (not what was trashed on its own before). */
export const restoreBatch = (db: Db, rootId: string, now: string) =>
  db.updateTable("labs").set({ deleted_at: null, trash_id: null, updated_at: now }).where("trash_id", "=", rootId).execute()

/**
 * Items trashed on their own earlier that sit inside a batch about to be purged or handed over:
 * they stay in the trash, and go back to the root if restored.
 */
export const detachNestedTrash = (db: Db, batchRootId: string) =>
  sql`UPDATE labs SET parent_id = NULL
      WHERE parent_id IN (SELECT id FROM labs WHERE trash_id = ${batchRootId}) AND (trash_id IS NULL OR trash_id <> ${batchRootId})`.execute(
    db
  )

/** Deletes a trash batch for good; returns the blob keys of its files, to delete after commit. */
export const purgeBatch = async (db: Db, rootId: string): Promise<ReadonlyArray<string>> => {
  const blobs = await db.selectFrom("labs").select("blob_key").where("trash_id", "=", rootId).where("blob_key", "is not", null).execute()
  await detachNestedTrash(db, rootId)
  await db.deleteFrom("labs").where("trash_id", "=", rootId).execute()
  return blobs.map((b) => b.blob_key!)
}

/** Gives the live subtree to a new owner. Trashed items inside stay in the old owner's trash. */
export const handOverSubtree = async (db: Db, rootId: string, newOwnerId: string, now: string): Promise<ReadonlyArray<string>> => {
  const ids = (await sql<{ id: string }>`${liveSubtree(rootId)} SELECT id FROM down`.execute(db)).rows.map((r) => r.id)
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    await sql`UPDATE labs SET parent_id = NULL WHERE parent_id IN (${sql.join(chunk)}) AND deleted_at IS NOT NULL`.execute(db)
    await db.updateTable("labs").set({ owner_id: newOwnerId, updated_at: now }).where("id", "in", chunk).execute()
  }
  return ids
}

/** Whether a live sibling (same owner and parent) already has this name, whatever its case. */
export const siblingNameTaken = async (
  db: Db,
  ownerId: string,
  parentId: string | null,
  nameLower: string,
  exceptId?: string
): Promise<boolean> => {
  let query = db
    .selectFrom("labs")
    .select("id")
    .where("owner_id", "=", ownerId)
    .where("name_lower", "=", nameLower)
    .where("deleted_at", "is", null)
    .where("parent_id", parentId === null ? "is" : "=", parentId)
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId)
  return (await query.executeTakeFirst()) !== undefined
}
