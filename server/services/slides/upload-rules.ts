// The rules of an upload, shared by its requests: where it may go (a live folder the user may
// upload into), whether the owner has room, creating the file lab and its upload row, and the one
// short transaction that completes it once the original is stored.
import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { badRequest, type Forbidden, type NotFound } from "../../../src/contract/errors.ts"
import type { ResolvedLab } from "../../db/lab-access.ts"
import { addToFolderSizes } from "../../db/lab-tree.ts"
import { planOfUser } from "../../db/subscriptions.ts"
import { stamp } from "../../domain/clock.ts"
import { slideMessages } from "../../domain/slide-messages.ts"
import { storageFull, uploadNotFound } from "../../domain/upload-errors.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess } from "../labs/LabAccess.ts"
import { presentOne } from "../labs/Labs.ts"
import { SlideJobs } from "./SlideJobs.ts"
import { recordStatus } from "./slide-status.ts"
import { findUpload, insertUpload, lockOwner, type UploadRow, usedBytes } from "./upload-records.ts"
import { uploadRefusal } from "./upload-write.ts"

export const uploadRules = Effect.gen(function* () {
  const { engine } = yield* Database
  const events = yield* EventLog
  const access = yield* LabAccess
  const jobs = yield* SlideJobs
  const destination = (d: Trx, userId: string, target: string | null) =>
    Effect.gen(function* () {
      if (target === null) return { parentId: null, ownerId: userId }
      const folder = yield* uploadRefusal(access.require(d, userId, target, "lab.create"))
      if (folder.row.is_dir !== 1) return yield* Effect.fail(badRequest({ lab_id: [slideMessages.notAFolder] }, slideMessages.notAFolder))
      return { parentId: folder.row.id, ownerId: folder.row.owner_id }
    })

  const ensureRoom = (d: Trx, ownerId: string, adding: number) =>
    Effect.gen(function* () {
      const used = yield* sql(() => usedBytes(d, ownerId))
      const quota = (yield* sql(() => planOfUser(d, ownerId))).storageBytes
      if (used + adding > quota) return yield* storageFull(quota - used)
    })

  /** The upload's file lab, if it is live and the user may still upload into its folder. */
  const fileLab = (d: Trx, userId: string, upload: UploadRow): Effect.Effect<ResolvedLab, NotFound | Forbidden> =>
    upload.lab_id === null ? Effect.fail(uploadNotFound()) : uploadRefusal(access.require(d, userId, upload.lab_id, "lab.create"))

  /** Creates the file lab and the upload row; answers the lab id. */
  const begin = (trx: Trx, userId: string, target: string | null, filename: string, id: string, total: number, received: number) =>
    Effect.gen(function* () {
      const to = yield* destination(trx, userId, target)
      yield* sql(() => lockOwner(trx, engine, to.ownerId))
      yield* ensureRoom(trx, to.ownerId, total)
      const labId = randomUUID()
      const { name } = yield* sql(() =>
        insertUpload(trx, { id, userId, parentId: to.parentId, ownerId: to.ownerId, filename, total, received }, labId)
      )
      yield* events.record(trx, {
        actorId: userId,
        kind: "lab.created",
        labId,
        payload: { name, is_dir: false, parent_id: to.parentId, owner_id: to.ownerId }
      })
      yield* recordStatus(events, trx, { id: labId, parent_id: to.parentId, slide_key: null }, "uploading", userId)
      return labId
    })

  /**
   * Every byte is in `key`: count it, enqueue the pyramid. Answers the lab; undefined when the
   * upload was completed meanwhile (another server finished it first).
   */
  const complete = (trx: Trx, userId: string, uploadId: string, key: string) =>
    Effect.gen(function* () {
      const upload = yield* sql(() => findUpload(trx, uploadId))
      if (!upload) return yield* uploadNotFound()
      if (upload.completed_at !== null) return undefined
      const lab = yield* fileLab(trx, userId, upload)
      yield* sql(() => lockOwner(trx, engine, upload.owner_id))
      // Its own bytes are counted already (reserved at the start); the quota may have shrunk since.
      yield* ensureRoom(trx, upload.owner_id, 0)
      const now = stamp()
      const total = Number(upload.total_size)
      yield* sql(() =>
        trx
          .updateTable("labs")
          .set({ status: "processing", size: total, blob_key: key, updated_at: now })
          .where("id", "=", lab.row.id)
          .execute()
      )
      yield* sql(() => addToFolderSizes(trx, lab.row.parent_id, total))
      yield* sql(() =>
        trx
          .updateTable("uploads")
          .set({ received: total, completed_at: now, completing_until: null, updated_at: now })
          .where("id", "=", upload.id)
          .execute()
      )
      // Its bytes are the original's now; the parts themselves go after the commit.
      yield* sql(() => trx.deleteFrom("upload_parts").where("upload_id", "=", upload.id).execute())
      yield* jobs.enqueue(trx, lab.row.id, "pyramid")
      yield* recordStatus(events, trx, lab.row, "processing", userId)
      return yield* presentOne(trx, lab, userId)
    })

  return { destination, ensureRoom, fileLab, begin, complete }
})
