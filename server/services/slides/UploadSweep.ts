// Removes abandoned uploads (no bytes for a day) at start and then every hour: their parts, their
// rows and their "uploading" labs, so neither store nor lists keep what will never finish. Files
// and parts no row speaks for (a process died between storing a first chunk and its commit) go too
// once they are as old. An upload whose every byte is in but whose completing server went away
// (its lease lapsed) is completed here, in case its client never comes back.
import { readdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer, Schedule } from "effect"
import { ABANDONED_AFTER_MS, SWEEP_EVERY_MS } from "../../domain/upload-policy.ts"
import { Database, sql } from "../platform/Database.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { stalledCompletions } from "./upload-parts.ts"
import { findUpload } from "./upload-records.ts"
import { Uploads } from "./Uploads.ts"

export const UploadSweep = Layer.effectDiscard(
  Effect.gen(function* () {
    const uploads = yield* Uploads
    const { db } = yield* Database
    const blobs = yield* BlobStore

    /** Whether no unfinished upload row speaks for this id. */
    const unclaimed = (id: string) =>
      Effect.map(
        sql(() => findUpload(db, id)),
        (row) => !row || row.completed_at !== null
      )

    const orphanFiles = Effect.gen(function* () {
      const cutoff = Date.now() - ABANDONED_AFTER_MS
      for (const name of yield* Effect.promise(() => readdir(uploads.dir).catch(() => [] as string[]))) {
        const path = join(uploads.dir, name)
        const old = yield* Effect.promise(() =>
          stat(path).then(
            (s) => s.mtimeMs < cutoff,
            () => false
          )
        )
        if (!old) continue
        if (yield* unclaimed(name)) yield* Effect.promise(() => rm(path, { recursive: true, force: true }))
      }
      for (const { uploadId, modifiedMs } of yield* blobs.partUploads) {
        if (modifiedMs < cutoff && (yield* unclaimed(uploadId))) yield* blobs.removeParts(uploadId)
      }
    })

    const stalled = Effect.gen(function* () {
      for (const upload of yield* sql(() => stalledCompletions(db))) {
        yield* uploads
          .resume(upload.id, upload.user_id)
          .pipe(Effect.catchCause((cause) => Effect.logWarning(`could not complete upload ${upload.id}`, cause)))
      }
    })

    const sweep = Effect.gen(function* () {
      const cutoff = new Date(Date.now() - ABANDONED_AFTER_MS).toISOString()
      yield* stalled
      const stale = yield* sql(() =>
        db.selectFrom("uploads").select("id").where("completed_at", "is", null).where("updated_at", "<", cutoff).limit(1000).execute()
      )
      for (const { id } of stale) yield* uploads.discard(id, "abandoned")
      yield* orphanFiles
      if (stale.length > 0) yield* Effect.logInfo(`removed ${stale.length} abandoned upload(s)`)
    }).pipe(Effect.catchCause((cause) => Effect.logWarning("upload sweep failed; will retry", cause)))

    yield* Effect.forkScoped(Effect.repeat(sweep, Schedule.spaced(SWEEP_EVERY_MS)))
  })
)
