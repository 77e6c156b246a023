// What the loading bar's snapshot means on screen.
import type { SnapshotFrom } from "xstate"
import type { progressBarMachine } from "./progressBar.machine.ts"

export interface ProgressView {
  visible: boolean
  failed: boolean
  /** running: creeping towards 90 %; finishing/failed: full width, then fading out. */
  phase: "idle" | "running" | "finishing" | "failed"
}

export const progressView = (snapshot: SnapshotFrom<typeof progressBarMachine>): ProgressView => {
  const value = snapshot.value
  const phase = value === "running" || value === "finishing" || value === "failed" ? value : "idle"
  return { visible: snapshot.hasTag("visible"), failed: snapshot.hasTag("failed"), phase }
}
