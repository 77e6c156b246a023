import { describe, expect, it } from "vitest"
import { NotFound } from "../../effects/ApiError.ts"
import { SLIDE_RECHECK_MS, type SlideViewerEvent, slideViewerMachine } from "./slideViewer.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown, sessionGone } from "../../testing/fixtures.ts"
import { folderDetail, lab, refused } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const slide = (status: "uploading" | "processing" | "ready" | "failed") =>
  folderDetail(
    lab("s1", "Liver H&E.svs", {
      is_dir: false,
      status,
      tile_source: status === "ready" ? "/v2/media/slides/s1/0123456789abcdef0123456789abcdef/slide.dzi" : null,
      width: status === "ready" ? 4000 : null,
      height: status === "ready" ? 3000 : null,
      mpp: status === "ready" ? 0.25 : null
    }),
    [{ id: "f1", name: "Slides" }]
  )
const ready = slide("ready")
const processing = slide("processing")
const uploading = slide("uploading")
const broken = slide("failed")
const folder = folderDetail(lab("f1", "Slides"))
const gone = new NotFound({ message: "Lab not found." })

const model = modelFor({
  machine: slideViewerMachine,
  promiseActors: ["load", "check"],
  input: { labId: "s1" },
  events: [
    { type: "xstate.done.actor.load", output: ready },
    { type: "xstate.done.actor.load", output: uploading },
    { type: "xstate.done.actor.load", output: broken },
    { type: "xstate.done.actor.load", output: folder },
    { type: "xstate.error.actor.load", error: gone },
    { type: "xstate.error.actor.load", error: refused },
    { type: "xstate.error.actor.load", error: sessionGone },
    { type: "xstate.error.actor.load", error: serverDown },
    { type: "xstate.done.actor.check", output: ready },
    { type: "xstate.done.actor.check", output: processing },
    { type: "xstate.done.actor.check", output: broken },
    { type: "xstate.done.actor.check", output: folder },
    { type: "xstate.error.actor.check", error: gone },
    { type: "xstate.error.actor.check", error: serverDown },
    { type: "slide.status", status: "processing" },
    { type: "slide.status", status: "ready" },
    { type: "slide.recheck" },
    { type: "slide.retry" },
    { type: "viewer.rotate", direction: "right" },
    { type: "viewer.rotate", direction: "left" },
    { type: "slide.calibrated", mpp: 0.5 },
    { type: "viewer.fullScreen.toggle" },
    { type: "viewer.fullScreen.exited" }
  ] as unknown as ReadonlyArray<SlideViewerEvent>,
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "load", input: "s1" })
    },
    ready: (actual, _, arrival) => {
      expect(actual.context.lab?.tile_source).toMatch(/\.dzi$/)
      // A resolution given to the slide is the one its scale bar and measurements use from then on.
      if (arrival.event?.type === "slide.calibrated") expect(actual.context.lab?.mpp).toBe(0.5)
      expect([0, 90, 180, 270]).toContain(actual.context.rotation)
    },
    "ready.fullScreen": (actual) => expect(actual.hasTag("fullScreen")).toBe(true),
    "ready.windowed": (actual) => expect(actual.hasTag("fullScreen")).toBe(false),
    "notReady.waiting": (actual) => {
      expect(["uploading", "processing"]).toContain(actual.context.lab?.status)
    },
    "notReady.checking": (_, calls, arrival) => {
      expect(calls.at(-1)).toEqual({ src: "check", input: "s1" })
      // Without a status event it asks again every 15 s.
      if (arrival.event?.type.startsWith("xstate.after.")) expect(arrival.waited).toBe(SLIDE_RECHECK_MS)
    },
    failed: (actual) => expect(actual.context.lab?.status).toBe("failed"),
    unavailable: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    missing: (actual) => expect(actual.context.error).toBeNull()
  }
})

describe("slideViewer model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", { timeout: 30_000 }, async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("slideViewer scenarios", () => {
  it("a slide being processed opens by itself when its status event says ready", async () => {
    const run = drive(slideViewerMachine, ["load", "check"], { input: { labId: "s1" } })
    await run.succeed("load", uploading)
    await run.send({ type: "slide.status", status: "processing" })
    expect(run.actor.getSnapshot().context.lab?.status).toBe("processing")
    expect(run.isRunning("check")).toBe(false)
    await run.send({ type: "slide.status", status: "ready" })
    await run.succeed("check", ready)
    expect(run.actor.getSnapshot().matches({ ready: "windowed" })).toBe(true)
    expect(run.actor.getSnapshot().context.lab?.tile_source).toBe(ready.tile_source)
  })

  it("a status event that cannot be read changes nothing", async () => {
    const run = drive(slideViewerMachine, ["load", "check"], { input: { labId: "s1" } })
    await run.succeed("load", processing)
    await run.send({ type: "slide.status", status: "exploded" })
    expect(run.actor.getSnapshot().context.lab?.status).toBe("processing")
    expect(run.actor.getSnapshot().matches({ notReady: "waiting" })).toBe(true)
  })

  it("rotation turns in 90° steps both ways and wraps around", async () => {
    const run = drive(slideViewerMachine, ["load", "check"], { input: { labId: "s1" } })
    await run.succeed("load", ready)
    const rotations: number[] = []
    for (const direction of ["right", "right", "right", "right", "left"] as const) {
      await run.send({ type: "viewer.rotate", direction })
      rotations.push(run.actor.getSnapshot().context.rotation)
    }
    expect(rotations).toEqual([90, 180, 270, 0, 270])
  })

  it("a visitor asking for a private slide (401) gets the not-found state, a server failure a retry", async () => {
    const visitor = drive(slideViewerMachine, ["load", "check"], { input: { labId: "s1" } })
    await visitor.fail("load", sessionGone)
    expect(visitor.actor.getSnapshot().value).toBe("missing")
    const unlucky = drive(slideViewerMachine, ["load", "check"], { input: { labId: "s1" } })
    await unlucky.fail("load", serverDown)
    expect(unlucky.actor.getSnapshot().value).toBe("unavailable")
    await unlucky.send({ type: "slide.retry" })
    await unlucky.succeed("load", ready)
    expect(unlucky.actor.getSnapshot().matches("ready")).toBe(true)
  })

  it("rotation and full screen mean nothing before the slide is ready", async () => {
    const run = drive(slideViewerMachine, ["load", "check"], { input: { labId: "s1" } })
    await run.succeed("load", processing)
    await run.send({ type: "viewer.rotate", direction: "right" })
    await run.send({ type: "viewer.fullScreen.toggle" })
    expect(run.actor.getSnapshot().context.rotation).toBe(0)
    expect(run.actor.getSnapshot().hasTag("fullScreen")).toBe(false)
  })
})
