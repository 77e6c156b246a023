// Removes abandoned uploads (no bytes for a day) at start and then every hour: their partial
// files, their rows and their "uploading" labs, so neither disk nor lists keep what will never
// finish. Partial files no row speaks for (a process died between writing a first chunk and its
// commit) go too once they are as old.
import { readdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer, Schedule } from "effect"
import { ABANDONED_AFTER_MS, SWEEP_EVERY_MS } from "../../domain/upload-policy.ts"
import { Database, sql } from "../platform/Database.ts"
import { findUpload } from "./upload-records.ts"
import { Uploads } from "./Uploads.ts"

export const UploadSweep = Layer.effectDiscard(
  Effect.gen(function* () {
    const uploads = yield* Uploads
    const { db } = yield* Database

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
        const row = yield* sql(() => findUpload(db, name))
        if (!row || row.completed_at !== null) yield* Effect.promise(() => rm(path, { force: true }))
      }
    })

    const sweep = Effect.gen(function* () {
      const cutoff = new Date(Date.now() - ABANDONED_AFTER_MS).toISOString()
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
