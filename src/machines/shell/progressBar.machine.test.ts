// Model-based test of the loading bar. The system under test is the real actor on fake timers: a
// delayed transition's step (`xstate.after.…`, read off the machine by delayedEvents) advances the
// clock by exactly the delay the feature asks of that state (first 1 ms short, to prove it does not
// fire early), so a wrong delay fails the path.
import { createActor } from "xstate"
import { createTestModel } from "xstate/graph"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { PROGRESS_FAILED_MS, PROGRESS_FINISH_MS, PROGRESS_MAX_MS, PROGRESS_THROTTLE_MS, progressBarMachine } from "./progressBar.machine.ts"
import { progressView } from "./progressBar.view.ts"
import { delayedEvents } from "../../testing/delays.ts"
import { modelOf } from "../../testing/invocationFreeModel.ts"
import { everyTransition, uncovered } from "../../testing/coverage.ts"

// The model walks the delayed transitions as their events (invocationFreeModel.ts).
const modelMachine = modelOf(progressBarMachine)
const model = createTestModel(modelMachine, everyTransition)
const paths = model.getShortestPaths()

const delayOf: Record<string, number> = {
  pending: PROGRESS_THROTTLE_MS,
  running: PROGRESS_MAX_MS,
  finishing: PROGRESS_FINISH_MS,
  failed: PROGRESS_FAILED_MS
}

describe("progress bar machine", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("generated paths cover every state and every transition", () => {
    expect(uncovered(modelMachine, paths)).toEqual({ states: [], transitions: [] })
  })

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(progressBarMachine).start()
      const view = () => progressView(actor.getSnapshot())
      const elapse = () => {
        const state = String(actor.getSnapshot().value)
        vi.advanceTimersByTime(delayOf[state]! - 1)
        expect(actor.getSnapshot().value).toBe(state)
        vi.advanceTimersByTime(1)
      }
      const send = ({ event }: { event: { type: "progress.start" | "progress.done" | "progress.fail" } }) => actor.send(event)
      await path.test({
        events: {
          "progress.start": send,
          "progress.done": send,
          "progress.fail": send,
          ...Object.fromEntries(delayedEvents(progressBarMachine).map(({ type }) => [type, elapse]))
        },
        states: {
          idle: () => expect(view()).toEqual({ visible: false, failed: false, phase: "idle" }),
          pending: () => expect(view().visible).toBe(false),
          running: () => expect(view()).toEqual({ visible: true, failed: false, phase: "running" }),
          finishing: () => expect(view()).toEqual({ visible: true, failed: false, phase: "finishing" }),
          failed: () => expect(view()).toEqual({ visible: true, failed: true, phase: "failed" })
        }
      })
      expect(actor.getSnapshot().value).toEqual(path.state.value)
      actor.stop()
    })
  }

  it("never draws a load that ends within the throttle", () => {
    const actor = createActor(progressBarMachine).start()
    const seen = new Set<string>()
    actor.subscribe((s) => seen.add(String(s.value)))
    actor.send({ type: "progress.start" })
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 10)
    actor.send({ type: "progress.done" })
    vi.advanceTimersByTime(10_000)
    expect([...seen]).toEqual(["pending", "idle"])
    actor.stop()
  })

  it("does not leave the bar hanging when done() never comes", () => {
    const actor = createActor(progressBarMachine).start()
    actor.send({ type: "progress.start" })
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS + PROGRESS_MAX_MS + PROGRESS_FINISH_MS)
    expect(actor.getSnapshot().value).toBe("idle")
    actor.stop()
  })
})
