// The point counter: its model paths, and clicks faster than the saves.
import { describe, expect, it } from "vitest"
import { drive } from "../../../testing/drive.ts"
import { toolsMachine } from "../tools.machine.ts"
import type { SaveInput } from "../../../effects/annotations/loadSave.ts"
import { at, inState, input, stored } from "./testing/fixtures.ts"
import { pathsOf } from "./testing/model.ts"

describe("point tool model", () => {
  const paths = pathsOf("point")
  it("walks paths that end in the point tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("point tool scenarios", () => {
  it("points counted faster than a save answers are each saved once, in order; the slide's first label is made once", async () => {
    let n = 0
    const run = drive(toolsMachine, ["save"], { input: { ...input, label: null, newId: () => `p${++n}` } })
    await run.send({ type: "tool.choose", tool: "point" })
    for (const x of [10, 20, 30]) {
      await run.send({ type: "pointer.down", hit: null, ...at(x, 5) })
      await run.send({ type: "pointer.up", ...at(x, 5) })
    }
    // One on its way, two waiting; the tool is ready for the next click all along.
    expect(run.invocations.filter((i) => i.src === "save")).toHaveLength(1)
    expect(run.actor.getSnapshot().context.queue.map((q) => q.id)).toEqual(["p1", "p2", "p3"])
    expect(inState(run.actor.getSnapshot(), "tools.point.idle")).toBe(true)
    // The first save made the slide's default label: the two waiting are sent with it, not with none.
    const made = { id: "l9", name: "Annotation", color: "#FFFF00" }
    await run.succeed("save", { annotation: stored, label: made })
    expect(run.lastInput("save")).toMatchObject({ id: "p2", coords: [20, 5], label: made })
    await run.succeed("save", { annotation: stored, label: null })
    expect(run.lastInput("save")).toMatchObject({ id: "p3", coords: [30, 5], label: made })
    await run.succeed("save", { annotation: stored, label: null })
    expect(run.invocations.filter((i) => i.src === "save").map((i) => (i.input as SaveInput).id)).toEqual(["p1", "p2", "p3"])
    expect(run.actor.getSnapshot().context.queue).toEqual([])
    expect(run.actor.getSnapshot().hasTag("busy")).toBe(false)
  })
})
