// Runs the analysis queue, one job at a time per process, as the slide worker runs pyramids: claims
// the oldest accepted job, runs the analysis in a child process (server/workers/analysis.ts) tile by
// tile over the slide's full-resolution pixels while renewing the claim, and writes what each tile
// found in batches, each batch one transaction fenced by the claim (AnalysisJobs.fence). A job whose
// claim is gone (cancelled, or taken over) stops and kills its child. A claim taken over after a
// crash first removes what the earlier attempt wrote, so a job's results are written by one complete
// run only. The end (done or failed) is written with its summary, its event and the requester's
// notification. On shutdown the child is killed and the job released, to be taken up at the next start.
import { randomUUID } from "node:crypto"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import type { AnalysisKind, AnalysisSummary } from "../../../src/contract/analysis.ts"
import { findLab } from "../../db/lab-access.ts"
import {
  type ResultLabel,
  analysisMessages,
  COMET_LABEL,
  cometDescription,
  countingDescription,
  countingLabel,
  FASCIOLA_LABEL,
  fasciolaDescription,
  KI67_LABELS,
  ki67Description,
  IMT_LABELS,
  imtDescription,
  PERIODONTITIS_LABELS,
  periodontitisDescription,
  STROKE_LABELS,
  strokeDescription
} from "../../domain/analysis-rules.ts"
import { stamp } from "../../domain/clock.ts"
import { HEARTBEAT_MS, MAX_ATTEMPTS } from "../../domain/job-policy.ts"
import { PYRAMID_NAME } from "../../domain/slide-urls.ts"
import { clampBox } from "../../ai/tiles.ts"
import type { AnalysisChildRequest, AnalysisRun, Detection } from "../../workers/analysis-protocol.ts"
import { AnalysisCrashed, runAnalysis } from "../../workers/run-analysis.ts"
import { Database, sql, type Trx } from "../platform/Database.ts"
import { EventLog } from "../platform/EventLog.ts"
import { Notifications } from "../platform/Notifications.ts"
import { SlideFiles } from "../slides/SlideFiles.ts"
import { type AnalysisJobRow, AnalysisJobs } from "./AnalysisJobs.ts"
import { ensureLabel, type NewDetection, removeDetections, rotatedEllipse, writeDetections } from "./analysis-results.ts"
import type { StoredRegion } from "./job-wire.ts"
import { resultTally } from "./result-tally.ts"
import { runJobLoop } from "../platform/job-loop.ts"
import { boxOfRing } from "../../../src/annotation/counting.ts"

/** Detections per write: a transaction of a few hundred milliseconds at most. */
const BATCH = 2000
/** A batch waits no longer than this for more (progress and results show while a slide runs). */
const FLUSH_MS = 1000
/** Core side of one analysis tile: 1024² pixels, about 3 MB of RGB. */
export const ANALYSIS_TILE = 1024

type Requester = { readonly id: string; readonly email: string; readonly name: string }

class ClaimLost {
  readonly _tag = "ClaimLost"
}

export const AnalysisWorker = Layer.effectDiscard(
  Effect.gen(function* () {
    const database = yield* Database
    const jobs = yield* AnalysisJobs
    const events = yield* EventLog
    const notifications = yield* Notifications
    const slides = yield* SlideFiles

    const changed = (
      trx: Trx,
      job: AnalysisJobRow,
      fields: { state: AnalysisJobRow["state"]; percent: number; detections: number },
      extra?: { summary: AnalysisSummary | null; error: string | null; notificationId: string | null; eventId?: string }
    ) =>
      events.record(trx, {
        ...(extra?.eventId ? { id: extra.eventId } : {}),
        // Progress is no one's doing: kept off the requester's activity page; the end is theirs.
        actorId: fields.state === "running" ? null : job.user_id,
        kind: "analysis.changed",
        labId: job.lab_id,
        payload: {
          job_id: job.id,
          requester_id: job.user_id,
          analysis: job.analysis as AnalysisKind,
          state: fields.state,
          percent: fields.percent,
          detections: fields.detections,
          summary: extra?.summary ?? null,
          error: extra?.error ?? null,
          notification_id: extra?.notificationId ?? null,
          recipients: extra?.notificationId && job.user_id ? [job.user_id] : []
        }
      })

    /** The job's end, with its event and the requester's notification; nothing when the claim is gone. */
    const finish = (
      job: AnalysisJobRow,
      outcome: { state: "done"; summary: AnalysisSummary; detections: number } | { state: "failed"; error: string }
    ) =>
      database.transaction((trx) =>
        Effect.gen(function* () {
          const held = yield* jobs.fence(trx, job)
          if (!held) return
          const now = stamp()
          const detections = outcome.state === "done" ? outcome.detections : Number(held.detections)
          yield* sql(() =>
            trx
              .updateTable("analysis_jobs")
              .set({
                state: outcome.state,
                percent: outcome.state === "done" ? 100 : Number(held.percent),
                detections,
                summary: outcome.state === "done" ? JSON.stringify(outcome.summary) : null,
                error: outcome.state === "failed" ? outcome.error.slice(0, 2000) : null,
                locked_until: null,
                updated_at: now,
                finished_at: now
              })
              .where("id", "=", job.id)
              .execute()
          )
          const eventId = randomUUID()
          const notificationId =
            job.user_id === null
              ? null
              : yield* notifications.create(trx, { userId: job.user_id, type: "ai_analysis", labId: job.lab_id, senderId: null, eventId })
          yield* changed(
            trx,
            job,
            { state: outcome.state, percent: outcome.state === "done" ? 100 : Number(held.percent), detections },
            {
              summary: outcome.state === "done" ? outcome.summary : null,
              error: outcome.state === "failed" ? outcome.error : null,
              notificationId,
              eventId
            }
          )
        })
      )

    /** Claimed again after a crash: the earlier attempt's detections go before this one writes. */
    const begin = (job: AnalysisJobRow, user: Requester) =>
      database.transaction((trx) =>
        Effect.gen(function* () {
          const held = yield* jobs.fence(trx, job)
          if (!held) return false
          if (Number(held.detections) > 0 || job.attempts > 1) yield* removeDetections(trx, events, user, job.lab_id, job.id)
          yield* sql(() =>
            trx.updateTable("analysis_jobs").set({ percent: 0, detections: 0, updated_at: stamp() }).where("id", "=", job.id).execute()
          )
          yield* changed(trx, job, { state: "running", percent: 0, detections: 0 })
          return true
        })
      )

    const run = (job: AnalysisJobRow, user: Requester, request: AnalysisChildRequest) =>
      Effect.gen(function* () {
        const controller = new AbortController()
        const lines = runAnalysis(request, controller.signal)
        const tally = resultTally(request)
        const labels = new Map<string, NewDetection["label"]>()
        let pending: Detection[] = []
        let written = 0
        let percent = 0
        let lastFlush = Date.now()

        const labelFor = (trx: Trx, wanted: ResultLabel) =>
          Effect.gen(function* () {
            const known = labels.get(wanted.name)
            if (known) return known
            const label = yield* ensureLabel(trx, events, user, job.lab_id, wanted)
            labels.set(wanted.name, label)
            return label
          })

        const flush = (final: boolean) =>
          database.transaction((trx) =>
            Effect.gen(function* () {
              const held = yield* jobs.fence(trx, job)
              if (!held) return yield* Effect.fail(new ClaimLost())
              const batch = pending
              pending = []
              const detections: NewDetection[] = []
              for (const d of batch) {
                const { wanted, description } = resultOf(request, d)
                detections.push({
                  x: d.x,
                  y: d.y,
                  label: yield* labelFor(trx, wanted),
                  description,
                  outline: outlineOf(d),
                  open: d.imt !== undefined || d.perio?.part === "axis"
                })
              }
              yield* writeDetections(trx, events, user, job.lab_id, job.id, written, detections)
              written += detections.length
              const before = Number(held.percent)
              yield* sql(() =>
                trx
                  .updateTable("analysis_jobs")
                  .set({ percent, detections: written, updated_at: stamp() })
                  .where("id", "=", job.id)
                  .execute()
              )
              if (!final && percent !== before) yield* changed(trx, job, { state: "running", percent, detections: written })
              lastFlush = Date.now()
            })
          )

        const work = Effect.gen(function* () {
          for (;;) {
            const next = yield* Effect.tryPromise({ try: () => lines.next(), catch: (error) => error })
            if (next.done) break
            const line = next.value
            if (line.kind === "finished") break
            tally.add(line.items, line.rejected)
            pending.push(...line.items)
            // Below 100 until the end is written.
            percent = Math.min(99, Math.floor((100 * line.done) / line.of))
            if (pending.length >= BATCH || Date.now() - lastFlush >= FLUSH_MS) yield* flush(false)
          }
          yield* flush(true)
          return { summary: tally.summary(), detections: written }
        })
        const renewing = jobs.renew(job).pipe(Effect.delay(HEARTBEAT_MS), Effect.forever)
        return yield* Effect.raceFirst(work, renewing).pipe(Effect.ensuring(Effect.sync(() => controller.abort())))
      })

    const handle = (job: AnalysisJobRow) =>
      Effect.gen(function* () {
        if (job.attempts > MAX_ATTEMPTS) return yield* finish(job, { state: "failed", error: job.error ?? analysisMessages.crashed })
        const lab = yield* database.query((db) => findLab(db, job.lab_id))
        const user = job.user_id
          ? yield* database.query((db) =>
              db.selectFrom("users").select(["id", "email", "name"]).where("id", "=", job.user_id!).executeTakeFirst()
            )
          : undefined
        if (!lab || lab.deleted_at !== null || !lab.slide_key || lab.width === null || lab.height === null || !user)
          return yield* finish(job, { state: "failed", error: `${analysisMessages.failed}: the slide or its requester is gone.` })
        const region = JSON.parse(job.region) as StoredRegion
        const ring = region.type === "annotation" ? region.ring : null
        const box = clampBox(
          ring ? boxOfShape(ring) : { x: 0, y: 0, w: Number(lab.width), h: Number(lab.height) },
          Number(lab.width),
          Number(lab.height)
        )
        if (!box) return yield* finish(job, { state: "done", summary: resultTally(asRun(job)).summary(), detections: 0 })
        const requestIn = (dir: string): AnalysisChildRequest => ({
          ...asRun(job),
          dzi: join(dir, `${PYRAMID_NAME}.dzi`),
          box,
          ring,
          mpp: lab.mpp === null ? null : Number(lab.mpp),
          tileSize: ANALYSIS_TILE
        })
        if (!(yield* begin(job, user))) return
        // The child reads tiles by path: in a bucket, from a copy of the pyramid removed after the run.
        const outcome = yield* slides
          .withLocalDir(lab.slide_key, (dir) => run(job, user, requestIn(dir)))
          .pipe(
            Effect.map((done) => ({ kind: "done" as const, ...done })),
            Effect.catch((error) =>
              Effect.succeed(
                error instanceof ClaimLost
                  ? { kind: "lost" as const }
                  : {
                      kind: "crashed" as const,
                      message: error instanceof AnalysisCrashed || error instanceof Error ? error.message : String(error)
                    }
              )
            )
          )
        if (outcome.kind === "lost") return
        if (outcome.kind === "done") return yield* finish(job, { state: "done", summary: outcome.summary, detections: outcome.detections })
        yield* Effect.logWarning(`analysis crashed (attempt ${job.attempts} of ${MAX_ATTEMPTS})`, outcome.message)
        if (job.attempts >= MAX_ATTEMPTS)
          return yield* finish(job, { state: "failed", error: `${analysisMessages.crashed} ${outcome.message}` })
        // Taken up again at once; the next attempt removes what this one wrote.
        yield* jobs.retry(job, outcome.message)
      }).pipe(
        Effect.onInterrupt(() => jobs.release(job)),
        Effect.annotateLogs({ analysis: job.id })
      )

    yield* runJobLoop({ name: "analysis worker", claim: () => jobs.claim(), handle, onQueued: (wake) => jobs.onAccepted(wake) })
  })
)

const asRun = (job: AnalysisJobRow): AnalysisRun =>
  job.analysis === "ki67"
    ? { analysis: "ki67", parameters: JSON.parse(job.parameters) }
    : job.analysis === "fasciola"
      ? { analysis: "fasciola", parameters: JSON.parse(job.parameters) }
      : job.analysis === "comet"
        ? { analysis: "comet", parameters: JSON.parse(job.parameters) }
        : job.analysis === "stroke"
          ? { analysis: "stroke", parameters: JSON.parse(job.parameters) }
          : job.analysis === "imt"
            ? { analysis: "imt", parameters: JSON.parse(job.parameters) }
            : job.analysis === "periodontitis"
              ? { analysis: "periodontitis", parameters: JSON.parse(job.parameters) }
              : { analysis: "counting", parameters: JSON.parse(job.parameters) }

/** A detection's shape on the slide: Fasciola's fitted ellipse, a comet's box, a stroke part's outline, a line; none is a point. */
const outlineOf = (d: Detection) => {
  const flat = d.stroke?.ring ?? d.imt?.path ?? d.perio?.path
  if (flat) return Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as const)
  if (d.ellipse) return rotatedEllipse(d.x, d.y, d.ellipse.a, d.ellipse.b, d.ellipse.angle)
  if (d.comet) {
    const [x0, y0, x1, y1] = d.comet.box
    return [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1]
    ] as const
  }
  return undefined
}

/** The label a detection is filed under and its measurements as the annotation's description. */
const resultOf = (request: AnalysisChildRequest, d: Detection): { wanted: ResultLabel; description: string } => {
  switch (request.analysis) {
    case "ki67":
      return {
        wanted: d.cls > 0 ? KI67_LABELS.positive : KI67_LABELS.negative,
        description: ki67Description(d.area, d.dab ?? 0, d.h ?? 0, d.cls)
      }
    case "fasciola":
      return { wanted: FASCIOLA_LABEL, description: fasciolaDescription(d.ellipse?.lengthUm ?? 0, d.ellipse?.widthUm ?? 0, d.area) }
    case "comet":
      return {
        wanted: COMET_LABEL,
        description: cometDescription(
          d.comet ?? { tailDnaPct: 0, tailLength: 0, tailMoment: 0, oliveMoment: 0 },
          request.mpp === null ? "px" : "µm"
        )
      }
    case "stroke":
      return {
        wanted: STROKE_LABELS[d.stroke?.part ?? "infarct"],
        description: strokeDescription(d.area, d.stroke?.side ?? "left")
      }
    case "imt":
      return {
        wanted: IMT_LABELS[d.imt?.line ?? "li"],
        description: imtDescription(d.imt ?? { meanMm: 0, maxMm: 0, sdMm: 0, columns: 0 })
      }
    case "periodontitis":
      return d.perio
        ? { wanted: PERIODONTITIS_LABELS[d.perio.part], description: periodontitisDescription(d.perio) }
        : { wanted: PERIODONTITIS_LABELS.axis, description: "" }
    case "counting":
      return {
        wanted: countingLabel(request.parameters.color),
        description: countingDescription(d.area, request.mpp === null ? "px^2" : "µm^2")
      }
  }
}

/** The shape's bounding box, as the tile reader's box. */
const boxOfShape = (ring: ReadonlyArray<number>) => {
  const { minX, minY, maxX, maxY } = boxOfRing(ring)
  return { x: minX, y: minY, w: maxX - minX, h: maxY - minY }
}
