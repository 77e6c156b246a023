// The durable queue of analysis jobs (table analysis_jobs), shaped as the slide queue
// (server/services/slides/SlideJobs.ts): a job is inserted in the transaction that accepts it, claimed
// by one worker in one atomic statement (SKIP LOCKED on PostgreSQL; SQLite has a single writer), and a
// claim is a lease, so a job whose worker died is claimed again. Each claim raises `attempts`, which is
// then the claim's token: every write of a worker names it (`fence`), so a worker that lost its claim
// (cancelled, or taken over after its lease lapsed) writes nothing more, and no job completes twice.
import { Context, Effect, Layer } from "effect"
import type { Selectable } from "kysely"
import type { AnalysisJobsTable } from "../../db/schema-analysis.ts"
import { leaseUntil } from "../../domain/job-policy.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"

export type AnalysisJobRow = Selectable<AnalysisJobsTable>

export class AnalysisJobs extends Context.Service<
  AnalysisJobs,
  {
    /** The oldest accepted job, or a running one whose lease lapsed, now running under a fresh claim. */
    readonly claim: () => Effect.Effect<AnalysisJobRow | undefined>
    /** The job as this claim holds it, locked for the transaction; undefined when the claim is lost. */
    readonly fence: (trx: Trx, job: AnalysisJobRow) => Effect.Effect<AnalysisJobRow | undefined>
    readonly renew: (job: AnalysisJobRow) => Effect.Effect<void>
    /** Back to accepted after a crash, the attempt counted (MAX_ATTEMPTS of them, then it fails). */
    readonly retry: (job: AnalysisJobRow, error: string) => Effect.Effect<void>
    /** Back to accepted at once, the claim not counted: this process is shutting down. */
    readonly release: (job: AnalysisJobRow) => Effect.Effect<void>
    /** Calls `listener` after a transaction that accepted a job commits; answers the unsubscribe. */
    readonly onAccepted: (listener: () => void) => () => void
    /** Marks the current transaction as one that accepted a job. */
    readonly accepted: () => void
  }
>()("preparat/AnalysisJobs") {
  static readonly layer = Layer.effect(
    AnalysisJobs,
    Effect.gen(function* () {
      const database = yield* Database
      const { db, engine } = database
      let pending = false
      const listeners = new Set<() => void>()
      const stop = database.onCommit(() => {
        if (!pending) return
        pending = false
        for (const listener of listeners) listener()
      })
      yield* Effect.addFinalizer(() => Effect.sync(stop))

      const claim = Effect.fn("AnalysisJobs.claim")(function* () {
        const now = new Date()
        const at = now.toISOString()
        return yield* sql(() =>
          db
            .updateTable("analysis_jobs")
            .set((eb) => ({ state: "running", locked_until: leaseUntil(now), attempts: eb("attempts", "+", 1), updated_at: at }))
            .where("id", "=", (eb) =>
              eb
                .selectFrom("analysis_jobs")
                .select("id")
                .where((w) => w.or([w("state", "=", "accepted"), w.and([w("state", "=", "running"), w("locked_until", "<", at)])]))
                .orderBy("created_at")
                .limit(1)
                .$if(engine === "postgres", (q) => q.forUpdate().skipLocked())
            )
            .returningAll()
            .executeTakeFirst()
        )
      })

      const fence = (trx: Trx, job: AnalysisJobRow) =>
        sql(() =>
          trx
            .selectFrom("analysis_jobs")
            .selectAll()
            .where("id", "=", job.id)
            .where("state", "=", "running")
            .where("attempts", "=", job.attempts)
            .$if(engine === "postgres", (q) => q.forUpdate())
            .executeTakeFirst()
        )

      const renew = (job: AnalysisJobRow) =>
        sql(() =>
          db
            .updateTable("analysis_jobs")
            .set({ locked_until: leaseUntil(new Date()) })
            .where("id", "=", job.id)
            .where("state", "=", "running")
            .where("attempts", "=", job.attempts)
            .execute()
        ).pipe(Effect.asVoid)

      const release = (job: AnalysisJobRow) =>
        sql(() =>
          db
            .updateTable("analysis_jobs")
            .set({ state: "accepted", locked_until: null, attempts: Math.max(0, job.attempts - 1), updated_at: new Date().toISOString() })
            .where("id", "=", job.id)
            .where("state", "=", "running")
            .where("attempts", "=", job.attempts)
            .execute()
        ).pipe(Effect.asVoid)

      const retry = (job: AnalysisJobRow, error: string) =>
        sql(() =>
          db
            .updateTable("analysis_jobs")
            .set({ state: "accepted", locked_until: null, error: error.slice(0, 2000), updated_at: new Date().toISOString() })
            .where("id", "=", job.id)
            .where("state", "=", "running")
            .where("attempts", "=", job.attempts)
            .execute()
        ).pipe(Effect.asVoid)

      return AnalysisJobs.of({
        claim,
        fence,
        renew,
        retry,
        release,
        onAccepted: (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        accepted: () => {
          pending = true
        }
      })
    })
  )
}
