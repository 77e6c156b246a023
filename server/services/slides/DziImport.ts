// POST /v2/slides/upload/dzi/{labId}: a zip of an existing Deep Zoom pyramid becomes a ready file
// lab at once, no pyramid job. The zip streams to DATA_DIR/uploads, is checked and laid out as a
// slide in a staging directory (dzi-extract.ts), renamed into DATA_DIR/slides/<key>, and the lab is
// created in one transaction that checks the target and the quota again. The zip itself is kept as
// the lab's original. Any inconsistency is the catalogue's format message and leaves nothing.
import { randomUUID } from "node:crypto"
import { rename, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { Context, Effect, Layer } from "effect"
import type { Lab } from "../../../src/contract/labs.ts"
import { addToFolderSizes } from "../../db/lab-tree.ts"
import { planOfUser } from "../../db/subscriptions.ts"
import { ServiceUnavailable } from "../../../src/contract/errors.ts"
import { storageFailureMessage } from "../../domain/storage-failure.ts"
import { badFormat, storageFull } from "../../domain/upload-errors.ts"
import { onDisk } from "../../domain/dzi-archive.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql } from "../platform/Database.ts"
import { DziOverQuota, DziRejected, extractDzi } from "./dzi-extract.ts"
import { EventLog } from "../platform/EventLog.ts"
import { LabAccess } from "../labs/LabAccess.ts"
import { presentOne } from "../labs/Labs.ts"
import { AutoTagging } from "./AutoTagging.ts"
import { SlideFiles } from "./SlideFiles.ts"
import { recordStatus } from "./slide-status.ts"
import { insertFileLab, lockOwner, usedBytes } from "./upload-records.ts"
import { PartRefused, writePart } from "./upload-stream.ts"
import { type UploadError, Uploads } from "./Uploads.ts"

export class DziImport extends Context.Service<
  DziImport,
  { readonly run: (userId: string, target: string | null, filename: string, file: Readable) => Effect.Effect<Lab, UploadError> }
>()("preparat/DziImport") {
  static readonly layer = Layer.effect(
    DziImport,
    Effect.gen(function* () {
      const database = yield* Database
      const { db, engine } = database
      const events = yield* EventLog
      const access = yield* LabAccess
      const uploads = yield* Uploads
      const slides = yield* SlideFiles
      const tagging = yield* AutoTagging
      const blobs = yield* BlobStore
      const { slidePixelLimit } = yield* AppConfig

      /** A disk that refuses the bytes (full, read-only) is a 503 that says so; anything else a defect. */
      const cannotStore = (error: unknown): Effect.Effect<never, ServiceUnavailable> => {
        const message = storageFailureMessage(error)
        return message === undefined ? Effect.die(error) : Effect.fail(new ServiceUnavailable({ message }))
      }

      const receive = (file: Readable, path: string, room: number) =>
        Effect.tryPromise({
          try: (signal) => writePart(file, { path, offset: 0, create: true, maxBytes: room, sniff: false }, signal),
          catch: (e) => e
        }).pipe(
          Effect.catch(
            (error): Effect.Effect<never, UploadError> =>
              error instanceof PartRefused ? Effect.fail(storageFull(room)) : cannotStore(error)
          )
        )

      const layOut = (zipPath: string, outDir: string, room: number, zipBytes: number) =>
        Effect.tryPromise({
          try: () => extractDzi(zipPath, outDir, { maxBytes: room, maxPixels: slidePixelLimit, zipBytes }),
          catch: (e) => e
        }).pipe(
          Effect.catch(
            (error): Effect.Effect<never, UploadError> =>
              error instanceof DziOverQuota
                ? Effect.fail(storageFull(room))
                : error instanceof DziRejected
                  ? Effect.logInfo(`DZI import refused: ${error.message}`).pipe(Effect.andThen(Effect.fail(badFormat())))
                  : cannotStore(error)
          )
        )

      const run = Effect.fn("DziImport.run")(function* (userId: string, target: string | null, filename: string, file: Readable) {
        const to = yield* uploads.destination(db, userId, target)
        const room = (yield* sql(() => planOfUser(db, to.ownerId))).storageBytes - (yield* sql(() => usedBytes(db, to.ownerId)))
        if (room <= 0) return yield* storageFull(room)
        const zipPath = join(uploads.dir, `${randomUUID()}.zip`)
        const key = slides.newKey()
        const staging = join(slides.root, `.${key}.import-${randomUUID()}`)
        let adopted = false
        return yield* Effect.gen(function* () {
          yield* receive(file, zipPath, room)
          const zipBytes = (yield* Effect.promise(() => stat(zipPath))).size
          // The unpacked tiles count against the room the zip left, so a small zip cannot unpack past it,
          // and the lab's size is what it takes on disk, in whole blocks: the zip kept as the original
          // and every file of its pyramid.
          const extracted = yield* layOut(zipPath, staging, room - onDisk(zipBytes), zipBytes)
          const d = extracted.descriptor
          const stored = onDisk(zipBytes) + extracted.bytes
          yield* Effect.tryPromise({ try: () => rename(staging, slides.dirOf(key)), catch: (e) => e }).pipe(Effect.catch(cannotStore))
          // Into the bucket, when there is one, before the lab that shows it exists.
          yield* slides.publish(key).pipe(Effect.catch(cannotStore))
          const imported = yield* database.transaction((trx) =>
            Effect.gen(function* () {
              const here = yield* uploads.destination(trx, userId, target)
              yield* sql(() => lockOwner(trx, engine, here.ownerId))
              yield* uploads.ensureRoom(trx, here.ownerId, stored)
              const id = randomUUID()
              const name = yield* sql(() =>
                insertFileLab(
                  trx,
                  { id, ownerId: here.ownerId, parentId: here.parentId, filename, status: "ready" },
                  { size: stored, width: d.width, height: d.height, slide_key: key }
                )
              )
              yield* events.record(trx, {
                actorId: userId,
                kind: "lab.created",
                labId: id,
                payload: { name, is_dir: false, parent_id: here.parentId, owner_id: here.ownerId }
              })
              yield* recordStatus(events, trx, { id, parent_id: here.parentId, slide_key: key }, "ready", userId)
              yield* sql(() => addToFolderSizes(trx, here.parentId, stored))
              // Last, so that nothing after it can fail with the zip moved under a rolled-back row.
              const blobKey = yield* blobs.adopt(zipPath)
              adopted = true
              yield* sql(() => trx.updateTable("labs").set({ blob_key: blobKey }).where("id", "=", id).execute())
              const lab = yield* access.require(trx, userId, id, "lab.view")
              return yield* presentOne(trx, lab, userId)
            })
          )
          // Tagged after the commit, as a built slide is (AutoTagging.ts): the answer then carries the tags.
          const tags = yield* tagging.tag(imported.id)
          return tags === undefined ? imported : { ...imported, auto_tags: tags }
        }).pipe(
          Effect.onError(() =>
            Effect.promise(() => rm(staging, { recursive: true, force: true })).pipe(Effect.andThen(slides.remove([key])))
          ),
          Effect.ensuring(Effect.promise(() => (adopted ? Promise.resolve() : rm(zipPath, { force: true }))))
        )
      })

      return DziImport.of({ run })
    })
  )
}
