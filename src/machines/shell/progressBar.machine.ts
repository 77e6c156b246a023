// The thin page-loading bar at the top of the window: blue while loading, red on failure. It appears
// only if loading lasts longer than the 200 ms throttle (fast navigations never flash), and gives up
// after 5 s so a lost done() cannot leave it hanging. Each timed state ends by a delayed transition
// (`after`).
import { setup } from "xstate"

export type ProgressEvent = { type: "progress.start" } | { type: "progress.done" } | { type: "progress.fail" }

export const PROGRESS_THROTTLE_MS = 200
export const PROGRESS_MAX_MS = 5000
/** How long the full bar (done) or the red bar (failed) stays before it is gone. */
export const PROGRESS_FINISH_MS = 400
export const PROGRESS_FAILED_MS = 1500

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
      after: { [PROGRESS_THROTTLE_MS]: "running" },
      on: { "progress.done": "idle", "progress.fail": "failed" }
    },
    running: {
      tags: ["visible"],
      after: { [PROGRESS_MAX_MS]: "finishing" },
      on: { "progress.done": "finishing", "progress.fail": "failed" }
    },
    finishing: {
      tags: ["visible"],
      after: { [PROGRESS_FINISH_MS]: "idle" },
      on: { "progress.start": "pending" }
    },
    failed: {
      tags: ["visible", "failed"],
      after: { [PROGRESS_FAILED_MS]: "idle" },
      on: { "progress.start": "pending" }
    }
  }
})
