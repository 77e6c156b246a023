import { describe, expect, it } from "vitest"
import { type LabActionsEmitted, type LabActionsEvent, labActionsMachine } from "./labActions.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { biopsies, created, refused, reviewed, slides } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const here = { id: "f1", name: "Slides" }
const input = { level: "f1" }
const place = { type: "labs.place", current: here, canCreate: true } as const
const flows = ["createFolder", "renameLab", "moveLab", "trash", "favorite"]

const last = (calls: ReadonlyArray<{ src: string; input: unknown }>, src: string) => calls.filter((call) => call.src === src).at(-1)?.input

const model = modelFor({
  machine: labActionsMachine,
  promiseActors: flows,
  input,
  events: [
    place,
    { type: "labs.createFolder" },
    { type: "labs.rename", lab: biopsies },
    { type: "labs.rename", lab: reviewed },
    { type: "labs.move", lab: biopsies },
    { type: "labs.move", lab: reviewed },
    { type: "labs.delete", labs: [biopsies] },
    { type: "labs.delete", labs: [biopsies, reviewed] },
    { type: "labs.share", lab: biopsies },
    { type: "labs.share", lab: reviewed },
    { type: "labs.search" },
    { type: "labs.favorite", lab: reviewed },
    { type: "delete.confirm" },
    { type: "search.submit", query: " liver " },
    { type: "search.submit", query: "  " },
    { type: "dialog.close" },
    { type: "xstate.done.actor.createFolder", output: { lab: created("f4", "New", here), atCurrentLevel: true } },
    { type: "xstate.done.actor.renameLab", output: { lab: { ...biopsies, name: "Biopsy" }, renamed: true } },
    { type: "xstate.done.actor.renameLab", output: { lab: biopsies, renamed: false } },
    { type: "xstate.done.actor.moveLab", output: { ...biopsies, parent: "f3" } },
    { type: "xstate.done.actor.trash", output: ["f2"] },
    { type: "xstate.error.actor.trash", error: refused },
    { type: "xstate.done.actor.favorite", output: { ...reviewed, is_favorite: true } },
    { type: "xstate.error.actor.favorite", error: serverDown }
  ] as unknown as ReadonlyArray<LabActionsEvent>,
  // Whether a folder may be created here is set by the page (labs.place).
  distinguish: ({ value, context }) => ({ value, canCreate: context.canCreate }),
  states: {
    // Each dialog is about what it was opened for, and only what the viewer's role allows.
    "dialog.moving": (actual, _, { via }) => {
      expect(actual.context.subjects).toEqual([biopsies])
      if (via === "labs.move") expect(actual.context.subjects.every((lab) => lab.role === "owner" || lab.role === "admin")).toBe(true)
    },
    "dialog.confirmingDelete": (actual, calls, { via, callsBefore }) => {
      expect(actual.context.subjects.every((lab) => lab.role === "owner")).toBe(true)
      // Nothing is deleted before the confirmation.
      if (via === "labs.delete") expect(calls).toHaveLength(callsBefore)
    },
    "dialog.sharing": (actual) => expect(actual.context.subjects).toEqual([biopsies]),
    "dialog.searching": (actual) => expect(actual.context.subjects).toEqual([]),
    "favorite.idle": (actual) => expect(actual.context.starring).toBeNull(),
    "dialog.closed": (actual) => expect(actual.context.subjects).toEqual([]),
    "dialog.renaming": (actual, calls) => {
      expect(actual.context.subjects).toEqual([biopsies])
      expect(last(calls, "renameLab")).toEqual({ lab: biopsies })
    },
    "dialog.creatingFolder": (_, calls) => expect(last(calls, "createFolder")).toEqual({ current: here, level: "f1" }),
    "dialog.deleting": (actual) => expect(actual.context.subjects.every((lab) => lab.role === "owner")).toBe(true),
    "favorite.saving": (actual) => expect(actual.context.starring).toEqual(reviewed)
  }
})

describe("labActions model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", { timeout: 30_000 }, async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

const placed = async (run: ReturnType<typeof drive<typeof labActionsMachine>>) => {
  await run.send(place)
  return run
}

const heard = (run: ReturnType<typeof drive<typeof labActionsMachine>>) => {
  const events: Array<LabActionsEmitted> = []
  run.actor.on("*", (event) => void events.push(event as LabActionsEmitted))
  return events
}

describe("labActions scenarios", () => {
  it("a reviewer's lab cannot be renamed, moved, shared or deleted, whatever asks", async () => {
    const run = drive(labActionsMachine, flows, { input })
    for (const event of [
      { type: "labs.rename", lab: reviewed },
      { type: "labs.move", lab: reviewed },
      { type: "labs.share", lab: reviewed },
      { type: "labs.delete", labs: [slides, reviewed] }
    ] as const) {
      await run.send(event)
      expect(run.actor.getSnapshot().matches({ dialog: "closed" })).toBe(true)
    }
  })

  it("deleting a selection sends every id and announces them; a failure names the selection", async () => {
    const run = drive(labActionsMachine, flows, { input })
    const events = heard(run)
    await run.send({ type: "labs.delete", labs: [slides, biopsies] })
    await run.send({ type: "delete.confirm" })
    expect(run.lastInput("trash")).toEqual(["f1", "f2"])
    await run.fail("trash", serverDown)
    expect(events).toEqual([
      { type: "labs.failed", failure: { title: { key: "labs.errors.deleteMany" }, detail: { key: "errors.serverError" } } }
    ])
  })

  it("starring never waits for a dialog and asks for the opposite of what the lab shows", async () => {
    const run = drive(labActionsMachine, flows, { input })
    const events = heard(run)
    await run.send({ type: "labs.rename", lab: slides })
    await run.send({ type: "labs.favorite", lab: { ...slides, is_favorite: true } })
    expect(run.lastInput("favorite")).toEqual({ lab: { ...slides, is_favorite: true }, favorite: false })
    await run.succeed("favorite", { ...slides, is_favorite: false })
    expect(events).toEqual([{ type: "lab.starred", lab: { ...slides, is_favorite: false } }])
    expect(run.actor.getSnapshot().matches({ dialog: "renaming" })).toBe(true)
  })

  it("a search asks for the trimmed query", async () => {
    const run = drive(labActionsMachine, flows, { input })
    const events = heard(run)
    await run.send({ type: "labs.search" })
    await run.send({ type: "search.submit", query: "  liver " })
    expect(events).toEqual([{ type: "search.go", query: "liver" }])
  })

  it("no New folder until the place says the user may create there", async () => {
    const run = drive(labActionsMachine, flows, { input })
    await run.send({ type: "labs.createFolder" })
    expect(run.actor.getSnapshot().matches({ dialog: "closed" })).toBe(true)
    await placed(run)
    await run.send({ type: "labs.createFolder" })
    expect(run.lastInput("createFolder")).toEqual({ current: here, level: "f1" })
  })
})
