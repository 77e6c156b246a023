// Comments: their model paths, and the comments' own label.
import { describe, expect, it } from "vitest"
import { drive } from "../../../testing/drive.ts"
import { toolsMachine } from "../tools.machine.ts"
import { at, input, label, stored } from "./testing/fixtures.ts"
import { pathsOf } from "./testing/model.ts"

describe("comment tool model", () => {
  const paths = pathsOf("comment")
  it("walks paths that end in the comment tool", () => expect(paths.length).toBeGreaterThan(0))
  it.each(paths)("%s", async (_, path) => {
    await path.run()
  })
})

describe("comment tool scenarios", () => {
  it("a comment takes the comments' label, never the active one; the first comment makes it, and it never becomes active", async () => {
    let n = 0
    const run = drive(toolsMachine, ["save"], { input: { ...input, commentLabel: null, newId: () => `c${++n}` } })
    await run.send({ type: "tool.choose", tool: "comment" })
    await run.send({ type: "pointer.down", hit: null, ...at(40, 40) })
    await run.send({ type: "pointer.up", ...at(40, 40) })
    await run.send({ type: "comment.text", text: "mitosis here" })
    await run.send({ type: "key.enter" })
    expect(run.lastInput("save")).toMatchObject({ id: "c1", label: null, defaultLabel: "Comment", comment: "mitosis here" })
    // A point counted meanwhile waits with the active label.
    await run.send({ type: "tool.choose", tool: "point" })
    await run.send({ type: "pointer.down", hit: null, ...at(10, 5) })
    await run.send({ type: "pointer.up", ...at(10, 5) })
    const made = { id: "l9", name: "Comment", color: "#FFFF00" }
    await run.succeed("save", { annotation: stored, label: made })
    expect(run.lastInput("save")).toMatchObject({ id: "c2", label })
    expect(run.actor.getSnapshot().context.label).toEqual(label)
    expect(run.actor.getSnapshot().context.commentLabel).toEqual(made)
    // The next comment takes the label the first one made.
    await run.succeed("save", { annotation: stored, label: null })
    await run.send({ type: "tool.choose", tool: "comment" })
    await run.send({ type: "pointer.down", hit: null, ...at(60, 60) })
    await run.send({ type: "pointer.up", ...at(60, 60) })
    await run.send({ type: "comment.text", text: "re-cut?" })
    await run.send({ type: "key.enter" })
    expect(run.lastInput("save")).toMatchObject({ id: "c3", label: made, comment: "re-cut?" })
  })
})
