// The polygon tool: its model paths, clicking one out and closing it, and the closing decisions.
import { describe, expect, it } from "vitest"
import { drive } from "../../../testing/drive.ts"
import { toolsMachine } from "../tools.machine.ts"
import { closesPolygon, withoutRepeats } from "../gesture.ts"
import { at, inState, input, stored } from "./testing/fixtures.ts"
import { pathsOf } from "./testing/model.ts"

describe("polygon tool model", () => {
  const paths = pathsOf("polygon")
  it("walks paths that end in the polygon tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("polygon tool scenarios", () => {
  it("a polygon: three clicks, Backspace drops one, a click on the first vertex closes and saves", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    await run.send({ type: "tool.choose", tool: "polygon" })
    for (const [x, y] of [
      [0, 0],
      [100, 0],
      [150, 80],
      [100, 100]
    ] as const) {
      await run.send({ type: "pointer.down", hit: null, ...at(x, y) })
      await run.send({ type: "pointer.up", ...at(x, y) })
    }
    expect(run.actor.getSnapshot().context.draft).toEqual([0, 0, 100, 0, 150, 80, 100, 100])
    await run.send({ type: "key.backspace" })
    expect(run.actor.getSnapshot().context.draft).toEqual([0, 0, 100, 0, 150, 80])
    await run.send({ type: "pointer.move", ...at(50, 60) })
    expect(run.actor.getSnapshot().context.cursor).toEqual([50, 60])
    await run.send({ type: "pointer.down", hit: null, ...at(3, 2) })
    await run.send({ type: "pointer.up", ...at(3, 2) })
    expect(run.actor.getSnapshot().matches({ saver: "saving" })).toBe(true)
    expect(run.lastInput("save")).toMatchObject({ kind: "polygon", coords: [0, 0, 100, 0, 150, 80] })
    await run.succeed("save", { annotation: stored, label: null })
    expect(inState(run.actor.getSnapshot(), "tools.polygon.idle")).toBe(true)
  })

  it("a double click closes without the vertices its own two clicks added", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    await run.send({ type: "tool.choose", tool: "polygon" })
    for (const [x, y] of [
      [0, 0],
      [100, 0],
      [100, 100],
      [100, 100]
    ] as const) {
      await run.send({ type: "pointer.down", hit: null, ...at(x, y) })
      await run.send({ type: "pointer.up", ...at(x, y) })
    }
    await run.send({ type: "pointer.double", ...at(100, 100) })
    expect(run.lastInput("save")).toMatchObject({ kind: "polygon", coords: [0, 0, 100, 0, 100, 100] })
  })
})

describe("polygon tool gesture decisions", () => {
  it("closing distance is measured on screen", () => {
    const triangle = [0, 0, 100, 0, 100, 100]
    expect(closesPolygon(triangle, [6, 0], 1)).toBe(true)
    expect(closesPolygon(triangle, [6, 0], 2)).toBe(false)
    expect(closesPolygon(triangle.slice(0, 4), [0, 0], 1)).toBe(false)
  })

  it("trailing repeats go, distinct vertices stay", () => {
    expect(withoutRepeats([0, 0, 10, 0, 10, 10, 10, 10, 11, 10], 1)).toEqual([0, 0, 10, 0, 10, 10])
  })
})
