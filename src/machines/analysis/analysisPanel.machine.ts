// The analysis panel of the slide viewer (issue 24): the slide's latest job and the plan's analyses
// left are loaded; the user runs Ki67 or counting over the whole slide or a shape; the server answers
// at once (202) and the job's progress then arrives live (`ai_annotation_{labId}`, told to this
// machine as `job.changed` by the view) until it is done, failed or cancelled. A free plan, or a
// period's analyses used up, is the server's 402: the panel offers the upgrade. A finished job's
// results may be removed (one call); running again with other parameters starts a new job.
import { assign, setup } from "xstate"
import type { AnalysisChanged, AnalysisJob, AnalysisUsage } from "../../contract/analysis.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import {
  type AnalysisOrder,
  cancelAnalysis,
  loadAnalyses,
  loadUsage,
  removeAnalysisResults,
  startAnalysis
} from "../../effects/analysis/analysis.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

/** What the panel shows of a job: from the job itself (a load, a start) or from its live changes. */
export interface TrackedJob {
  readonly id: string
  readonly analysis: AnalysisJob["analysis"]
  readonly state: AnalysisJob["state"]
  readonly percent: number
  readonly detections: number
  readonly summary: AnalysisJob["summary"]
  readonly error: string | null
  readonly userId: string | null
}

/** A failure the panel shows: its title (the spec's words) and what the server said, if anything. */
export interface PanelFailure {
  readonly title: "errors.aiService" | "errors.saveAnalysis"
  readonly detail: Notice | null
}

/** The server's 402: the feature is not on the plan, or this period's analyses are used up. */
export interface PaymentNeeded {
  readonly code: "paid_feature" | "analysis_limit"
  readonly message: string
}

export interface AnalysisPanelContext {
  readonly labId: string
  readonly job: TrackedJob | null
  readonly usage: AnalysisUsage | null
  readonly failure: PanelFailure | null
  readonly payment: PaymentNeeded | null
  /** How many detections the last removal took away (shown once). */
  readonly removed: number | null
}

export type AnalysisPanelEvent =
  | { readonly type: "analysis.run"; readonly order: AnalysisOrder }
  | { readonly type: "analysis.cancel" }
  | { readonly type: "analysis.new" }
  | { readonly type: "results.remove" }
  | { readonly type: "job.changed"; readonly change: AnalysisChanged }

export const trackedOf = (job: AnalysisJob): TrackedJob => ({
  id: job.id,
  analysis: job.analysis,
  state: job.state,
  percent: job.percent,
  detections: job.detections,
  summary: job.summary,
  error: job.error,
  userId: job.user?.id ?? null
})

const changedOf = (change: AnalysisChanged): TrackedJob => ({
  id: change.job_id,
  analysis: change.analysis,
  state: change.state,
  percent: change.percent,
  detections: change.detections,
  summary: change.summary,
  error: change.error,
  userId: change.user_id
})

/** The newest job of the slide whose results are still there (a removed one is history). */
const latestShown = (jobs: ReadonlyArray<AnalysisJob>): TrackedJob | null => {
  const latest = jobs[0]
  return latest === undefined || latest.removed ? null : trackedOf(latest)
}

const failureOf = (title: PanelFailure["title"], error: AppFailure): PanelFailure => {
  const message = "message" in error && typeof error.message === "string" && error.message !== "" ? error.message : null
  // The server's own words where it gave some (no resolution, a shape that is not closed), else the catalogue's.
  const detail = error._tag === "BadRequest" || error._tag === "Conflict" || error._tag === "Forbidden" ? message : null
  return { title, detail: detail === null ? present(error).notice : { text: detail } }
}

const load = fromEffect((labId: string) => loadAnalyses(labId))
const usage = fromEffect(() => loadUsage())
const start = fromEffect((order: AnalysisOrder) => startAnalysis(order))
const cancel = fromEffect((jobId: string) => cancelAnalysis(jobId))
const remove = fromEffect((jobId: string) => removeAnalysisResults(jobId))

const whereJobIs = [
  { guard: "jobDone", target: "#analysisPanel.done" },
  { guard: "jobFailed", target: "#analysisPanel.failed" },
  { guard: "jobCancelled", target: "#analysisPanel.cancelled" },
  { guard: "jobRunning", target: "#analysisPanel.running" },
  { target: "#analysisPanel.idle" }
] as const

export const analysisPanelMachine = setup({
  types: {
    context: {} as AnalysisPanelContext,
    events: {} as AnalysisPanelEvent,
    input: {} as { readonly labId: string }
  },
  actors: { load, usage, start, cancel, remove },
  guards: {
    jobDone: ({ context }) => context.job?.state === "done",
    jobFailed: ({ context }) => context.job?.state === "failed",
    jobCancelled: ({ context }) => context.job?.state === "cancelled",
    jobRunning: ({ context }) => context.job?.state === "accepted" || context.job?.state === "running",
    /** A change of the job shown (another job of the slide is someone else's). */
    ours: ({ context, event }) => event.type === "job.changed" && event.change.job_id === context.job?.id,
    oursEnded: ({ context, event }) => event.type === "job.changed" && event.change.job_id === context.job?.id && event.change.done,
    /** Someone on the slide started a job while this panel had none running: the panel follows it. */
    newJob: ({ event }) => event.type === "job.changed" && (event.change.state === "accepted" || event.change.state === "running"),
    paymentNeeded: (_, error: AppFailure) => error._tag === "PaymentRequired"
  },
  actions: {
    loaded: assign((_, output: { readonly jobs: ReadonlyArray<AnalysisJob>; readonly usage: AnalysisUsage }) => ({
      job: latestShown(output.jobs),
      usage: output.usage
    })),
    loadFailed: assign((_, error: AppFailure) => ({ failure: failureOf("errors.aiService", error) })),
    usageLoaded: assign((_, output: AnalysisUsage) => ({ usage: output })),
    submit: assign({ failure: null, payment: null, removed: null }),
    accepted: assign((_, job: AnalysisJob) => ({ job: trackedOf(job) })),
    refused: assign((_, error: AppFailure) => ({ failure: failureOf("errors.aiService", error) })),
    paymentRequired: assign((_, error: AppFailure) =>
      error._tag === "PaymentRequired" ? { payment: { code: error.code, message: error.message } } : {}
    ),
    follow: assign(({ event }) => (event.type === "job.changed" ? { job: changedOf(event.change) } : {})),
    cancelled: assign((_, job: AnalysisJob) => ({ job: trackedOf(job) })),
    changeFailed: assign((_, error: AppFailure) => ({ failure: failureOf("errors.saveAnalysis", error) })),
    removed: assign((_, count: number) => ({ job: null, removed: count })),
    clear: assign({ job: null, failure: null, payment: null, removed: null })
  }
}).createMachine({
  id: "analysisPanel",
  context: ({ input }) => ({ labId: input.labId, job: null, usage: null, failure: null, payment: null, removed: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: { target: "placing", actions: { type: "loaded", params: ({ event }) => event.output } },
        onError: { target: "idle", actions: { type: "loadFailed", params: failureFrom(load) } }
      }
    },
    /** Where the loaded job puts the panel. */
    placing: { always: [...whereJobIs] },
    idle: {
      on: {
        "analysis.run": { target: "submitting", actions: "submit" },
        "job.changed": { guard: "newJob", target: "running", actions: ["submit", "follow"] }
      }
    },
    submitting: {
      tags: ["busy"],
      invoke: {
        id: "start",
        src: "start",
        input: ({ event }) => (event as Extract<AnalysisPanelEvent, { type: "analysis.run" }>).order,
        onDone: { target: "running", actions: { type: "accepted", params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: "paymentNeeded", params: failureFrom(start) },
            target: "paymentRequired",
            actions: { type: "paymentRequired", params: failureFrom(start) }
          },
          { target: "idle", actions: { type: "refused", params: failureFrom(start) } }
        ]
      }
    },
    running: {
      initial: "watching",
      on: {
        // Progress is followed where the panel is (a cancel under way goes on); an end moves the panel.
        "job.changed": [
          { guard: "oursEnded", target: "placing", actions: "follow" },
          { guard: "ours", actions: "follow" }
        ]
      },
      states: {
        watching: { on: { "analysis.cancel": "cancelling" } },
        cancelling: {
          tags: ["busy"],
          invoke: {
            id: "cancel",
            src: "cancel",
            input: ({ context }) => context.job?.id ?? "",
            onDone: { target: "#analysisPanel.placing", actions: { type: "cancelled", params: ({ event }) => event.output } },
            // 409: it ended meanwhile; its last change says how (and arrives as job.changed).
            onError: { target: "watching", actions: { type: "changeFailed", params: failureFrom(cancel) } }
          }
        }
      }
    },
    done: {
      initial: "shown",
      invoke: { id: "usage", src: "usage", onDone: { actions: { type: "usageLoaded", params: ({ event }) => event.output } } },
      on: {
        "analysis.run": { target: "submitting", actions: "submit" },
        "analysis.new": { target: "idle", actions: "clear" }
      },
      states: {
        shown: { on: { "results.remove": "removing" } },
        removing: {
          tags: ["busy"],
          invoke: {
            id: "remove",
            src: "remove",
            input: ({ context }) => context.job?.id ?? "",
            onDone: { target: "#analysisPanel.idle", actions: { type: "removed", params: ({ event }) => event.output } },
            onError: { target: "shown", actions: { type: "changeFailed", params: failureFrom(remove) } }
          }
        }
      }
    },
    failed: {
      invoke: { id: "usage", src: "usage", onDone: { actions: { type: "usageLoaded", params: ({ event }) => event.output } } },
      on: {
        "analysis.run": { target: "submitting", actions: "submit" },
        "analysis.new": { target: "idle", actions: "clear" }
      }
    },
    cancelled: {
      invoke: { id: "usage", src: "usage", onDone: { actions: { type: "usageLoaded", params: ({ event }) => event.output } } },
      on: {
        "analysis.run": { target: "submitting", actions: "submit" },
        "analysis.new": { target: "idle", actions: "clear" }
      }
    },
    paymentRequired: {
      on: {
        "analysis.run": { target: "submitting", actions: "submit" },
        "analysis.new": { target: "idle", actions: "clear" }
      }
    }
  }
})
