// The select tool: its model paths and the scenarios of selecting, boxing, moving several, deleting.
import { describe, expect, it } from "vitest"
import { drive } from "../../../testing/drive.ts"
import { toolsMachine } from "../tools.machine.ts"
import type { ToolsEmitted } from "../tools.machine.ts"
import { GROUP_MOVE_LIMIT } from "../../../annotation/edit-rules.ts"
import { at, inState, input, press, sorted } from "./testing/fixtures.ts"
import { pathsOf } from "./testing/model.ts"

describe("select tool model", () => {
  const paths = pathsOf("select")
  it("walks paths that end in the select tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("select tool scenarios", () => {
  it("Shift+drag boxes the cell it surrounds, Shift+click adds s1, Delete asks, yes deletes both as one; those left out stay selected", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    const emitted: Array<ToolsEmitted> = []
    run.actor.on("*", (event) => void emitted.push(event as ToolsEmitted))
    await run.send({ type: "pointer.down", hit: null, shift: true, ...at(100, 100) })
    await run.send({ type: "pointer.move", ...at(320, 260) })
    expect(run.actor.getSnapshot().context.box).toEqual({ minX: 100, minY: 100, maxX: 320, maxY: 260 })
    await run.send({ type: "pointer.up", ...at(320, 260) })
    // s3 reaches x = 320: on the border, so inside; s1 starts at 0, outside.
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s2", "s3"])
    await run.send({ type: "pointer.down", hit: "s1", shift: true, ...at(50, 50) })
    await run.send({ type: "pointer.up", ...at(50, 50) })
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s1", "s2", "s3"])
    // No handles with several selected: a press on s1's vertex is no edit.
    await run.send({ type: "pointer.down", hit: "s1", edit: press({ kind: "vertex", index: 1 }), ...at(200, 0) })
    expect(run.actor.getSnapshot().context.edit).toBeNull()
    await run.send({ type: "key.escape" })
    // A reviewer: s1 is someone else's; two may go, one is left out.
    await run.send({ type: "selection.delete", ids: ["s2", "s3"], kept: 1 })
    expect(inState(run.actor.getSnapshot(), "tools.select.confirming")).toBe(true)
    expect(emitted).toEqual([])
    await run.send({ type: "delete.confirm" })
    expect(emitted).toEqual([{ type: "selection.deleted", ids: ["s2", "s3"] }])
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s1"])
  })

  it("a drag on one of several selected shapes moves them all; Escape puts them back", async () => {
    const run = drive(toolsMachine, ["save"], { input })
    const emitted: Array<ToolsEmitted> = []
    run.actor.on("edit.translate", (event) => void emitted.push(event))
    await run.send({ type: "selection.all" })
    await run.send({ type: "pointer.down", hit: "s2", group: ["s1", "s2", "s3"], ...at(200, 180) })
    await run.send({ type: "pointer.move", ...at(230, 170) })
    expect(run.actor.getSnapshot().context.group).toEqual({ ids: ["s1", "s2", "s3"], dx: 30, dy: -10 })
    await run.send({ type: "key.escape" })
    await run.send({ type: "pointer.up", ...at(230, 170) })
    expect(emitted).toEqual([])
    await run.send({ type: "pointer.down", hit: "s2", group: ["s1", "s2", "s3"], ...at(200, 180) })
    await run.send({ type: "pointer.move", ...at(240, 200) })
    await run.send({ type: "pointer.up", ...at(250, 200) })
    expect(emitted).toEqual([{ type: "edit.translate", ids: ["s1", "s2", "s3"], dx: 50, dy: 20 }])
    expect(sorted(run.actor.getSnapshot().context.selection)).toEqual(["s1", "s2", "s3"])
  })

  it("a selection larger than the group-move limit is not dragged: the press pans, whatever the view says", async () => {
    const many = Array.from({ length: GROUP_MOVE_LIMIT + 1 }, (_, i) => `m${i}`)
    const run = drive(toolsMachine, ["save"], { input: { ...input, shapes: { within: () => [], all: () => many } } })
    await run.send({ type: "selection.all" })
    expect(run.actor.getSnapshot().context.selection.size).toBe(GROUP_MOVE_LIMIT + 1)
    await run.send({ type: "pointer.down", hit: "m1", group: many, ...at(200, 180) })
    await run.send({ type: "pointer.move", ...at(230, 170) })
    expect(run.actor.getSnapshot().context.group).toBeNull()
  })
})
