import { describe, expect, it } from "vitest"
import { PUBLIC_KEY } from "../../contract/labs.ts"
import { type LabInfoEmitted, type LabInfoEvent, labInfoMachine } from "./labInfo.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { info, refused } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const flag = {
  id: "m1",
  lab_id: "f1",
  name: PUBLIC_KEY,
  value: "true",
  created_at: "2025-03-04T00:00:00Z",
  updated_at: "2025-03-04T00:00:00Z"
}
const patient = { ...flag, id: "m2", name: "Patient", value: "P-001" }
const privateLab = info()
const publicLab = info({ access: "public", metadata: [flag] })
const withPatient = info({ metadata: [patient] })
const asReviewer = info({ role: "reviewer" })
const flows = ["load", "reload", "publish", "saveEntry", "removeEntry"]

const model = modelFor({
  machine: labInfoMachine,
  promiseActors: flows,
  input: { labId: "f1" },
  events: [
    { type: "xstate.done.actor.load", output: privateLab },
    { type: "xstate.done.actor.load", output: asReviewer },
    { type: "xstate.error.actor.load", error: serverDown },
    { type: "xstate.done.actor.reload", output: publicLab },
    { type: "xstate.error.actor.reload", error: serverDown },
    { type: "xstate.done.actor.publish", output: publicLab },
    { type: "xstate.error.actor.publish", error: refused },
    { type: "xstate.done.actor.saveEntry", output: withPatient },
    { type: "xstate.error.actor.saveEntry", error: serverDown },
    { type: "xstate.done.actor.removeEntry", output: privateLab },
    { type: "xstate.error.actor.removeEntry", error: serverDown },
    { type: "info.retry" },
    { type: "info.reload" },
    { type: "info.setPublic", isPublic: true },
    { type: "info.saveEntry", entry: { name: " Patient ", value: " P-001 " } },
    { type: "info.saveEntry", entry: { name: "", value: "" } },
    { type: "info.removeEntry", id: "m2" }
  ] as unknown as ReadonlyArray<LabInfoEvent>,
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "load", input: "f1" })
    },
    "showing.idle": (actual) => {
      // Shown and at rest: the info is there and nothing is on its way.
      expect(actual.context.info).not.toBeNull()
      expect(actual.hasTag("busy")).toBe(false)
    },
    // Reading again keeps what is shown.
    "showing.reloading": (actual, calls) => {
      expect(actual.context.info).not.toBeNull()
      expect(calls.at(-1)?.src).toBe("reload")
    },
    "showing.removingEntry": (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)?.src).toBe("removeEntry")
    },
    "showing.publishing": (actual, calls) => {
      expect(actual.context.info?.role).toBe("owner")
      expect(calls.at(-1)).toEqual({ src: "publish", input: { labId: "f1", isPublic: true } })
    },
    "showing.savingEntry": (_, calls) =>
      expect(calls.at(-1)).toEqual({ src: "saveEntry", input: { labId: "f1", entry: { name: "Patient", value: "P-001" } } }),
    failed: (actual) => expect(actual.context.error?.title).toEqual({ key: "labs.errors.info" })
  }
})

describe("labInfo model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", { timeout: 30_000 }, async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

describe("labInfo scenarios", () => {
  it("making a lab public shows the server's answer and tells the list", async () => {
    const run = drive(labInfoMachine, flows, { input: { labId: "f1" } })
    const heard: Array<LabInfoEmitted> = []
    run.actor.on("info.changed", (event) => void heard.push(event))
    await run.succeed("load", privateLab)
    await run.send({ type: "info.setPublic", isPublic: true })
    await run.succeed("publish", publicLab)
    expect(run.actor.getSnapshot().context.info?.access).toBe("public")
    expect(heard).toEqual([{ type: "info.changed", info: publicLab }])
  })

  it("a reviewer can look but not publish or edit metadata", async () => {
    const run = drive(labInfoMachine, flows, { input: { labId: "f1" } })
    await run.succeed("load", asReviewer)
    await run.send({ type: "info.setPublic", isPublic: true })
    await run.send({ type: "info.saveEntry", entry: { name: "Patient", value: "P-001" } })
    await run.send({ type: "info.removeEntry", id: "m2" })
    expect(run.invocations.map((call) => call.src)).toEqual(["load"])
  })

  it("the public flag's own key cannot be written as an ordinary entry", async () => {
    const run = drive(labInfoMachine, flows, { input: { labId: "f1" } })
    await run.succeed("load", privateLab)
    await run.send({ type: "info.saveEntry", entry: { name: PUBLIC_KEY, value: "true" } })
    expect(run.actor.getSnapshot().context.fields).toEqual({ name: [{ key: "labs.validation.reservedKey" }] })
  })
})
