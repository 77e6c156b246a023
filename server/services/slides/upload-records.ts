// The rows of an upload: the file lab it creates, the uploads row that tracks its bytes, the
// owner's storage used (read inside the caller's transaction), and the lock that makes the quota
// check and the name choice safe against a concurrent upload of the same owner.
import { sql as kysql } from "kysely"
import type { Engine } from "../../db/migrations.ts"
import type { LabRow } from "../../db/lab-access.ts"
import type { UploadsTable } from "../../db/schema.ts"
import { siblingNameTaken } from "../../db/lab-tree.ts"
import { nameKey } from "../../domain/lab-name.ts"
import { fileLabName, numberedName } from "../../domain/upload-names.ts"
import { stamp } from "../../domain/clock.ts"
import type { Trx } from "../platform/Database.ts"

export type UploadRow = UploadsTable

/** Bytes of files the owner holds (the trash included), read in the caller's transaction. */
/**
 * What counts against the owner's quota: the files stored, and the whole announced size of every
 * upload still in flight (reserved at its first chunk, released when it completes, fails or is
 * swept), so that uploads running side by side cannot together pass the quota.
 */
export const usedBytes = async (db: Trx, ownerId: string): Promise<number> => {
  const [stored, reserved] = await Promise.all([
    db
      .selectFrom("labs")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes"))
      .where("owner_id", "=", ownerId)
      .where("is_dir", "=", 0)
      .executeTakeFirst(),
    db
      .selectFrom("uploads")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total_size"), eb.lit(0)).as("bytes"))
      .where("owner_id", "=", ownerId)
      .where("completed_at", "is", null)
      .executeTakeFirst()
  ])
  return Number(stored?.bytes ?? 0) + Number(reserved?.bytes ?? 0)
}

/**
 * Serialises the owner's uploads until commit. SQLite transactions already take the write lock
 * when they begin; PostgreSQL locks the owner's row.
 */
export const lockOwner = async (trx: Trx, engine: Engine, ownerId: string): Promise<void> => {
  if (engine === "postgres") await kysql`SELECT id FROM users WHERE id = ${ownerId} FOR UPDATE`.execute(trx)
}

/** The first free name among the live siblings: "scan.tif", "scan (2).tif", ... */
export const freeFileName = async (trx: Trx, ownerId: string, parentId: string | null, filename: string): Promise<string> => {
  const base = fileLabName(filename)
  for (let n = 1; ; n++) {
    const candidate = numberedName(base, n)
    if (!(await siblingNameTaken(trx, ownerId, parentId, nameKey(candidate)))) return candidate
  }
}

export interface NewUpload {
  readonly id: string
  readonly userId: string
  readonly parentId: string | null
  readonly ownerId: string
  readonly filename: string
  readonly total: number
  readonly received: number
}

export interface NewFileLab {
  readonly id: string
  readonly ownerId: string
  readonly parentId: string | null
  readonly filename: string
  readonly status: "uploading" | "ready"
}

/** A file lab named after the file; answers the name it got. */
export const insertFileLab = async (
  trx: Trx,
  lab: NewFileLab,
  extra: Partial<Pick<LabRow, "size" | "width" | "height" | "slide_key" | "blob_key">> = {}
) => {
  const now = stamp()
  const name = await freeFileName(trx, lab.ownerId, lab.parentId, lab.filename)
  await trx
    .insertInto("labs")
    .values({
      id: lab.id,
      owner_id: lab.ownerId,
      parent_id: lab.parentId,
      name,
      name_lower: nameKey(name),
      is_dir: 0,
      status: lab.status,
      size: 0,
      description: null,
      thumbnail: null,
      blob_key: null,
      is_public: 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      trash_id: null,
      ...extra
    })
    .execute()
  return name
}

export interface NewUpload {
  readonly id: string
  readonly userId: string
  readonly parentId: string | null
  readonly ownerId: string
  readonly filename: string
  readonly total: number
  readonly received: number
}

/** The file lab (status uploading, no bytes counted yet) and the row that tracks its upload. */
export const insertUpload = async (trx: Trx, upload: NewUpload, labId: string): Promise<{ name: string }> => {
  const name = await insertFileLab(trx, {
    id: labId,
    ownerId: upload.ownerId,
    parentId: upload.parentId,
    filename: upload.filename,
    status: "uploading"
  })
  const now = stamp()
  await trx
    .insertInto("uploads")
    .values({
      id: upload.id,
      user_id: upload.userId,
      parent_id: upload.parentId,
      owner_id: upload.ownerId,
      filename: upload.filename.slice(0, 1000),
      total_size: upload.total,
      received: upload.received,
      lab_id: labId,
      created_at: now,
      updated_at: now,
      completed_at: null
    })
    .execute()
  return { name }
}

export const findUpload = (db: Trx, id: string): Promise<UploadRow | undefined> =>
  db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst()
