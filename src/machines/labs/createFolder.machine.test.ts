import { describe, expect, it } from "vitest"
import { type CreateFolderEvent, createFolderMachine } from "./createFolder.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { created, nameTaken } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const slides = { id: "f1", name: "Slides" }
const inside = { current: slides, level: "f1" }

const model = modelFor({
  machine: createFolderMachine,
  promiseActors: ["create"],
  input: inside,
  events: [
    { type: "folder.name", name: " Biopsies " },
    { type: "folder.name", name: "a/b" },
    { type: "folder.blur" },
    { type: "folder.location", location: "root" },
    { type: "folder.submit" },
    { type: "xstate.done.actor.create", output: created("f2", "Biopsies", slides) },
    { type: "xstate.error.actor.create", error: nameTaken },
    { type: "xstate.error.actor.create", error: serverDown }
  ] as unknown as ReadonlyArray<CreateFolderEvent>,
  // The name decides whether submit creates; the location where.
  distinguish: ({ value, context }) => ({ value, name: context.name, location: context.location }),
  states: {
    creating: (actual, calls) =>
      expect(calls.at(-1)?.input).toEqual({ name: "Biopsies", parent: actual.context.location === "current" ? "f1" : null }),
    created: (actual) => expect(actual.output?.lab.name).toBe("Biopsies"),
    editing: (actual) => {
      // A failed request always says what failed, in the spec's words.
      if (actual.context.error !== null) expect(actual.context.error.title).toEqual({ key: "errors.createFolder" })
    }
  }
})

describe("createFolder model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("createFolder scenarios", () => {
  it("checks the name on blur, and the message goes once the name is fixed", async () => {
    const run = drive(createFolderMachine, ["create"], { input: inside })
    await run.send({ type: "folder.blur" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ name: [{ key: "validation.folderName" }] })
    await run.send({ type: "folder.name", name: "Bio" })
    expect(run.actor.getSnapshot().context.fields).toEqual({})
    await run.send({ type: "folder.name", name: "Bio/" })
    expect(run.actor.getSnapshot().context.fields).toEqual({})
    await run.send({ type: "folder.submit" })
    expect(run.actor.getSnapshot().context.fields).toEqual({ name: [{ key: "labs.validation.nameSlash" }] })
    expect(run.isRunning("create")).toBe(false)
  })

  it("created where the list is: the list refreshes; elsewhere: a toast says so", async () => {
    const here = drive(createFolderMachine, ["create"], { input: inside })
    await here.send({ type: "folder.name", name: "Biopsies" })
    await here.send({ type: "folder.submit" })
    await here.succeed("create", created("f2", "Biopsies", slides))
    expect(here.actor.getSnapshot().output).toMatchObject({ atCurrentLevel: true })

    const root = drive(createFolderMachine, ["create"], { input: inside })
    await root.send({ type: "folder.name", name: "Archive" })
    await root.send({ type: "folder.location", location: "root" })
    await root.send({ type: "folder.submit" })
    expect(root.lastInput("create")).toEqual({ name: "Archive", parent: null })
    await root.succeed("create", created("f3", "Archive", null))
    expect(root.actor.getSnapshot().output).toMatchObject({ atCurrentLevel: false })
  })

  it("at the root there is no other location to choose", async () => {
    const run = drive(createFolderMachine, ["create"], { input: { current: null, level: null } })
    await run.send({ type: "folder.location", location: "current" })
    expect(run.actor.getSnapshot().context.location).toBe("root")
  })

  it("the server's reason lands beside the name", async () => {
    const run = drive(createFolderMachine, ["create"], { input: inside })
    await run.send({ type: "folder.name", name: "Slides" })
    await run.send({ type: "folder.submit" })
    await run.fail("create", nameTaken)
    expect(run.actor.getSnapshot().context.fields.name).toEqual([{ text: "A lab with this name already exists here." }])
    expect(run.actor.getSnapshot().context.error?.detail).toEqual({ text: "A lab with this name already exists here." })
  })
})
