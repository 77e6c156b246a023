import { describe, expect, it } from "vitest"
import type { AnalysisChanged, AnalysisJob, AnalysisUsage } from "../../contract/analysis.ts"
import { badRequest, Conflict, PaymentRequired } from "../../contract/errors.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type AnalysisPanelEvent, analysisPanelMachine } from "./analysisPanel.machine.ts"

const job = (state: AnalysisJob["state"], extra: Partial<AnalysisJob> = {}): AnalysisJob => ({
  id: "j1",
  lab_id: "lab-1",
  analysis: "ki67",
  state,
  percent: state === "done" ? 100 : 0,
  done: state === "done" || state === "failed" || state === "cancelled",
  region: { type: "slide" },
  parameters: {},
  detections: 0,
  summary: null,
  error: null,
  user: { id: "u1", name: "Ada" },
  removed: false,
  created_at: "2026-11-28T10:00:00.000Z",
  updated_at: "2026-11-28T10:00:00.000Z",
  finished_at: null,
  ...extra
})
const usage: AnalysisUsage = { plan: "basic", limit: 100, used: 3, remaining: 97, period_start: null, period_end: null }
const usedOne: AnalysisUsage = { ...usage, used: 4, remaining: 96 }
const summary = { nuclei: 200, positive: 50, negative: 150, ki67_index: 25, h_score: 60 }
const eggs = { count: 12, eggs_per_gram: 24, mean_length_um: 140.2, mean_width_um: 76.1, rejected: 3 }
const change = (state: AnalysisChanged["state"], extra: Partial<AnalysisChanged> = {}): AnalysisChanged => ({
  lab_id: "lab-1",
  job_id: "j1",
  user_id: "u1",
  analysis: "ki67",
  state,
  percent: 0,
  done: state === "done" || state === "failed" || state === "cancelled",
  detections: 0,
  summary: null,
  error: null,
  at: "2026-11-28T10:00:01.000Z",
  ...extra
})
const order = {
  analysis: "ki67",
  labId: "lab-1",
  region: { type: "annotation", annotation_id: "a1" },
  parameters: { thresholds: [0.2, 0.4, 0.6], min_area_um2: 10, max_area_um2: 400 }
} as const
const free = new PaymentRequired({ message: "AI analysis needs a paid plan.", code: "paid_feature", feature: "ai_analysis", plan: "free" })
const noResolution = badRequest({}, "The slide has no resolution (microns per pixel).")

const model = modelFor({
  machine: analysisPanelMachine,
  input: { labId: "lab-1" },
  promiseActors: ["load", "usage", "start", "cancel", "remove"],
  events: {
    "nothing run yet": { type: "xstate.done.actor.load", output: { jobs: [], usage } },
    "a job running": { type: "xstate.done.actor.load", output: { jobs: [job("running", { percent: 30 })], usage } },
    "a job done": { type: "xstate.done.actor.load", output: { jobs: [job("done", { summary, detections: 200 })], usage } },
    "a Fasciola job done": {
      type: "xstate.done.actor.load",
      output: { jobs: [job("done", { analysis: "fasciola", summary: eggs, detections: 12 })], usage }
    },
    "a job failed": { type: "xstate.done.actor.load", output: { jobs: [job("failed", { error: "tile unreadable" })], usage } },
    "a job cancelled": { type: "xstate.done.actor.load", output: { jobs: [job("cancelled")], usage } },
    "results removed before": { type: "xstate.done.actor.load", output: { jobs: [job("done", { removed: true })], usage } },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    run: { type: "analysis.run", order },
    accepted: { type: "xstate.done.actor.start", output: job("accepted") },
    "free plan": { type: "xstate.error.actor.start", error: free },
    "no resolution": { type: "xstate.error.actor.start", error: noResolution },
    progress: { type: "job.changed", change: change("running", { percent: 40, detections: 80 }) },
    finished: { type: "job.changed", change: change("done", { percent: 100, detections: 200, summary }) },
    "job failed": { type: "job.changed", change: change("failed", { error: "AI Analysis is failed" }) },
    "someone's job": { type: "job.changed", change: change("accepted", { user_id: "u2" }) },
    cancel: { type: "analysis.cancel" },
    "cancel answered": { type: "xstate.done.actor.cancel", output: job("cancelled") },
    "cancel too late": { type: "xstate.error.actor.cancel", error: new Conflict({ message: "The job has ended." }) },
    remove: { type: "results.remove" },
    "results gone": { type: "xstate.done.actor.remove", output: 200 },
    "remove failed": { type: "xstate.error.actor.remove", error: serverDown },
    "usage read": { type: "xstate.done.actor.usage", output: usedOne },
    "new analysis": { type: "analysis.new" }
  } as unknown as Record<string, AnalysisPanelEvent>,
  // The panel's rules, apart from the machine: a free plan's refusal asks for the upgrade, any other
  // refusal leaves the form to try again, a failed removal keeps the results shown.
  leadsTo: {
    "free plan": "paymentRequired",
    "no resolution": "idle",
    accepted: "running.watching",
    finished: "done.shown",
    "job failed": "failed",
    "cancel answered": "cancelled",
    "cancel too late": "running.watching",
    "results gone": "idle",
    "remove failed": "done.shown",
    "load failed": "idle",
    run: "submitting",
    "new analysis": "idle"
  },
  states: {
    loading: (actual, calls) => {
      expect(calls.at(-1)).toEqual({ src: "load", input: "lab-1" })
      expect(actual.context.job).toBeNull()
    },
    idle: (actual, _, { via }) => {
      expect(actual.hasTag("busy")).toBe(false)
      if (via === "load failed")
        expect(actual.context.failure).toEqual({ title: "errors.aiService", detail: { key: "errors.serverError" } })
      // The server's reason is shown under the spec's title.
      if (via === "no resolution")
        expect(actual.context.failure).toEqual({
          title: "errors.aiService",
          detail: { text: "The slide has no resolution (microns per pixel)." }
        })
      if (via === "results gone") expect(actual.context).toMatchObject({ job: null, removed: 200 })
      if (via === "results removed before") expect(actual.context.job).toBeNull()
      if (via === "nothing run yet") expect(actual.context.usage?.remaining).toBe(97)
      if (via === "new analysis") expect(actual.context).toMatchObject({ job: null, failure: null, payment: null })
    },
    submitting: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "start", input: order })
      expect(actual.context.payment).toBeNull()
      expect(actual.context.failure).toBeNull()
    },
    "running.watching": (actual, _, { via }) => {
      expect(actual.hasTag("busy")).toBe(false)
      if (via === "progress") expect(actual.context.job).toMatchObject({ state: "running", percent: 40, detections: 80 })
      if (via === "a job running") expect(actual.context.job).toMatchObject({ id: "j1", percent: 30 })
      if (via === "someone's job") expect(actual.context.job).toMatchObject({ id: "j1", userId: "u2", state: "accepted" })
      if (via === "cancel too late") expect(actual.context.failure?.title).toBe("errors.saveAnalysis")
    },
    "running.cancelling": (actual, calls, { via }) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "cancel", input: "j1" })
      // Progress while the cancel is on its way is shown, the cancel goes on.
      if (via === "progress") expect(actual.context.job?.percent).toBe(40)
    },
    "done.shown": (actual, calls, { via }) => {
      if (via === "finished") {
        expect(actual.context.job).toMatchObject({ state: "done", percent: 100, summary })
        // The plan's analyses left are read again once a job ends.
        expect(calls.at(-1)?.src).toBe("usage")
      }
      if (via === "usage read") expect(actual.context.usage?.remaining).toBe(96)
      // Any analysis' result is shown the same way, its own figures kept.
      if (via === "a Fasciola job done") expect(actual.context.job).toMatchObject({ analysis: "fasciola", summary: eggs, detections: 12 })
      if (via === "remove failed")
        expect(actual.context.failure).toEqual({ title: "errors.saveAnalysis", detail: { key: "errors.serverError" } })
    },
    "done.removing": (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "remove", input: "j1" })
    },
    failed: (actual, _, { via }) => {
      if (via === "job failed") expect(actual.context.job?.error).toBe("AI Analysis is failed")
      if (via === "a job failed") expect(actual.context.job?.error).toBe("tile unreadable")
    },
    cancelled: (actual) => expect(actual.context.job?.state).toBe("cancelled"),
    paymentRequired: (actual) => {
      expect(actual.context.payment).toEqual({ code: "paid_feature", message: "AI analysis needs a paid plan." })
      expect(actual.context.failure).toBeNull()
    },
    // A transient state: never at rest.
    placing: () => expect.unreachable("placing is left at once")
  }
})

describe("analysis panel model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})
