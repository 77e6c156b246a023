import { describe, expect, it } from "vitest"
import { MAX_MPP } from "../../contract/labs.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { lab, refused } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type CalibrateEvent, calibrateMachine, mppFromLine, validMpp } from "./calibrate.machine.ts"

const calibrated = lab("s1", "Liver H&E.svs", { is_dir: false, mpp: 0.25 })

const model = modelFor({
  machine: calibrateMachine,
  promiseActors: ["save"],
  input: { labId: "s1" },
  events: {
    typed: { type: "calibrate.mpp", mpp: 0.25 },
    "typed zero": { type: "calibrate.mpp", mpp: 0 },
    "typed too large": { type: "calibrate.mpp", mpp: MAX_MPP + 1 },
    // A 400 px line that is 100 µm long: 0.25 µm per pixel.
    line: { type: "calibrate.line", microns: 100, pixels: 400 },
    "line without length": { type: "calibrate.line", microns: 100, pixels: 0 },
    saved: { type: "xstate.done.actor.save", output: calibrated },
    "save refused": { type: "xstate.error.actor.save", error: refused },
    "save failed": { type: "xstate.error.actor.save", error: serverDown }
  } as unknown as Record<string, CalibrateEvent>,
  distinguish: ({ value, context }) => ({
    value,
    error: context.error === null ? null : context.error === "invalid" ? "invalid" : "failed"
  }),
  states: {
    idle: (actual, _, arrival) => {
      const { context } = actual
      switch (arrival.via) {
        case "typed zero":
        case "typed too large":
        case "line without length":
          // Refused here: nothing is sent.
          expect(context.error).toBe("invalid")
          expect(arrival.emitted).toEqual([])
          break
        case "saved":
          expect(context.error).toBeNull()
          expect(arrival.emitted).toEqual([{ type: "calibrated", lab: calibrated }])
          break
        case "save refused":
          expect(context.error).toBe(refused)
          expect(arrival.emitted).toEqual([{ type: "calibrate.failed", error: refused }])
          break
        case "save failed":
          expect(context.error).toBe(serverDown)
          expect(arrival.emitted).toEqual([{ type: "calibrate.failed", error: serverDown }])
          break
      }
    },
    saving: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "save", input: { labId: "s1", mpp: 0.25 } })
      expect(actual.context.error).toBeNull()
    }
  }
})

describe("calibrate model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("a resolution", () => {
  it("is a positive number up to the most a microscope sees", () => {
    expect(validMpp(0.25)).toBe(true)
    expect(validMpp(MAX_MPP)).toBe(true)
    expect(validMpp(0)).toBe(false)
    expect(validMpp(-1)).toBe(false)
    expect(validMpp(MAX_MPP + 0.001)).toBe(false)
    expect(validMpp(Number.NaN)).toBe(false)
    expect(validMpp(Number.POSITIVE_INFINITY)).toBe(false)
  })

  it("comes from a line as its microns over its pixels", () => {
    expect(mppFromLine(100, 400)).toBe(0.25)
    expect(mppFromLine(1000, 2000)).toBe(0.5)
    expect(mppFromLine(100, 0)).toBeNaN()
    expect(mppFromLine(0, 400)).toBeNaN()
  })

  it("a refused value sends nothing; a valid one after it is sent", async () => {
    const run = drive(calibrateMachine, ["save"], { input: { labId: "s1" } })
    await run.send({ type: "calibrate.mpp", mpp: -2 })
    expect(run.actor.getSnapshot().context.error).toBe("invalid")
    expect(run.lastInput("save")).toBeUndefined()
    await run.send({ type: "calibrate.line", microns: 50, pixels: 100 })
    expect(run.lastInput("save")).toEqual({ labId: "s1", mpp: 0.5 })
  })
})
