import { describe, expect, it } from "vitest"
import { type MoveLabEvent, moveLabMachine } from "./moveLab.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { lab, refused, slides, tree } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const model = modelFor({
  machine: moveLabMachine,
  promiseActors: ["tree", "move"],
  input: { lab: slides },
  events: [
    { type: "xstate.done.actor.tree", output: tree },
    { type: "xstate.error.actor.tree", error: serverDown },
    { type: "move.retry" },
    // Slides is at the root and holds Biopsies: neither is a destination; Archive is.
    { type: "move.choose", target: null },
    { type: "move.choose", target: "f2" },
    { type: "move.choose", target: "f3" },
    { type: "move.submit" },
    { type: "xstate.done.actor.move", output: { ...slides, parent: "f3" } },
    { type: "xstate.error.actor.move", error: refused }
  ] as unknown as ReadonlyArray<MoveLabEvent>,
  // Whether a destination is chosen decides whether submit moves.
  distinguish: ({ value, context }) => ({ value, target: context.target }),
  states: {
    // The tree is read first; nothing can be chosen before it is there.
    loadingTree: (actual, calls) => {
      expect(actual.context.tree).toEqual([])
      expect(calls.at(-1)?.src).toBe("tree")
    },
    choosing: (actual) => expect([undefined, "f3"]).toContain(actual.context.target),
    moving: (_, calls) => expect(calls.at(-1)).toEqual({ src: "move", input: { id: "f1", parent: "f3" } }),
    moved: (actual) => expect(actual.output).toEqual({ ...slides, parent: "f3" }),
    treeFailed: (actual) => expect(actual.context.error?.title).toEqual({ key: "labs.errors.folderTree" })
  }
})

describe("moveLab model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("moveLab scenarios", () => {
  it("a file can go to the root, and the server's refusal is shown in its words", async () => {
    const file = lab("s1", "Liver.svs", { is_dir: false, parent: "f2" })
    const run = drive(moveLabMachine, ["tree", "move"], { input: { lab: file } })
    await run.succeed("tree", tree)
    await run.send({ type: "move.choose", target: "f2" })
    expect(run.actor.getSnapshot().context.target).toBeUndefined()
    await run.send({ type: "move.choose", target: null })
    await run.send({ type: "move.submit" })
    expect(run.lastInput("move")).toEqual({ id: "s1", parent: null })
    await run.fail("move", refused)
    expect(run.actor.getSnapshot().context.error).toEqual({
      title: { key: "labs.errors.move" },
      detail: { text: "You do not have permission to do this in this lab." }
    })
  })
})
