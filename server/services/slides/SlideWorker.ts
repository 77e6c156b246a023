// Builds the pyramids of the durable queue, one job at a time per process: claims the oldest due
// job, runs the builder in a child process (server/workers/pyramid.ts) while renewing the claim, and
// writes the outcome with its status event. It wakes as soon as an enqueue commits and polls every
// few seconds otherwise (jobs from another process, retries coming due, claims whose worker died).
// A rejected image fails its job and lab at once; a crash is retried with backoff, then fails.
// A slide becomes ready with its auto tags (AutoTagging.ts) when its owner's plan includes them;
// tagging only logs its failures, so it never holds a slide back.
// On shutdown the child is killed and the job released, so the next start takes it up at once.
import { Effect, Layer } from "effect"
import { findLab, type LabRow } from "../../db/lab-access.ts"
import { stamp } from "../../domain/clock.ts"
import { HEARTBEAT_MS, MAX_ATTEMPTS } from "../../domain/job-policy.ts"
import { PYRAMID_NAME } from "../../domain/slide-urls.ts"
import type { PyramidOutcome } from "../../workers/pyramid-protocol.ts"
import { runPyramid } from "../../workers/run-pyramid.ts"
import { AppConfig } from "../platform/AppConfig.ts"
import { BlobStore } from "../platform/BlobStore.ts"
import { Database, sql } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { AutoTagging, storeAutoTags } from "./AutoTagging.ts"
import { SlideFiles } from "./SlideFiles.ts"
import { type SlideJob, SlideJobs } from "./SlideJobs.ts"
import { recordStatus } from "./slide-status.ts"
import { runJobLoop } from "../platform/job-loop.ts"

export const SlideWorker = Layer.effectDiscard(
  Effect.gen(function* () {
    const database = yield* Database
    const jobs = yield* SlideJobs
    const blobs = yield* BlobStore
    const slides = yield* SlideFiles
    const events = yield* EventLog
    const { slidePixelLimit } = yield* AppConfig
    const tagging = yield* AutoTagging

    /** The lab becomes failed and the job ends; nothing is retried. */
    const failJob = (job: SlideJob, error: string) =>
      database.transaction((trx) =>
        Effect.gen(function* () {
          yield* jobs.fail(trx, job.id, error)
          const row = yield* sql(() => findLab(trx, job.lab_id))
          if (!row) return
          yield* sql(() => trx.updateTable("labs").set({ status: "failed", updated_at: stamp() }).where("id", "=", row.id).execute())
          yield* recordStatus(events, trx, row, "failed", null)
        })
      )

    /** The lab becomes ready on the new build; the build it replaces (if any) is removed after commit. */
    const completeJob = (job: SlideJob, key: string, built: Extract<PyramidOutcome, { kind: "built" }>) =>
      Effect.gen(function* () {
        // Tagged from the published build before the commit, so the tags come with "ready".
        const owner = yield* database.query((db) => findLab(db, job.lab_id))
        const tags = owner ? yield* tagging.tagsOf(owner.owner_id, built.mpp, key) : undefined
        const replaced = yield* database.transaction((trx) =>
          Effect.gen(function* () {
            yield* jobs.succeed(trx, job.id)
            const row = yield* sql(() => findLab(trx, job.lab_id))
            // Purged while it was building: the new files have no lab.
            if (!row) return key
            const { width, height, mpp } = built
            const scanner = built.scanner === null ? null : JSON.stringify(built.scanner)
            // A rebuild's pictures replace the old ones; whether the owner shows them stays as it was.
            const associated = built.associated && built.associated.length > 0 ? JSON.stringify(built.associated) : null
            yield* sql(() =>
              trx
                .updateTable("labs")
                .set({ status: "ready", width, height, mpp, scanner, associated, slide_key: key, updated_at: stamp() })
                .where("id", "=", row.id)
                .execute()
            )
            if (tags !== undefined) yield* storeAutoTags(events, trx, row, tags)
            yield* recordStatus(events, trx, { ...row, slide_key: key }, "ready", null, tags)
            return row.slide_key
          })
        )
        if (replaced) yield* slides.remove([replaced])
      })

    /** The build's outcome; undefined when the original is gone. */
    const build = (job: SlideJob, lab: LabRow, blobKey: string, key: string) => {
      // In a bucket, the original is copied to this disk for the build and removed after it.
      const running = blobs.withLocalPath(blobKey, (input) =>
        Effect.promise((signal) =>
          runPyramid({ input, outDir: slides.dirOf(key), name: PYRAMID_NAME, limitInputPixels: slidePixelLimit }, signal)
        )
      )
      // The claim is a lease: renew it while the copy arrives and the child works, however long a
      // gigapixel slide takes.
      const renewing = jobs.renew(job.id).pipe(Effect.delay(HEARTBEAT_MS), Effect.forever)
      return Effect.race(running, renewing).pipe(Effect.annotateLogs({ lab: lab.id, job: job.id }))
    }

    const handle = (job: SlideJob) =>
      Effect.gen(function* () {
        // Claimed again after workers died on it every time (the child isolates libvips, so this
        // is rare): give up rather than loop.
        if (job.attempts > MAX_ATTEMPTS) return yield* failJob(job, job.error ?? "gave up after repeated crashes")
        const lab = yield* database.query((db) => findLab(db, job.lab_id))
        const key = slides.newKey()
        const outcome = lab?.blob_key ? yield* build(job, lab, lab.blob_key, key) : undefined
        if (!outcome) return yield* failJob(job, "nothing to build: the lab or its original is gone")
        if (outcome.kind === "built") {
          // Into the bucket, when there is one, before any server is told the slide is ready.
          const published = yield* slides.publish(key).pipe(Effect.result)
          if (published._tag === "Success") return yield* completeJob(job, key, outcome)
          yield* slides.remove([key])
          yield* Effect.logWarning("pyramid could not be stored; retried later", published.failure.message)
          return yield* jobs.retryLater(job, `storing the pyramid failed: ${published.failure.message}`)
        }
        yield* slides.remove([key])
        if (outcome.kind === "rejected") return yield* failJob(job, `${outcome.reason}: ${outcome.message}`)
        yield* Effect.logWarning(`pyramid build crashed (attempt ${job.attempts} of ${MAX_ATTEMPTS})`, outcome.message)
        if (job.attempts >= MAX_ATTEMPTS) return yield* failJob(job, outcome.message)
        yield* jobs.retryLater(job, outcome.message)
      }).pipe(Effect.onInterrupt(() => jobs.release(job)))

    yield* runJobLoop({ name: "slide worker", claim: () => jobs.claim(), handle, onQueued: (wake) => jobs.onEnqueued(wake) })
  })
)
