import { describe, expect, it } from "vitest"
import { type RenameLabEvent, renameLabMachine } from "./renameLab.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { nameTaken, scan, slides } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const model = modelFor({
  machine: renameLabMachine,
  promiseActors: ["rename"],
  input: { lab: slides },
  events: [
    { type: "rename.name", name: " Slides 2025 " },
    { type: "rename.name", name: "" },
    { type: "rename.name", name: "Slides" },
    { type: "rename.blur" },
    { type: "rename.submit" },
    { type: "xstate.done.actor.rename", output: { ...slides, name: "Slides 2025" } },
    { type: "xstate.error.actor.rename", error: nameTaken },
    { type: "xstate.error.actor.rename", error: serverDown }
  ] as unknown as ReadonlyArray<RenameLabEvent>,
  // The name decides whether submit renames, refuses, or changes nothing.
  distinguish: ({ value, context }) => ({ value, name: context.name }),
  states: {
    renaming: (_, calls) => expect(calls.at(-1)?.input).toEqual({ id: "f1", name: "Slides 2025" }),
    renamed: (actual) => expect(actual.output).toEqual({ lab: { ...slides, name: "Slides 2025" }, renamed: true }),
    unchanged: (actual) => expect(actual.output).toEqual({ lab: slides, renamed: false }),
    editing: (actual) => {
      if (actual.context.error !== null) expect(actual.context.error.title).toEqual({ key: "errors.renameFolder" })
    }
  }
})

describe("renameLab model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("renameLab scenarios", () => {
  it("a file's failure is a file's: 'Failed to rename the file.'", async () => {
    const run = drive(renameLabMachine, ["rename"], { input: { lab: scan } })
    await run.send({ type: "rename.name", name: "Liver.svs" })
    await run.send({ type: "rename.submit" })
    await run.fail("rename", serverDown)
    expect(run.actor.getSnapshot().context.error).toEqual({ title: { key: "errors.renameFile" }, detail: { key: "errors.serverError" } })
  })

  it("an empty file name is 'required', not 'Folder name is required.'", async () => {
    const run = drive(renameLabMachine, ["rename"], { input: { lab: scan } })
    await run.send({ type: "rename.name", name: " " })
    await run.send({ type: "rename.blur" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ name: [{ key: "validation.required" }] })
  })
})
