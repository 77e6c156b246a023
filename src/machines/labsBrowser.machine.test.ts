import { describe, expect, it } from "vitest"
import { type LabsBrowserEvent, labsBrowserMachine } from "./labsBrowser.machine.ts"
import { drive } from "./testing/drive.ts"
import { serverDown } from "./testing/fixtures.ts"
import { biopsies, folderDetail, lab, meta, scan, slides } from "./testing/labFixtures.ts"
import { modelFor } from "./testing/modelHarness.ts"

const root = { kind: "folder", folderId: null, search: "" } as const
const first = { folder: null, results: [slides, biopsies], meta: meta(3, 2) }
const nothing = { folder: null, results: [], meta: meta(0, null) }
const second = { results: [scan], meta: meta(3, null, 2) }

// One payload per event where one suffices: combinations of the events are walked, so each extra
// variant multiplies the paths. Selection rules are tested apart (labs/selection.test.ts).
const model = modelFor({
  machine: labsBrowserMachine,
  promiseActors: ["open", "reopen", "more"],
  input: { source: root, view: "grid" },
  events: [
    { type: "xstate.done.actor.open", output: first },
    { type: "xstate.done.actor.open", output: nothing },
    { type: "xstate.error.actor.open", error: serverDown },
    { type: "xstate.done.actor.reopen", output: first },
    { type: "xstate.done.actor.reopen", output: nothing },
    { type: "xstate.error.actor.reopen", error: serverDown },
    { type: "xstate.done.actor.more", output: second },
    { type: "xstate.error.actor.more", error: serverDown },
    { type: "browser.retry" },
    { type: "browser.refresh" },
    { type: "browser.more" },
    { type: "browser.view", view: "table" },
    { type: "browser.search", search: "liv" },
    { type: "browser.select", id: "f2", mode: "only" },
    { type: "browser.selectAll" },
    { type: "browser.clear" },
    { type: "browser.patch", lab: { ...slides, name: "Slides 2025" } },
    { type: "browser.status", lab_id: "s1", status: "ready", thumbnail_url: "/v2/media/slides/s1/k/slide_thumb_312x281.jpg" },
    { type: "browser.status", lab_id: "zz", status: "failed" },
    { type: "browser.remove", ids: ["f2"] },
    { type: "browser.remove", ids: ["f1", "f2", "s1"] }
  ] as unknown as ReadonlyArray<LabsBrowserEvent>,
  // Selection and view are independent of the list's life: whether something is selected is enough.
  distinguish: ({ value, context }) => ({
    value,
    source: context.source,
    items: context.items.map((item) => item.name),
    next: context.meta?.next_page ?? null,
    selected: context.selection.ids.length > 0,
    view: context.view,
    failed: context.error !== null,
    moreFailed: context.moreError !== null
  }),
  states: {
    loading: (actual, calls) => {
      expect(calls.at(-1)).toEqual({ src: "open", input: actual.context.source })
      expect(actual.context.items).toEqual([])
    },
    refreshing: (actual, calls) => expect(calls.at(-1)).toEqual({ src: "reopen", input: actual.context.source }),
    failed: (actual) =>
      expect(actual.context.error?.title).toEqual({
        key: actual.context.source.kind === "folder" && actual.context.source.search ? "errors.search" : "labs.errors.list"
      }),
    empty: (actual) => expect(actual.context.items).toEqual([]),
    "loaded.loadingMore": (_, calls) => expect(calls.at(-1)).toMatchObject({ src: "more", input: { page: 2 } }),
    loaded: (actual) => {
      const ids = actual.context.items.map((item) => item.id)
      expect(ids.length).toBeGreaterThan(0)
      // The selection only ever holds listed labs, in list order.
      expect(ids.filter((id) => actual.context.selection.ids.includes(id))).toEqual(actual.context.selection.ids)
    }
  }
})

describe("labsBrowser model", () => {
  it.each(model.paths)("$description", async (path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", { timeout: 30_000 }, async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [] })
  })
})

const opened = async () => {
  const run = drive(labsBrowserMachine, ["open", "reopen", "more"], { input: { source: root, view: "grid" } })
  await run.succeed("open", first)
  return run
}

describe("labsBrowser scenarios", () => {
  it("selects like a file manager: click, Ctrl-click, Shift-click", async () => {
    const run = await opened()
    await run.send({ type: "browser.more" })
    await run.succeed("more", second)
    await run.send({ type: "browser.select", id: "f1", mode: "only" })
    await run.send({ type: "browser.select", id: "s1", mode: "toggle" })
    expect(run.actor.getSnapshot().context.selection.ids).toEqual(["f1", "s1"])
    await run.send({ type: "browser.select", id: "f2", mode: "range" })
    expect(run.actor.getSnapshot().context.selection.ids).toEqual(["f2", "s1"])
  })

  it("a refresh keeps the list on screen and what is still listed selected", async () => {
    const run = await opened()
    await run.send({ type: "browser.selectAll" })
    await run.send({ type: "browser.refresh" })
    expect(run.actor.getSnapshot().context.items).toHaveLength(2)
    await run.succeed("reopen", { ...first, results: [biopsies, lab("f7", "New")] })
    expect(run.actor.getSnapshot().context.selection.ids).toEqual(["f2"])
  })

  it("a folder's path and role come with its first page", async () => {
    const inside = { kind: "folder", folderId: "f1", search: "" } as const
    const run = drive(labsBrowserMachine, ["open", "reopen", "more"], { input: { source: inside, view: "table" } })
    expect(run.lastInput("open")).toEqual(inside)
    const folder = folderDetail(slides, [{ id: "f1", name: "Slides" }])
    await run.succeed("open", { folder, results: [biopsies], meta: meta(1, null) })
    expect(run.actor.getSnapshot().context.folder).toEqual(folder)
    expect(run.actor.getSnapshot().context.view).toBe("table")
  })

  it("applies an upload status to the lab it names: status replaced, thumbnails only when given; others only logged", async () => {
    const uploading = lab("u9", "Kidney.tif", { is_dir: false, status: "uploading", thumbnail: "/old-77.jpg" })
    const run = drive(labsBrowserMachine, ["open", "reopen", "more"], { input: { source: root, view: "grid" } })
    await run.succeed("open", { ...first, results: [slides, uploading] })
    await run.send({ type: "browser.status", lab_id: "u9", status: "processing" })
    expect(run.actor.getSnapshot().context.items[1]).toMatchObject({ status: "processing", thumbnail: "/old-77.jpg", thumbnail_url: null })
    await run.send({ type: "browser.status", lab_id: "u9", status: "ready", thumbnail: "/77.jpg", thumbnail_url: "/312.jpg" })
    expect(run.actor.getSnapshot().context.items[1]).toMatchObject({ status: "ready", thumbnail: "/77.jpg", thumbnail_url: "/312.jpg" })
    const before = run.actor.getSnapshot().context.items
    await run.send({ type: "browser.status", lab_id: "elsewhere", status: "failed" })
    expect(run.actor.getSnapshot().context.items).toBe(before)
  })

  it("removing from a list with more pages asks again, so nothing is skipped", async () => {
    const run = await opened()
    await run.send({ type: "browser.remove", ids: ["f1"] })
    expect(run.actor.getSnapshot().matches("refreshing")).toBe(true)
    expect(run.actor.getSnapshot().context.items.map((item) => item.id)).toEqual(["f2"])
  })
})
