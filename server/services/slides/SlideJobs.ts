// The durable queue of slide work (table slide_jobs). A change enqueues in its own transaction, so a
// job exists exactly when the change committed. A worker claims the oldest due job in one atomic
// statement (on PostgreSQL with SKIP LOCKED, so workers never wait on each other); a claim is a
// lease, and a job whose worker died is claimed again once the lease passed: jobs survive crashes
// and restarts.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type { SlideJobsTable } from "../../db/schema.ts"
import { leaseUntil, retryAt } from "../../domain/job-policy.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"

export type SlideJob = SlideJobsTable
export type JobKind = "pyramid"

export class SlideJobs extends Context.Service<
  SlideJobs,
  {
    readonly enqueue: (trx: Trx, labId: string, kind: JobKind) => Effect.Effect<void>
    /** The oldest due job, now running under a fresh lease with one more attempt; undefined when none. */
    readonly claim: () => Effect.Effect<SlideJob | undefined>
    /** Renews a running job's lease. */
    readonly renew: (id: string) => Effect.Effect<void>
    readonly succeed: (trx: Trx, id: string) => Effect.Effect<void>
    readonly fail: (trx: Trx, id: string, error: string) => Effect.Effect<void>
    /** Back in the queue after a crash, due after a backoff that grows with the attempts. */
    readonly retryLater: (job: SlideJob, error: string) => Effect.Effect<void>
    /** Back in the queue at once, the attempt not counted: this process is shutting down. */
    readonly release: (job: SlideJob) => Effect.Effect<void>
    /** Calls `listener` after a transaction that enqueued a job commits; answers the unsubscribe. */
    readonly onEnqueued: (listener: () => void) => () => void
  }
>()("preparat/SlideJobs") {
  static readonly layer = Layer.effect(
    SlideJobs,
    Effect.gen(function* () {
      const database = yield* Database
      const { db, engine } = database

      // Set inside a transaction that enqueued; the commit hook turns it into a wake-up. A rolled
      // back enqueue leaves it set until the next commit: one needless wake, no lost one.
      let enqueued = false
      const listeners = new Set<() => void>()
      const stop = database.onCommit(() => {
        if (!enqueued) return
        enqueued = false
        for (const listener of listeners) listener()
      })
      yield* Effect.addFinalizer(() => Effect.sync(stop))

      const enqueue = Effect.fn("SlideJobs.enqueue")(function* (trx: Trx, labId: string, kind: JobKind) {
        const now = new Date().toISOString()
        yield* sql(() =>
          trx
            .insertInto("slide_jobs")
            .values({
              id: randomUUID(),
              lab_id: labId,
              kind,
              state: "queued",
              attempts: 0,
              run_after: now,
              locked_until: null,
              error: null,
              created_at: now,
              updated_at: now
            })
            .execute()
        )
        enqueued = true
      })

      const claim = Effect.fn("SlideJobs.claim")(function* () {
        const now = new Date()
        const at = now.toISOString()
        return yield* sql(() =>
          db
            .updateTable("slide_jobs")
            .set((eb) => ({ state: "running", locked_until: leaseUntil(now), attempts: eb("attempts", "+", 1), updated_at: at }))
            .where("id", "=", (eb) =>
              eb
                .selectFrom("slide_jobs")
                .select("id")
                .where((w) =>
                  w.or([
                    w.and([w("state", "=", "queued"), w("run_after", "<=", at)]),
                    w.and([w("state", "=", "running"), w("locked_until", "<", at)])
                  ])
                )
                .orderBy("run_after")
                .orderBy("created_at")
                .limit(1)
                .$if(engine === "postgres", (q) => q.forUpdate().skipLocked())
            )
            .returningAll()
            .executeTakeFirst()
        )
      })

      const renew = Effect.fn("SlideJobs.renew")(function* (id: string) {
        const now = new Date()
        yield* sql(() =>
          db
            .updateTable("slide_jobs")
            .set({ locked_until: leaseUntil(now) })
            .where("id", "=", id)
            .where("state", "=", "running")
            .execute()
        )
      })

      const settle = (trx: Trx, id: string, state: "done" | "failed", error: string | null) =>
        sql(() =>
          trx
            .updateTable("slide_jobs")
            .set({ state, error, locked_until: null, updated_at: new Date().toISOString() })
            .where("id", "=", id)
            .execute()
        )

      const requeue = (job: SlideJob, runAfter: string, attempts: number, error: string | null) =>
        sql(() =>
          db
            .updateTable("slide_jobs")
            .set({ state: "queued", run_after: runAfter, attempts, locked_until: null, error, updated_at: new Date().toISOString() })
            .where("id", "=", job.id)
            .where("state", "=", "running")
            .execute()
        ).pipe(Effect.asVoid)

      return SlideJobs.of({
        enqueue,
        claim,
        renew,
        succeed: (trx, id) => settle(trx, id, "done", null).pipe(Effect.asVoid),
        fail: (trx, id, error) => settle(trx, id, "failed", error.slice(0, 2000)).pipe(Effect.asVoid),
        retryLater: (job, error) => requeue(job, retryAt(new Date(), job.attempts), job.attempts, error.slice(0, 2000)),
        release: (job) => requeue(job, new Date().toISOString(), Math.max(0, job.attempts - 1), job.error),
        onEnqueued: (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      })
    })
  )
}
