// The thin page-loading bar at the top of the window: blue while loading, red on failure. It appears
// only if loading lasts longer than the 200 ms throttle (fast navigations never flash), and gives up
// after 5 s so a lost done() cannot leave it hanging. Timed states declare `meta.timeoutMs`;
// runStateTimer (state-timer.ts) turns elapsed time into `progress.timeout`.
import { setup } from "xstate"
import type { TimedStateMeta } from "../support/state-timer.ts"

export type ProgressEvent =
  | { type: "progress.start" }
  | { type: "progress.done" }
  | { type: "progress.fail" }
  /** The current state's `meta.timeoutMs` has elapsed. */
  | { type: "progress.timeout" }

export const PROGRESS_THROTTLE_MS = 200
export const PROGRESS_MAX_MS = 5000
/** How long the full bar (done) or the red bar (failed) stays before it is gone. */
export const PROGRESS_FINISH_MS = 400
export const PROGRESS_FAILED_MS = 1500

export const PROGRESS_TIMEOUT: ProgressEvent = { type: "progress.timeout" }

const lasts = (timeoutMs: number): TimedStateMeta => ({ timeoutMs })

export const progressBarMachine = setup({
  types: { events: {} as ProgressEvent }
}).createMachine({
  id: "progressBar",
  initial: "idle",
  states: {
    idle: {
      on: { "progress.start": "pending" }
    },
    /** Started but not drawn yet: a load that ends within the throttle is never shown. */
    pending: {
      meta: lasts(PROGRESS_THROTTLE_MS),
      on: { "progress.timeout": "running", "progress.done": "idle", "progress.fail": "failed" }
    },
    running: {
      tags: ["visible"],
      meta: lasts(PROGRESS_MAX_MS),
      on: { "progress.timeout": "finishing", "progress.done": "finishing", "progress.fail": "failed" }
    },
    finishing: {
      tags: ["visible"],
      meta: lasts(PROGRESS_FINISH_MS),
      on: { "progress.timeout": "idle", "progress.start": "pending" }
    },
    failed: {
      tags: ["visible", "failed"],
      meta: lasts(PROGRESS_FAILED_MS),
      on: { "progress.timeout": "idle", "progress.start": "pending" }
    }
  }
})
