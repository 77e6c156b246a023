// The brush: its model paths, and strokes that grow a region, cut a hole in it and start a new one.
import { describe, expect, it } from "vitest"
import { BRUSH_SIZES } from "../../../annotation/brush.ts"
import { evenOddArea, pointsOfRing, ringsOf } from "../../../annotation/rings.ts"
import { drive } from "../../../testing/drive.ts"
import { type ToolsEmitted, toolsMachine } from "../tools.machine.ts"
import { at, brushOn, input, square } from "./testing/fixtures.ts"
import { pathsOf } from "./testing/model.ts"

const areaOf = (coords: ReadonlyArray<number>) => evenOddArea(ringsOf(Float64Array.from(coords)).map(pointsOfRing))

describe("brush tool model", () => {
  const paths = pathsOf("brush")
  it("walks paths that end in the brush tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("brush tool scenarios", () => {
  const brushing = async () => {
    const run = drive(toolsMachine, ["save"], { input })
    const emitted: Array<ToolsEmitted> = []
    run.actor.on("*", (event) => void emitted.push(event as ToolsEmitted))
    await run.send({ type: "selection.set", id: "s1" })
    await run.send({ type: "tool.choose", tool: "brush" })
    await run.send({ type: "brush.size", px: 40 })
    return { run, emitted }
  }

  it("a stroke along the square's right edge grows it by about the half capsule outside, as one edit", async () => {
    const { run, emitted } = await brushing()
    await run.send({ type: "pointer.down", hit: null, brush: brushOn, ...at(200, 50) })
    await run.send({ type: "pointer.move", ...at(200, 150), trail: [200, 80, 200, 120] })
    await run.send({ type: "pointer.up", ...at(200, 150) })
    const edits = emitted.filter((e) => e.type === "edit.brush")
    expect(edits).toHaveLength(1)
    const edit = edits[0]!
    expect(edit).toMatchObject({ id: "s1", version: 3, fromKind: "polygon", from: square, kind: "polygon" })
    // Outside the square: a 20 px wide strip 100 long and a half disc at each end (one of r = 20).
    const grown = areaOf(edit.coords) - 200 * 200
    expect(grown).toBeGreaterThan(20 * 100 + Math.PI * 400 * 0.5 * 0.95)
    expect(grown).toBeLessThan(20 * 100 + Math.PI * 400 * 0.5 * 1.05)
    // The tool keeps the selection, for the next stroke.
    expect([...run.actor.getSnapshot().context.selection]).toEqual(["s1"])
  })

  it("Alt, or the Erase toggle, cuts a hole: the square becomes an area of two rings, smaller by the disc", async () => {
    for (const alt of [true, false]) {
      const { run, emitted } = await brushing()
      if (!alt) await run.send({ type: "brush.subtract", on: true })
      await run.send({ type: "pointer.down", hit: null, alt, brush: brushOn, ...at(100, 100) })
      await run.send({ type: "pointer.up", ...at(100, 100) })
      const edit = emitted.find((e) => e.type === "edit.brush")!
      expect(edit).toMatchObject({ kind: "area" })
      if (edit.type !== "edit.brush") throw new Error("no edit")
      expect(ringsOf(Float64Array.from(edit.coords))).toHaveLength(2)
      const cut = 40_000 - areaOf(edit.coords)
      expect(cut / (Math.PI * 400)).toBeGreaterThan(0.97)
      expect(cut / (Math.PI * 400)).toBeLessThanOrEqual(1)
    }
  })

  it("a cut over the whole shape deletes it", async () => {
    const { run, emitted } = await brushing()
    await run.send({ type: "brush.size", px: 400 })
    await run.send({ type: "pointer.down", hit: null, alt: true, brush: brushOn, ...at(100, 100) })
    await run.send({ type: "pointer.up", ...at(100, 100) })
    expect(emitted.filter((e) => e.type === "selection.deleted")).toEqual([{ type: "selection.deleted", ids: ["s1"] }])
    expect(run.actor.getSnapshot().context.selection.size).toBe(0)
  })

  it("with nothing selected a stroke starts a new polygon of the active label, selected; a cut does nothing", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    await run.send({ type: "tool.choose", tool: "brush" })
    await run.send({ type: "pointer.down", hit: null, alt: true, ...at(500, 500) })
    await run.send({ type: "pointer.up", ...at(520, 500) })
    expect(run.invocations).toHaveLength(0)
    await run.send({ type: "pointer.down", hit: null, ...at(500, 500) })
    await run.send({ type: "pointer.move", ...at(600, 500) })
    await run.send({ type: "pointer.up", ...at(600, 500) })
    expect(run.lastInput("save")).toMatchObject({ kind: "polygon", label: input.label, id: input.newId() })
    expect([...run.actor.getSnapshot().context.selection]).toEqual([input.newId()])
  })

  it("the size stays within the control's range", async () => {
    const { run } = await brushing()
    await run.send({ type: "brush.size", px: 10_000 })
    expect(run.actor.getSnapshot().context.brush.px).toBe(BRUSH_SIZES.max)
    await run.send({ type: "brush.size", px: 0 })
    expect(run.actor.getSnapshot().context.brush.px).toBe(BRUSH_SIZES.min)
  })
})
