// Uploads of slide images into a folder, in one request or in resumable chunks. The bytes stream
// into DATA_DIR/uploads/<upload id>; the first chunk creates the file lab ("uploading", no bytes
// counted) so collaborators see it appear; the chunk that brings the last byte moves the file into
// the BlobStore (a rename), counts its bytes, sets "processing" and enqueues the pyramid job, all in
// one transaction. Every request checks the target (a live folder the user may upload to) and the
// owner's quota, before the first byte and again when completing.
import { randomUUID } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { Context, Effect, Layer } from "effect"
import {
  type BadRequest,
  badRequest,
  Forbidden,
  type NotFound,
  type PayloadTooLarge,
  ServiceUnavailable
} from "../../../src/contract/errors.ts"
import { storageFailureMessage } from "../../domain/storage-failure.ts"
import type { Lab } from "../../../src/contract/labs.ts"
import { type ChunkReceipt, UploadOffsetMismatch, type UploadProgress } from "../../../src/contract/slides.ts"
import { findLab, type ResolvedLab } from "../../db/lab-access.ts"
import { addToFolderSizes } from "../../db/lab-tree.ts"
import { stamp } from "../../domain/clock.ts"
import { planOfUser } from "../../db/subscriptions.ts"
import { slideMessages } from "../../domain/slide-messages.ts"
import { badFormat, partLength, storageFull, uploadNotFound } from "../../domain/upload-errors.ts"
import { type ByteRange, decideChunk, rangeLength } from "../../domain/upload-range.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess, type LabDenied } from "../labs/LabAccess.ts"
import { presentOne } from "../labs/Labs.ts"
import { SlideJobs } from "./SlideJobs.ts"
import { recordStatus } from "./slide-status.ts"
import { findUpload, insertUpload, lockOwner, type UploadRow, usedBytes } from "./upload-records.ts"
import { PartRefused, type PartTarget, placePart, sameBytes, writePart } from "./upload-stream.ts"

export type UploadError = BadRequest | Forbidden | NotFound | PayloadTooLarge | ServiceUnavailable
export type ChunkError = UploadError | UploadOffsetMismatch

export interface ChunkInput {
  /** Absent on the first chunk. */
  readonly uploadId: string | undefined
  /** The target folder; null for the uploader's root. */
  readonly target: string | null
  readonly filename: string | undefined
  readonly range: ByteRange
  readonly file: Readable
}

/** Where an upload goes: the folder (null at the root) and whose quota it counts against. */
interface Destination {
  readonly parentId: string | null
  readonly ownerId: string
}

/** A reviewer (or a stranger on a public folder) sees the folder but may not upload: the spec's text. */
export const uploadRefusal = <A, R>(effect: Effect.Effect<A, LabDenied, R>) =>
  Effect.catchTag(effect, "Forbidden", () => Effect.fail(new Forbidden({ message: slideMessages.notAllowed })))

export class Uploads extends Context.Service<
  Uploads,
  {
    readonly chunk: (userId: string, input: ChunkInput) => Effect.Effect<ChunkReceipt, ChunkError>
    /** The whole file in one request; answers the new file lab. */
    readonly single: (userId: string, target: string | null, filename: string, file: Readable) => Effect.Effect<Lab, UploadError>
    readonly progress: (userId: string, uploadId: string) => Effect.Effect<UploadProgress, NotFound>
    /** Checks the target folder; the DZI import shares it. */
    readonly destination: (db: Trx, userId: string, target: string | null) => Effect.Effect<Destination, UploadError>
    /** Refuses `adding` bytes that would pass the owner's quota (413). */
    readonly ensureRoom: (db: Trx, ownerId: string, adding: number) => Effect.Effect<void, PayloadTooLarge>
    /** Removes an unfinished upload: its row, its "uploading" lab and its partial file. */
    readonly discard: (uploadId: string, reason: string) => Effect.Effect<void>
    /** DATA_DIR/uploads, where partial files (and imports being checked) live. */
    readonly dir: string
  }
>()("preparat/Uploads") {
  static readonly layer = Layer.effect(
    Uploads,
    Effect.gen(function* () {
      const database = yield* Database
      const { db, engine } = database
      const events = yield* EventLog
      const access = yield* LabAccess
      const blobs = yield* BlobStore
      const jobs = yield* SlideJobs
      const dir = join((yield* AppConfig).dataDir, "uploads")
      yield* Effect.promise(() => mkdir(dir, { recursive: true }))
      const partialPath = (id: string) => join(dir, id)
      const removeFile = (path: string) => Effect.promise(() => rm(path, { force: true }))

      /**
       * Writes a part; a refused part becomes `refused(reason)`, a disk that refuses the bytes (full,
       * read-only) a 503 that says so, anything else a defect.
       */
      const write = (file: Readable, target: PartTarget, refused: (reason: PartRefused["reason"]) => UploadError) =>
        Effect.tryPromise({ try: (signal) => writePart(file, target, signal), catch: (error) => error }).pipe(
          Effect.catch((error): Effect.Effect<never, UploadError> => {
            if (error instanceof PartRefused) return Effect.fail(refused(error.reason))
            const message = storageFailureMessage(error)
            return message === undefined ? Effect.die(error) : Effect.fail(new ServiceUnavailable({ message }))
          })
        )

      const destination = (d: Trx, userId: string, target: string | null) =>
        Effect.gen(function* () {
          if (target === null) return { parentId: null, ownerId: userId }
          const folder = yield* uploadRefusal(access.require(d, userId, target, "lab.create"))
          if (folder.row.is_dir !== 1)
            return yield* Effect.fail(badRequest({ lab_id: [slideMessages.notAFolder] }, slideMessages.notAFolder))
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

      /** Every byte is there: adopt the file, count it, enqueue the pyramid. Answers the lab. */
      const complete = (trx: Trx, userId: string, uploadId: string) =>
        Effect.gen(function* () {
          const upload = yield* sql(() => findUpload(trx, uploadId))
          if (!upload) return yield* uploadNotFound()
          const lab = yield* fileLab(trx, userId, upload)
          yield* sql(() => lockOwner(trx, engine, upload.owner_id))
          // Its own bytes are counted already (reserved at the start); the quota may have shrunk since.
          yield* ensureRoom(trx, upload.owner_id, 0)
          const path = partialPath(upload.id)
          const size = yield* Effect.promise(() =>
            stat(path).then(
              (s) => s.size,
              () => -1
            )
          )
          if (size !== Number(upload.total_size)) return yield* Effect.fail(partLength())
          const now = stamp()
          const total = Number(upload.total_size)
          yield* sql(() =>
            trx.updateTable("labs").set({ status: "processing", size: total, updated_at: now }).where("id", "=", lab.row.id).execute()
          )
          yield* sql(() => addToFolderSizes(trx, lab.row.parent_id, total))
          yield* sql(() =>
            trx.updateTable("uploads").set({ received: total, completed_at: now, updated_at: now }).where("id", "=", upload.id).execute()
          )
          yield* jobs.enqueue(trx, lab.row.id, "pyramid")
          yield* recordStatus(events, trx, lab.row, "processing", userId)
          // Last, so that nothing after it can fail and leave the file moved under a rolled-back row.
          const key = yield* blobs.adopt(path)
          yield* sql(() => trx.updateTable("labs").set({ blob_key: key }).where("id", "=", lab.row.id).execute())
          return yield* presentOne(trx, lab, userId)
        })

      /** An upload that can never complete: its row, its "uploading" lab and its partial file go. */
      const discard = (uploadId: string, reason: string) =>
        Effect.gen(function* () {
          yield* database.transaction((trx) =>
            Effect.gen(function* () {
              const upload = yield* sql(() => findUpload(trx, uploadId))
              if (!upload || upload.completed_at !== null) return
              const lab = upload.lab_id ? yield* sql(() => findLab(trx, upload.lab_id!)) : undefined
              if (lab && lab.status === "uploading") {
                yield* sql(() => trx.deleteFrom("labs").where("id", "=", lab.id).execute())
                yield* events.record(trx, {
                  actorId: upload.user_id,
                  kind: "lab.upload_removed",
                  labId: lab.id,
                  payload: { name: lab.name, reason, parent_id: lab.parent_id }
                })
              }
              yield* sql(() => trx.deleteFrom("uploads").where("id", "=", upload.id).execute())
            })
          )
          yield* removeFile(partialPath(uploadId))
        })

      /** Runs a step of a later chunk; if it is refused (access, quota, size), the upload is dead: discard it. */
      const orDiscard = <A, E>(uploadId: string, step: Effect.Effect<A, E>) =>
        step.pipe(Effect.tapError(() => discard(uploadId, "refused at completion")))

      const firstChunk = (userId: string, input: ChunkInput) =>
        Effect.gen(function* () {
          const { range } = input
          if (range.start !== 0) {
            return yield* new UploadOffsetMismatch({ message: slideMessages.wrongOffset(0), upload_id: null, offset: 0 })
          }
          if (input.filename === undefined || input.filename.trim() === "") {
            return yield* Effect.fail(badRequest({ name: [slideMessages.filenameRequired] }, slideMessages.filenameRequired))
          }
          const filename = input.filename
          // Refused before the first byte is read: the target and the announced total.
          const to = yield* destination(db, userId, input.target)
          yield* ensureRoom(db, to.ownerId, range.total)
          const id = randomUUID()
          const path = partialPath(id)
          const length = rangeLength(range)
          return yield* Effect.gen(function* () {
            const written = yield* write(input.file, { path, offset: 0, create: true, maxBytes: length, sniff: true }, (reason) =>
              reason === "format" ? badFormat() : partLength()
            )
            if (written !== length) return yield* Effect.fail(partLength())
            return yield* database.transaction((trx) =>
              Effect.gen(function* () {
                yield* begin(trx, userId, input.target, filename, id, range.total, length)
                if (length < range.total) return { upload_id: id, offset: length }
                return { upload_id: id, offset: length, lab: yield* complete(trx, userId, id) }
              })
            )
            // Nothing of a refused first chunk stays: its rows rolled back, and its file goes too.
          }).pipe(Effect.onError(() => removeFile(path)))
        })

      const laterChunk = (userId: string, uploadId: string, input: ChunkInput) =>
        Effect.gen(function* () {
          const upload = yield* sql(() => findUpload(db, uploadId))
          if (!upload || upload.user_id !== userId) return yield* uploadNotFound()
          const held = { received: Number(upload.received), total: Number(upload.total_size) }
          const decision = decideChunk(held, input.range)
          if (decision.kind === "wrong-total")
            return yield* Effect.fail(badRequest({ file: [slideMessages.totalChanged] }, slideMessages.totalChanged))
          // Held already (its answer was lost, say): nothing changes, the client learns the offset.
          if (decision.kind === "duplicate") return yield* answerHeld(userId, upload)
          if (decision.kind === "mismatch") {
            return yield* new UploadOffsetMismatch({
              message: slideMessages.wrongOffset(decision.offset),
              upload_id: upload.id,
              offset: decision.offset
            })
          }
          yield* orDiscard(upload.id, fileLab(db, userId, upload))
          const length = rangeLength(input.range)
          // The part is staged in a file of its own, then placed into the upload's file only by the
          // request that claims its range (a conditional update, atomic on both engines, in the same
          // transaction). Two requests for the same range, even with different bytes, can then never
          // both write, and only the bytes that were placed are acknowledged.
          const staged = `${partialPath(upload.id)}.${randomUUID()}.part`
          return yield* Effect.gen(function* () {
            const written = yield* write(input.file, { path: staged, offset: 0, create: true, maxBytes: length, sniff: false }, () =>
              partLength()
            )
            if (written !== length) return yield* Effect.fail(partLength())
            return yield* placeChunk(userId, upload, input.range, staged)
          }).pipe(Effect.ensuring(removeFile(staged)))
        })

      /** Claims the range for a staged part and places it; or says what the server holds instead. */
      const placeChunk = (userId: string, upload: UploadRow, range: ByteRange, staged: string) =>
        Effect.gen(function* () {
          const next = range.end + 1
          const total = Number(upload.total_size)
          const outcome = yield* orDiscard(
            upload.id,
            database.transaction((trx) =>
              Effect.gen(function* () {
                const claimed = yield* sql(() =>
                  trx
                    .updateTable("uploads")
                    .set({ received: next, updated_at: stamp() })
                    .where("id", "=", upload.id)
                    .where("received", "=", range.start)
                    .where("completed_at", "is", null)
                    .executeTakeFirst()
                )
                // Another request for the same bytes got there first.
                if (Number(claimed.numUpdatedRows) !== 1) return "raced" as const
                yield* Effect.promise(() => placePart(staged, partialPath(upload.id), range.start))
                if (next < total) return { upload_id: upload.id, offset: next }
                return { upload_id: upload.id, offset: next, lab: yield* complete(trx, userId, upload.id) }
              })
            )
          )
          if (outcome !== "raced") return outcome
          const now = yield* sql(() => findUpload(db, upload.id))
          if (!now) return yield* uploadNotFound()
          // The range is held: acknowledged only if it holds these very bytes (a retried chunk).
          if (Number(now.received) > range.end) {
            const held = yield* heldBytes(now, range)
            const same = held !== undefined && (yield* Effect.promise(() => sameBytes(staged, held.stream)))
            if (same) return yield* answerHeld(userId, now)
            return yield* Effect.fail(badRequest({ file: [slideMessages.conflictingChunk] }, slideMessages.conflictingChunk))
          }
          return yield* new UploadOffsetMismatch({
            message: slideMessages.wrongOffset(Number(now.received)),
            upload_id: now.id,
            offset: Number(now.received)
          })
        })

      /** An upload's bytes in a range: from its partial file, or once complete from its lab's original. */
      const heldBytes = (upload: UploadRow, range: ByteRange) =>
        Effect.gen(function* () {
          if (upload.completed_at === null) {
            const stream = createReadStream(partialPath(upload.id), { start: range.start, end: range.end })
            return { size: range.end - range.start + 1, stream }
          }
          const lab = upload.lab_id ? yield* sql(() => findLab(db, upload.lab_id!)) : undefined
          return lab?.blob_key ? yield* blobs.open(lab.blob_key, range) : undefined
        })

      /** What the server holds, as a chunk answer; with the lab once complete (a retried last chunk). */
      const answerHeld = (userId: string, upload: UploadRow) =>
        Effect.gen(function* () {
          const receipt: { upload_id: string; offset: number } = { upload_id: upload.id, offset: Number(upload.received) }
          if (upload.completed_at === null || upload.lab_id === null) return receipt
          const lab = yield* access.require(db, userId, upload.lab_id, "lab.view").pipe(Effect.option)
          if (lab._tag === "None") return receipt
          return { ...receipt, lab: yield* presentOne(db, lab.value, userId) }
        })

      const chunk = Effect.fn("Uploads.chunk")(function* (userId: string, input: ChunkInput) {
        return yield* input.uploadId === undefined ? firstChunk(userId, input) : laterChunk(userId, input.uploadId, input)
      })

      const single = Effect.fn("Uploads.single")(function* (userId: string, target: string | null, filename: string, file: Readable) {
        const to = yield* destination(db, userId, target)
        const room = (yield* sql(() => planOfUser(db, to.ownerId))).storageBytes - (yield* sql(() => usedBytes(db, to.ownerId)))
        if (room <= 0) return yield* storageFull(room)
        const id = randomUUID()
        const path = partialPath(id)
        return yield* Effect.gen(function* () {
          // The size is known only at the end: stop as soon as it passes the room left.
          const written = yield* write(file, { path, offset: 0, create: true, maxBytes: room, sniff: true }, (reason) =>
            reason === "format" ? badFormat() : storageFull(room)
          )
          return yield* database.transaction((trx) =>
            Effect.gen(function* () {
              yield* begin(trx, userId, target, filename, id, written, written)
              return yield* complete(trx, userId, id)
            })
          )
        }).pipe(Effect.onError(() => removeFile(path)))
      })

      const progress = Effect.fn("Uploads.progress")(function* (userId: string, uploadId: string) {
        const upload = yield* sql(() => findUpload(db, uploadId))
        if (!upload || upload.user_id !== userId) return yield* uploadNotFound()
        return {
          upload_id: upload.id,
          offset: Number(upload.received),
          total: Number(upload.total_size),
          filename: upload.filename,
          lab_id: upload.parent_id
        }
      })

      return Uploads.of({ chunk, single, progress, destination, ensureRoom, discard, dir })
    })
  )
}
