import { describe, expect, it } from "vitest"
import { type TrashEmitted, type TrashEvent, trashMachine } from "./trash.machine.ts"
import { drive } from "../../testing/drive.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { biopsies, meta, refused, scan, slides, trashed } from "../../testing/labFixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"

const one = trashed(slides)
const two = trashed(biopsies)
const three = trashed(scan)
const first = { results: [one, two], meta: meta(3, 2) }
// The next page starts one item early, as it does when a lab was trashed meanwhile: `two` again.
const second = { results: [two, three], meta: meta(3, null, 2) }
const lone = { results: [one], meta: meta(1, null) }
const none = { results: [], meta: meta(0, null) }

const model = modelFor({
  machine: trashMachine,
  promiseActors: ["load", "more", "restore", "purge", "empty"],
  events: [
    { type: "xstate.done.actor.load", output: first },
    { type: "xstate.done.actor.load", output: lone },
    { type: "xstate.done.actor.load", output: none },
    { type: "xstate.error.actor.load", error: serverDown },
    { type: "xstate.done.actor.more", output: second },
    { type: "xstate.error.actor.more", error: serverDown },
    { type: "xstate.done.actor.restore", output: "f1" },
    { type: "xstate.error.actor.restore", error: refused },
    { type: "xstate.done.actor.purge", output: "f1" },
    { type: "xstate.error.actor.purge", error: serverDown },
    { type: "xstate.done.actor.empty", output: undefined },
    { type: "xstate.error.actor.empty", error: serverDown },
    { type: "trash.retry" },
    { type: "trash.more" },
    { type: "trash.restore", item: one },
    { type: "trash.purge", item: one },
    { type: "trash.empty" },
    { type: "trash.confirm" },
    { type: "trash.cancel" }
  ] as unknown as ReadonlyArray<TrashEvent>,
  // The trash's rules, apart from the machine: a failed deletion asks again, a failed restore or
  // next page leaves the list as it was, a failed first load offers a retry.
  leadsTo: {
    "xstate.error.actor.load": "failed",
    "trash.retry": "loading",
    "trash.more": "showing.loadingMore",
    "xstate.done.actor.more": "showing.idle",
    "xstate.error.actor.more": "showing.idle",
    "trash.restore": "showing.restoring",
    "xstate.error.actor.restore": "showing.idle",
    "trash.purge": "showing.confirmingPurge",
    "xstate.error.actor.purge": "showing.confirmingPurge",
    "trash.empty": "showing.confirmingEmpty",
    "xstate.error.actor.empty": "showing.confirmingEmpty",
    "xstate.done.actor.empty": "empty",
    "trash.cancel": "showing.idle",
    "trash.confirm": (before) => (before.matches({ showing: "confirmingPurge" }) ? "showing.purging" : "showing.emptying")
  },
  // How many are shown decides whether removing one leaves the list empty.
  distinguish: ({ value, context }) => ({ value, shown: context.items.length, next: context.meta?.next_page != null }),
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)?.src).toBe("load")
    },
    // The page the last answer named next; the list stays usable meanwhile (not busy).
    "showing.loadingMore": (actual, calls) => {
      expect(calls.at(-1)).toEqual({ src: "more", input: 2 })
      expect(actual.hasTag("busy")).toBe(false)
    },
    // Purging asks first, and asks nothing of the server until confirmed.
    "showing.confirmingPurge": (actual, calls, { via, callsBefore }) => {
      expect(actual.context.subject).not.toBeNull()
      if (via !== "start") expect(calls).toHaveLength(callsBefore)
    },
    "showing.confirmingEmpty": (_, calls, { callsBefore }) => expect(calls).toHaveLength(callsBefore),
    "showing.emptying": (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)?.src).toBe("empty")
    },
    "showing.restoring": (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "restore", input: actual.context.subject?.id })
    },
    "showing.purging": (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "purge", input: actual.context.subject?.id })
    },
    "showing.idle": (actual, _, { via, before }) => {
      expect(actual.hasTag("busy")).toBe(false)
      expect(actual.context.subject).toBeNull()
      expect(actual.context.items.length).toBeGreaterThan(0)
      const ids = actual.context.items.map((item) => item.id)
      // The next page is added below what was shown, an item a shifted page repeats shown once.
      if (via === "xstate.done.actor.more") expect(ids).toEqual([...(before?.context.items.map((item) => item.id) ?? []), three.id])
      expect(new Set(ids).size).toBe(ids.length)
      // A next page that did not come says so under the list, and the list stays as it was.
      if (via === "xstate.error.actor.more") {
        expect(actual.context.moreError?.detail).toEqual({ key: "errors.serverError" })
        expect(ids).toEqual(before?.context.items.map((item) => item.id))
      }
      // A restored or purged item leaves the list, and the count shown with it.
      if (via === "xstate.done.actor.restore" || via === "xstate.done.actor.purge") {
        const gone = before?.context.subject?.id
        expect(ids).not.toContain(gone)
        expect(actual.context.meta?.count).toBe((before?.context.meta?.count ?? 0) - 1)
      }
    },
    empty: (actual) => expect(actual.context.items).toEqual([]),
    failed: (actual) => expect(actual.context.error?.detail).toEqual({ key: "errors.serverError" })
  }
})

describe("trash model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", { timeout: 30_000 }, async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})

const listed = async (page = first) => {
  const run = drive(trashMachine, ["load", "more", "restore", "purge", "empty"])
  const heard: Array<TrashEmitted> = []
  run.actor.on("*", (event) => void heard.push(event as TrashEmitted))
  await run.succeed("load", page)
  return { run, heard }
}

describe("trash scenarios", () => {
  it("deleting forever asks first, then takes the item off the list and says so", async () => {
    const { run, heard } = await listed()
    await run.send({ type: "trash.purge", item: two })
    expect(run.isRunning("purge")).toBe(false)
    await run.send({ type: "trash.confirm" })
    expect(run.lastInput("purge")).toBe("f2")
    await run.succeed("purge", "f2")
    expect(run.actor.getSnapshot().context.items).toEqual([one])
    expect(heard).toEqual([{ type: "trash.purged", item: two }])
  })

  it("restoring the last shown item asks the server again for what is left", async () => {
    const { run } = await listed(lone)
    await run.send({ type: "trash.restore", item: one })
    await run.succeed("restore", "f1")
    expect(run.actor.getSnapshot().matches("loading")).toBe(true)
    await run.succeed("load", none)
    expect(run.actor.getSnapshot().matches("empty")).toBe(true)
  })

  it("a refused restore says which action failed and why", async () => {
    const { run, heard } = await listed()
    await run.send({ type: "trash.restore", item: one })
    await run.fail("restore", refused)
    expect(heard).toEqual([
      {
        type: "trash.failed",
        failure: { title: { key: "labs.errors.restore" }, detail: { text: "You do not have permission to do this in this lab." } }
      }
    ])
    expect(run.actor.getSnapshot().context.items).toEqual([one, two])
  })

  it("emptying the trash after confirmation leaves it empty", async () => {
    const { run, heard } = await listed()
    await run.send({ type: "trash.empty" })
    await run.send({ type: "trash.confirm" })
    await run.succeed("empty", undefined)
    expect(run.actor.getSnapshot().matches("empty")).toBe(true)
    expect(heard).toEqual([{ type: "trash.emptied" }])
  })
})
