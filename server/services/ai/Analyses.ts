// The analyses of a slide as the API offers them: start one (paid plans, within the plan's analyses
// per period), follow it, cancel it, remove its results. The work itself is the worker's
// (AnalysisWorker.ts); this side only writes the job and its state changes, each with its event.
import { randomUUID } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import { ringOf } from "../../../src/annotation/counting.ts"
import { flatten, parseSelector } from "../../../src/annotation/geometry.ts"
import type { AnalysisJob, AnalysisKind, AnalysisRegion, AnalysisUsage } from "../../../src/contract/analysis.ts"
import { badRequest, Conflict, NotFound, type PaymentRequired } from "../../../src/contract/errors.ts"
import type { AuthenticatedUser } from "../../../src/contract/middleware.ts"
import { annotationsById, toAnnotation } from "../../db/annotations.ts"
import { currentPeriods } from "../../db/subscriptions.ts"
import { analysisMessages, isFinished, landmarksOutside, limitRefusal } from "../../domain/analysis-rules.ts"
import { stamp } from "../../domain/clock.ts"
import { paidFeatureRefusal } from "../../domain/paid-features.ts"
import { periodAt, planAt } from "../../domain/plans.ts"
import type { AnalysisRun } from "../../workers/analysis-protocol.ts"
import { allowed, requireSlide, type SlideDenied } from "../annotations/slide-gate.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { AnalysisJobs } from "./AnalysisJobs.ts"
import { removeDetections } from "./analysis-results.ts"
import { jobsWithUsers, type StoredRegion, toWireJob } from "./job-wire.ts"

type Refused = SlideDenied | PaymentRequired

/** The slide's jobs a list shows: the latest. */
const LIST_LIMIT = 50

const jobNotFound = () => new NotFound({ message: analysisMessages.jobNotFound })

export class Analyses extends Context.Service<
  Analyses,
  {
    readonly start: (
      user: AuthenticatedUser,
      labId: string,
      region: AnalysisRegion | undefined,
      run: AnalysisRun
    ) => Effect.Effect<AnalysisJob, Refused>
    readonly list: (user: AuthenticatedUser, labId: string) => Effect.Effect<ReadonlyArray<AnalysisJob>, SlideDenied>
    readonly get: (user: AuthenticatedUser, jobId: string) => Effect.Effect<AnalysisJob, SlideDenied>
    readonly cancel: (user: AuthenticatedUser, jobId: string) => Effect.Effect<AnalysisJob, SlideDenied | Conflict>
    readonly removeResults: (user: AuthenticatedUser, jobId: string) => Effect.Effect<number, SlideDenied | Conflict>
    readonly usage: (user: AuthenticatedUser) => Effect.Effect<AnalysisUsage>
  }
>()("preparat/Analyses") {
  static readonly layer = Layer.effect(
    Analyses,
    Effect.gen(function* () {
      const database = yield* Database
      const events = yield* EventLog
      const jobs = yield* AnalysisJobs

      /** The user's plan now, its period, and the analyses they started in it (failed ones are not counted). */
      const planAndUse = (trx: Trx, userId: string) =>
        Effect.gen(function* () {
          const now = new Date()
          const periods = yield* sql(() => currentPeriods(trx, userId, now))
          const plan = planAt(periods, now)
          const period = periodAt(periods, now)
          const since = period?.started_at ?? now.toISOString()
          const row = yield* sql(() =>
            trx
              .selectFrom("analysis_jobs")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("user_id", "=", userId)
              .where("created_at", ">=", since)
              .where("state", "!=", "failed")
              .executeTakeFirst()
          )
          return { plan, period, used: Number(row?.n ?? 0) }
        })

      const regionOf = (trx: Trx, labId: string, region: AnalysisRegion | undefined) =>
        Effect.gen(function* () {
          if (region === undefined || region.type === "slide") return { type: "slide" } as StoredRegion
          const row = (yield* sql(() => annotationsById(trx, [region.annotation_id.toLowerCase()])))[0]
          if (!row || row.lab_id !== labId) return yield* Effect.fail(badRequest({ data: [analysisMessages.regionNotFound] }))
          const parsed = parseSelector(toAnnotation(row).data.target.selector)
          const ring = parsed.ok ? ringOf({ kind: parsed.geometry.kind, coords: flatten(parsed.geometry) }) : null
          if (ring === null) return yield* Effect.fail(badRequest({ data: [analysisMessages.regionNotClosed] }))
          return { type: "annotation", annotation_id: row.id, ring } as StoredRegion
        })

      const start = Effect.fn("Analyses.start")(function* (
        user: AuthenticatedUser,
        labId: string,
        region: AnalysisRegion | undefined,
        run: AnalysisRun
      ) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const lab = yield* requireSlide(trx, user.id, labId, "analysis.run")
            const { plan, used } = yield* planAndUse(trx, user.id)
            const unpaid = paidFeatureRefusal(plan, "ai_analysis")
            if (unpaid) return yield* Effect.fail(unpaid)
            const exhausted = limitRefusal(plan, used, run.analysis)
            if (exhausted) return yield* Effect.fail(exhausted)
            if (lab.row.status !== "ready" || lab.row.slide_key === null || lab.row.width === null || lab.row.height === null)
              return yield* Effect.fail(badRequest({ lab_id: [analysisMessages.notReady] }))
            if (run.analysis === "ki67" && lab.row.mpp === null)
              return yield* Effect.fail(
                badRequest({
                  lab_id: ["Ki67 measures nuclei in µm²: give the slide its microns per pixel first (PUT /v2/labs/{id}/resolution/)."]
                })
              )
            if (run.analysis === "imt" && lab.row.mpp === null)
              return yield* Effect.fail(badRequest({ lab_id: [analysisMessages.imtNeedsResolution] }))
            if (run.analysis === "stroke" && lab.row.mpp === null)
              return yield* Effect.fail(badRequest({ lab_id: [analysisMessages.strokeNeedsResolution] }))
            if (run.analysis === "fasciola" && lab.row.mpp === null)
              return yield* Effect.fail(badRequest({ lab_id: [analysisMessages.fasciolaNeedsResolution] }))
            const outside =
              run.analysis === "periodontitis" ? landmarksOutside(run.parameters, Number(lab.row.width), Number(lab.row.height)) : undefined
            if (outside) return yield* Effect.fail(badRequest({ data: [outside] }))
            const stored = yield* regionOf(trx, labId, region)
            const now = stamp()
            const id = randomUUID()
            yield* sql(() =>
              trx
                .insertInto("analysis_jobs")
                .values({
                  id,
                  lab_id: labId,
                  user_id: user.id,
                  analysis: run.analysis,
                  region: JSON.stringify(stored),
                  parameters: JSON.stringify(run.parameters),
                  state: "accepted",
                  percent: 0,
                  detections: 0,
                  summary: null,
                  error: null,
                  attempts: 0,
                  locked_until: null,
                  removed_at: null,
                  created_at: now,
                  updated_at: now,
                  finished_at: null
                })
                .execute()
            )
            jobs.accepted()
            yield* recordChange(trx, user.id, labId, {
              id,
              user_id: user.id,
              analysis: run.analysis,
              state: "accepted",
              percent: 0,
              detections: 0
            })
            return toWireJob(yield* sql(() => jobsWithUsers(trx).where("j.id", "=", id).executeTakeFirstOrThrow()))
          })
        )
      })

      const recordChange = (
        trx: Trx,
        actorId: string | null,
        labId: string,
        job: { id: string; user_id: string | null; analysis: string; state: AnalysisJob["state"]; percent: number; detections: number }
      ) =>
        events.record(trx, {
          actorId,
          kind: "analysis.changed",
          labId,
          payload: {
            job_id: job.id,
            requester_id: job.user_id,
            analysis: job.analysis as AnalysisKind,
            state: job.state,
            percent: job.percent,
            detections: job.detections,
            summary: null,
            error: null,
            notification_id: null,
            recipients: []
          }
        })

      /** The job, once the asker may follow the slide's analyses (a job of a slide one may not see is missing). */
      const visibleJob = (trx: Trx, user: AuthenticatedUser, jobId: string) =>
        Effect.gen(function* () {
          const row = yield* sql(() =>
            jobsWithUsers(trx)
              .where("j.id", "=", jobId.toLowerCase())
              .$if(database.engine === "postgres", (q) => q.forUpdate("j"))
              .executeTakeFirst()
          )
          if (!row) return yield* Effect.fail(jobNotFound())
          const lab = yield* requireSlide(trx, user.id, row.lab_id, "analysis.run").pipe(
            Effect.catchTag("NotFound", () => Effect.fail(jobNotFound()))
          )
          return { row, lab }
        })

      const list = Effect.fn("Analyses.list")(function* (user: AuthenticatedUser, labId: string) {
        yield* requireSlide(database.db, user.id, labId, "analysis.run")
        const rows = yield* sql(() =>
          jobsWithUsers(database.db)
            .where("j.lab_id", "=", labId)
            .orderBy("j.created_at", "desc")
            .orderBy("j.id")
            .limit(LIST_LIMIT)
            .execute()
        )
        return rows.map(toWireJob)
      })

      const get = Effect.fn("Analyses.get")(function* (user: AuthenticatedUser, jobId: string) {
        return toWireJob((yield* visibleJob(database.db, user, jobId)).row)
      })

      const cancel = Effect.fn("Analyses.cancel")(function* (user: AuthenticatedUser, jobId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { row, lab } = yield* visibleJob(trx, user, jobId)
            yield* allowed(lab, user.id, "analysis.manage", row.user_id === user.id)
            if (isFinished(row.state)) return yield* new Conflict({ message: analysisMessages.alreadyFinished })
            // The worker's next write finds its claim gone (AnalysisJobs.fence) and stops its child;
            // what it wrote so far goes now, with the cancellation.
            yield* removeDetections(trx, events, user, row.lab_id, row.id)
            const now = stamp()
            yield* sql(() =>
              trx
                .updateTable("analysis_jobs")
                .set({ state: "cancelled", locked_until: null, detections: 0, updated_at: now, finished_at: now })
                .where("id", "=", row.id)
                .execute()
            )
            yield* recordChange(trx, user.id, row.lab_id, { ...row, state: "cancelled", detections: 0 })
            return toWireJob({ ...row, state: "cancelled", detections: 0, locked_until: null, updated_at: now, finished_at: now })
          })
        )
      })

      const removeResults = Effect.fn("Analyses.removeResults")(function* (user: AuthenticatedUser, jobId: string) {
        return yield* database.transaction((trx) =>
          Effect.gen(function* () {
            const { row, lab } = yield* visibleJob(trx, user, jobId)
            yield* allowed(lab, user.id, "analysis.manage", row.user_id === user.id)
            if (!isFinished(row.state)) return yield* new Conflict({ message: analysisMessages.stillRunning })
            const removed = yield* removeDetections(trx, events, user, row.lab_id, row.id)
            const now = stamp()
            yield* sql(() => trx.updateTable("analysis_jobs").set({ removed_at: now, updated_at: now }).where("id", "=", row.id).execute())
            return removed
          })
        )
      })

      const usage = Effect.fn("Analyses.usage")(function* (user: AuthenticatedUser) {
        const { plan, period, used } = yield* planAndUse(database.db, user.id)
        return {
          plan: plan.id,
          limit: plan.analyses,
          used,
          remaining: Math.max(0, plan.analyses - used),
          period_start: period?.started_at ?? null,
          period_end: period?.ends_at ?? null
        }
      })

      return Analyses.of({ start, list, get, cancel, removeResults, usage })
    })
  )
}
