import { describe, expect, it } from "vitest"
import { annotationOf, compactOf, ring } from "../../testing/annotationFixtures.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type PaneAnnotationsEvent, paneAnnotationsMachine } from "./paneAnnotations.machine.ts"

const first = compactOf([annotationOf("a", ring(10, 10, 5))])
const later = compactOf([annotationOf("a", ring(10, 10, 5)), annotationOf("b", ring(40, 40, 5))])

/** The eye button flips whether the shapes show, in whatever state the pane is. */
const eyeRule = (visible: boolean, via: string, before: { context: { visible: boolean } } | undefined) => {
  if (via === "eye button") expect(visible).toBe(!before!.context.visible)
}

const model = modelFor({
  machine: paneAnnotationsMachine,
  input: { labId: "s1" },
  promiseActors: ["read"],
  events: {
    "read one shape": { type: "xstate.done.actor.read", output: first },
    "read two shapes": { type: "xstate.done.actor.read", output: later },
    "read failed": { type: "xstate.error.actor.read", error: serverDown },
    "eye button": { type: "layer.toggle" },
    "a colleague changed a shape": { type: "layer.changed" },
    "try again": { type: "layer.retry" }
  } as unknown as Record<string, PaneAnnotationsEvent>,
  distinguish: ({ value, context }) => ({ value, visible: context.visible, stale: context.stale, read: context.compact !== null }),
  states: {
    reading: (actual, calls, { via, callsBefore, before }) => {
      expect(actual.hasTag("busy")).toBe(true)
      eyeRule(actual.context.visible, via, before)
      // Every read asks the server afresh, for this slide; a change heard during a read asks nothing yet.
      if (via === "a colleague changed a shape" && actual.context.stale) expect(calls.length).toBe(callsBefore)
      else if (via !== "eye button") expect(calls.at(-1)).toEqual({ src: "read", input: "s1" })
    },
    read: (actual, _, { via, before }) => {
      expect(actual.hasTag("busy")).toBe(false)
      eyeRule(actual.context.visible, via, before)
      if (via === "read one shape") expect(actual.context.compact).toBe(first)
      if (via === "read two shapes") expect(actual.context.compact).toBe(later)
    },
    failed: (actual, _, { via, before }) => {
      eyeRule(actual.context.visible, via, before)
      // What was shown stays shown.
      expect(actual.context.compact).toBe(before?.context.compact ?? null)
    }
  }
})

describe("a compare pane's annotations model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})
