// The wand's state checks for the tools model (model.ts): what a press grows from the pixels read,
// how a sideways drag moves the tolerance and grows again, and what letting go and Escape leave.
import { expect } from "vitest"
import type { StateCheck } from "../../../../testing/modelHarness.ts"
import { WAND_TOLERANCE } from "../../../../annotation/wand/region.ts"
import type { toolsMachine } from "../../tools.machine.ts"
import { TOLERANCE_DEAD_PX, TOLERANCE_PER_PX } from "../wand.ts"
import { inState, wandGrow } from "./fixtures.ts"

/** The rim is 38 from the core in colour: a tolerance from 38 takes it, and its hole makes the region an area. */
const RIM = 38

export const wandChecks: Readonly<Record<string, StateCheck<typeof toolsMachine>>> = {
  "tools.wand.idle": (actual, _, arrival) => {
    expect(actual.context.draft).toEqual([])
    expect(actual.context.wandPress).toBeNull()
    const before = arrival.before?.context
    if (arrival.via === "wand") expect(actual.context.tolerance).toBe(before?.tolerance ?? WAND_TOLERANCE.initial)
    if (arrival.via === "tolerance 0") expect(actual.context.tolerance).toBe(0)
    // Escape puts back the tolerance the press found; letting go keeps the one the drag made.
    if (inState(arrival.before, "tools.wand.growing") && before !== undefined) {
      if (arrival.via === "escape") expect(actual.context.tolerance).toBe(before.wandPress?.tolerance)
      if (arrival.via.startsWith("up")) expect(actual.context.tolerance).toBe(before.tolerance)
      const queued = actual.context.queue.length - before.queue.length
      // A region was grown: it is saved; a press off the slide saves nothing.
      if (arrival.via.startsWith("up")) expect(queued).toBe(before.draft.length > 0 ? 1 : 0)
      if (arrival.via === "escape") expect(queued).toBe(0)
    }
  },
  "tools.wand.growing": (actual, _, arrival) => {
    const { origin, tolerance, draft, wandPress } = actual.context
    expect(wandPress).not.toBeNull()
    // The draft is the region grown from the press at the tolerance now, from the same pixels.
    const region = wandGrow(origin![0], origin![1], tolerance)
    expect(draft).toEqual(region === null ? [] : [...region.coords])
    // Pressed on the disc: its core, and its rim (with the rim's hole) from the rim's distance on.
    if (origin![0] === 100 && origin![1] === 100) expect(draft.some(Number.isNaN)).toBe(tolerance >= RIM)
    // Pressed beyond the slide's pixels (B, C): nothing; within them: a region.
    if (origin![0] >= 250 || origin![1] >= 250) expect(draft).toEqual([])
    else expect(draft.length).toBeGreaterThan(6)
    // The press starts from the tolerance set; a drag sideways moves it half a step per pixel past
    // the first few (the model's events come at scale 1), within the range.
    if (arrival.via.startsWith("down")) expect(tolerance).toBe(arrival.before?.context.tolerance)
    const after = (x: number) => {
      const dx = x - origin![0]
      const beyond = Math.sign(dx) * Math.max(0, Math.abs(dx) - TOLERANCE_DEAD_PX)
      return Math.min(WAND_TOLERANCE.max, Math.max(WAND_TOLERANCE.min, Math.round(wandPress!.tolerance + beyond * TOLERANCE_PER_PX)))
    }
    if (arrival.via === "move far") expect(tolerance).toBe(after(300))
    if (arrival.via === "move near") expect(tolerance).toBe(after(101))
    if (arrival.via === "move round") expect(tolerance).toBe(after(100))
    if (arrival.via === "tolerance 0") expect(tolerance).toBe(arrival.before?.context.tolerance)
  }
}
