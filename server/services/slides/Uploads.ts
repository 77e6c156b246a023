// Uploads of slide images into a folder, in one request or in resumable chunks. A chunk's bytes
// stream into a file on this disk, then become a part in the BlobStore (the bucket, when there is
// one) and a row of upload_parts, so the next chunk may reach another app server. The first chunk
// creates the file lab ("uploading", no bytes counted) so collaborators see it appear. The chunk
// that brings the last byte takes a lease on completing; then, outside any transaction, its server
// puts the parts together into the original (a copy as long as the file), and one short
// transaction counts its bytes, sets "processing" and enqueues the pyramid job. A server that
// crashes in between leaves the lease to lapse: the client's retried last chunk, or the sweep,
// completes the upload. Every request checks the target (a live folder the user may upload to) and
// the owner's quota, before the first byte and again when completing.
import { randomUUID } from "node:crypto"
import { mkdir, rm } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { Context, Effect, Layer } from "effect"
import { badRequest, type NotFound, type PayloadTooLarge } from "../../../src/contract/errors.ts"
import type { Lab } from "../../../src/contract/labs.ts"
import { type ChunkReceipt, UploadOffsetMismatch, type UploadProgress } from "../../../src/contract/slides.ts"
import { findLab } from "../../db/lab-access.ts"
import { stamp } from "../../domain/clock.ts"
import { planOfUser } from "../../db/subscriptions.ts"
import { slideMessages } from "../../domain/slide-messages.ts"
import { badFormat, partLength, storageFull, uploadNotFound } from "../../domain/upload-errors.ts"
import { type ByteRange, decideChunk, rangeLength } from "../../domain/upload-range.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess } from "../labs/LabAccess.ts"
import { presentOne } from "../labs/Labs.ts"
import { findUpload, type UploadRow, usedBytes } from "./upload-records.ts"
import { completingLease, insertPart, isWhole, partsOf, partsStream, releaseCompletion, takeCompletion } from "./upload-parts.ts"
import { sameBytes } from "./upload-stream.ts"
import { uploadRules } from "./upload-rules.ts"
import { type UploadError, write } from "./upload-write.ts"

export type { UploadError }
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
    /** Removes an unfinished upload: its row, its "uploading" lab and its parts. */
    readonly discard: (uploadId: string, reason: string) => Effect.Effect<void>
    /** Completes an upload whose every byte is in but whose completing server went away (the sweep). */
    readonly resume: (uploadId: string, userId: string) => Effect.Effect<void, ChunkError>
    /** DATA_DIR/uploads, where chunks are staged (and imports checked) on this disk; local parts live here too. */
    readonly dir: string
  }
>()("preparat/Uploads") {
  static readonly layer = Layer.effect(
    Uploads,
    Effect.gen(function* () {
      const database = yield* Database
      const { db } = database
      const events = yield* EventLog
      const access = yield* LabAccess
      const blobs = yield* BlobStore
      const dir = join((yield* AppConfig).dataDir, "uploads")
      yield* Effect.promise(() => mkdir(dir, { recursive: true }))
      /** Where a chunk's bytes land on this disk before they become a part. */
      const stagedPath = (id: string) => join(dir, `${id}.${randomUUID()}.part`)
      const removeFile = (path: string) => Effect.promise(() => rm(path, { force: true }))

      const { destination, ensureRoom, fileLab, begin, complete } = yield* uploadRules

      /**
       * Puts the parts together into the original (outside any transaction: the copy is as long as
       * the file) and completes the upload in one short one. A refusal at completion (access, quota,
       * missing bytes) discards the upload. Answers the chunk receipt, with the lab.
       */
      const finish = (userId: string, uploadId: string): Effect.Effect<ChunkReceipt, ChunkError> =>
        orDiscard(
          uploadId,
          Effect.gen(function* () {
            const upload = yield* sql(() => findUpload(db, uploadId))
            if (!upload) return yield* uploadNotFound()
            const total = Number(upload.total_size)
            const parts = yield* sql(() => partsOf(db, uploadId))
            if (upload.completed_at === null && !isWhole(parts, total)) return yield* Effect.fail(partLength())
            const key = upload.completed_at === null ? yield* blobs.putStream(partsStream(blobs, parts, 0)) : undefined
            const lab =
              key === undefined
                ? undefined
                : yield* database.transaction((trx) => complete(trx, userId, uploadId, key)).pipe(Effect.onError(() => blobs.remove([key])))
            if (lab === undefined) {
              // Finished by someone else first: their original stands, this copy goes.
              if (key !== undefined) yield* blobs.remove([key])
              const now = yield* sql(() => findUpload(db, uploadId))
              return now ? yield* answerHeld(userId, now) : yield* uploadNotFound()
            }
            yield* blobs.removeParts(uploadId)
            return { upload_id: uploadId, offset: total, lab }
          }).pipe(Effect.onError(() => Effect.asVoid(Effect.exit(sql(() => releaseCompletion(db, uploadId))))))
        )

      const resume = (uploadId: string, userId: string) =>
        Effect.gen(function* () {
          if (yield* sql(() => takeCompletion(db, uploadId))) yield* finish(userId, uploadId)
        })

      /** An upload that can never complete: its row, its "uploading" lab and its parts go. */
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
              yield* sql(() => trx.deleteFrom("upload_parts").where("upload_id", "=", upload.id).execute())
              yield* sql(() => trx.deleteFrom("uploads").where("id", "=", upload.id).execute())
            })
          )
          yield* blobs.removeParts(uploadId)
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
          const staged = stagedPath(id)
          const length = rangeLength(range)
          const receipt = yield* Effect.gen(function* () {
            const written = yield* write(input.file, { path: staged, offset: 0, create: true, maxBytes: length, sniff: true }, (reason) =>
              reason === "format" ? badFormat() : partLength()
            )
            if (written !== length) return yield* Effect.fail(partLength())
            const part = yield* blobs.putPart(id, staged)
            const whole = length === range.total
            yield* database.transaction((trx) =>
              Effect.gen(function* () {
                yield* begin(trx, userId, input.target, filename, id, range.total, length)
                yield* sql(() => insertPart(trx, id, 0, length, part))
                if (whole)
                  yield* sql(() => trx.updateTable("uploads").set({ completing_until: completingLease() }).where("id", "=", id).execute())
              })
            )
            return { upload_id: id, offset: length, whole }
            // Nothing of a refused first chunk stays: its rows rolled back, and its bytes go too.
          }).pipe(
            Effect.ensuring(removeFile(staged)),
            Effect.onError(() => blobs.removeParts(id))
          )
          if (!receipt.whole) return { upload_id: receipt.upload_id, offset: receipt.offset }
          return yield* finish(userId, id)
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
          // The part is stored under a name of its own, then counted as the upload's bytes only by
          // the request that claims its range (a conditional update, atomic on both engines, in the
          // transaction that records the part). Two requests for the same range, even with different
          // bytes, can then never both count, and only the bytes that were counted are acknowledged.
          const staged = stagedPath(upload.id)
          const part = yield* Effect.gen(function* () {
            const written = yield* write(input.file, { path: staged, offset: 0, create: true, maxBytes: length, sniff: false }, () =>
              partLength()
            )
            if (written !== length) return yield* Effect.fail(partLength())
            return yield* blobs.putPart(upload.id, staged)
          }).pipe(Effect.ensuring(removeFile(staged)))
          return yield* placeChunk(userId, upload, input.range, part)
        })

      /** Claims the range for a stored part; or says what the server holds instead. */
      const placeChunk = (userId: string, upload: UploadRow, range: ByteRange, part: string) =>
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
                    // The last byte: this request puts the upload together, under a lease.
                    .set({ received: next, updated_at: stamp(), completing_until: next < total ? null : completingLease() })
                    .where("id", "=", upload.id)
                    .where("received", "=", range.start)
                    .where("completed_at", "is", null)
                    .executeTakeFirst()
                )
                // Another request for the same bytes got there first.
                if (Number(claimed.numUpdatedRows) !== 1) return "raced" as const
                yield* sql(() => insertPart(trx, upload.id, range.start, next - range.start, part))
                return next < total ? ("placed" as const) : ("last" as const)
              })
            )
          )
          if (outcome === "placed") return { upload_id: upload.id, offset: next }
          if (outcome === "last") return yield* finish(userId, upload.id)
          return yield* Effect.ensuring(raced(userId, upload, range, part), blobs.removePart(part))
        })

      /** A chunk whose range another request claimed: acknowledged only if it holds the very same bytes. */
      const raced = (userId: string, upload: UploadRow, range: ByteRange, part: string) =>
        Effect.gen(function* () {
          const now = yield* sql(() => findUpload(db, upload.id))
          if (!now) return yield* uploadNotFound()
          if (Number(now.received) > range.end) {
            const held = yield* heldBytes(now, range)
            const mine = yield* blobs.openPart(part, 0)
            const same = held !== undefined && mine !== undefined && (yield* Effect.promise(() => sameBytes(mine, held.stream)))
            if (same) return yield* answerHeld(userId, now)
            return yield* Effect.fail(badRequest({ file: [slideMessages.conflictingChunk] }, slideMessages.conflictingChunk))
          }
          return yield* new UploadOffsetMismatch({
            message: slideMessages.wrongOffset(Number(now.received)),
            upload_id: now.id,
            offset: Number(now.received)
          })
        })

      /** An upload's bytes in a range: from its parts, or once complete from its lab's original. */
      const heldBytes = (upload: UploadRow, range: ByteRange) =>
        Effect.gen(function* () {
          if (upload.completed_at === null) {
            const parts = yield* sql(() => partsOf(db, upload.id))
            return { size: range.end - range.start + 1, stream: partsStream(blobs, parts, range.start) }
          }
          const lab = upload.lab_id ? yield* sql(() => findLab(db, upload.lab_id!)) : undefined
          return lab?.blob_key ? yield* blobs.open(lab.blob_key, range) : undefined
        })

      /**
       * What the server holds, as a chunk answer; with the lab once complete (a retried last chunk).
       * Every byte in but not complete, and no live lease: the server that took the last byte went
       * away, so this request completes the upload.
       */
      const answerHeld = (userId: string, upload: UploadRow): Effect.Effect<ChunkReceipt, ChunkError> =>
        Effect.gen(function* () {
          const receipt: { upload_id: string; offset: number } = { upload_id: upload.id, offset: Number(upload.received) }
          if (upload.completed_at === null && Number(upload.received) === Number(upload.total_size)) {
            if (yield* sql(() => takeCompletion(db, upload.id))) return yield* finish(userId, upload.id)
          }
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
        const path = stagedPath(id)
        const stored = yield* Effect.gen(function* () {
          // The size is known only at the end: stop as soon as it passes the room left.
          const written = yield* write(file, { path, offset: 0, create: true, maxBytes: room, sniff: true }, (reason) =>
            reason === "format" ? badFormat() : storageFull(room)
          )
          // Stored before the transaction, not inside it: into a bucket that is a long copy.
          return { written, key: yield* blobs.adopt(path) }
        }).pipe(Effect.onError(() => removeFile(path)))
        const lab = yield* database
          .transaction((trx) =>
            Effect.gen(function* () {
              yield* begin(trx, userId, target, filename, id, stored.written, stored.written)
              return yield* complete(trx, userId, id, stored.key)
            })
          )
          .pipe(Effect.onError(() => blobs.remove([stored.key])))
        // Begun in this very transaction, it cannot have been completed by anyone else.
        if (lab === undefined) return yield* Effect.die(new Error("a single upload was completed twice"))
        return lab
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

      return Uploads.of({ chunk, single, progress, destination, ensureRoom, discard, resume, dir })
    })
  )
}
