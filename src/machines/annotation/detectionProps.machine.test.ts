import { describe, expect, it } from "vitest"
import { type DetectionPropsEvent, detectionPropsMachine } from "./detectionProps.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const input = { labId: "lab-1", id: "nucleus-7" }
const measured = { description: "Area µm^2: 31.4; DAB OD mean: 0.512; Hematoxylin OD mean: 0.243; Intensity: 2+", locked: true }

const model = modelFor({
  machine: detectionPropsMachine,
  promiseActors: ["load"],
  input,
  events: [
    { type: "detection.retry" },
    { type: "xstate.done.actor.load", output: measured },
    { type: "xstate.error.actor.load", error: serverDown }
  ] as unknown as ReadonlyArray<DetectionPropsEvent>,
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      // The one annotation of this slide is asked for, each time it loads.
      expect(calls.at(-1)?.input).toEqual(input)
    },
    shown: (actual) => {
      expect(actual.context.props).toEqual(measured)
      expect(actual.context.error).toBeNull()
    },
    failed: (actual) => {
      expect(actual.context.props).toBeNull()
      expect(actual.context.error).toEqual({ key: "errors.serverError" })
    }
  }
})

describe("detection props model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("detection props scenarios", () => {
  it("asks again on retry after a failure, and shows what the second answer holds", async () => {
    const run = drive(detectionPropsMachine, ["load"], { input })
    await run.fail("load", serverDown)
    expect(run.actor.getSnapshot().matches("failed")).toBe(true)
    await run.send({ type: "detection.retry" })
    expect(run.invocations).toHaveLength(2)
    await run.succeed("load", measured)
    expect(run.actor.getSnapshot().context.props).toEqual(measured)
  })
})
