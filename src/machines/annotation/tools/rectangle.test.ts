// The rectangle tool: its model paths; Escape drops the preview; a tiny drag is a click.
import { describe, expect, it } from "vitest"
import { drive } from "../../../testing/drive.ts"
import { toolsMachine } from "../tools.machine.ts"
import { at, inState, input } from "./testing/fixtures.ts"
import { pathsOf } from "./testing/model.ts"

describe("rectangle tool model", () => {
  const paths = pathsOf("rectangle")
  it("walks paths that end in the rectangle tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("rectangle tool scenarios", () => {
  it("Escape in the middle of a rectangle drops the preview and saves nothing", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    await run.send({ type: "tool.choose", tool: "rectangle" })
    await run.send({ type: "pointer.down", hit: null, ...at(10, 10) })
    await run.send({ type: "pointer.move", ...at(50, 40) })
    expect(run.actor.getSnapshot().context.draft).toEqual([10, 10, 50, 10, 50, 40, 10, 40])
    await run.send({ type: "key.escape" })
    expect(run.actor.getSnapshot().context.draft).toEqual([])
    await run.send({ type: "pointer.up", ...at(50, 40) })
    expect(run.isRunning("save")).toBe(false)
  })

  it("a tiny drag is a click: the rectangle tool draws nothing", async () => {
    const run = drive(toolsMachine, ["save"], { input: { ...input } })
    await run.send({ type: "tool.choose", tool: "rectangle" })
    await run.send({ type: "pointer.down", hit: null, x: 10, y: 10, scale: 0.5 })
    // 6 image px at 0.5 screen px per image px: 3 screen px, under the drag threshold.
    await run.send({ type: "pointer.move", x: 16, y: 10, scale: 0.5 })
    expect(inState(run.actor.getSnapshot(), "tools.rectangle.pointing")).toBe(true)
  })
})
