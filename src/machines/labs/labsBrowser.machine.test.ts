import { describe, expect, it } from "vitest"
import type { SnapshotFrom } from "xstate"
import { type LabsBrowserEvent, labsBrowserMachine } from "./labsBrowser.machine.ts"
import { drive } from "../../testing/drive.ts"
import { NotFound } from "../../effects/ApiError.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { biopsies, folderDetail, lab, meta, scan, slides } from "../../testing/labFixtures.ts"
import { type Arrival, lastInput, modelFor } from "../../testing/modelHarness.ts"

const root = { kind: "folder", folderId: null, search: "" } as const
const first = { folder: null, results: [slides, biopsies], meta: meta(3, 2) }
const nothing = { folder: null, results: [], meta: meta(0, null) }
const second = { results: [scan], meta: meta(3, null, 2) }

type Snapshot = SnapshotFrom<typeof labsBrowserMachine>
const ids = (snapshot: Snapshot | undefined) => snapshot?.context.items.map((item) => item.id) ?? []

/** What every event that only edits the list must do, whatever the list is doing. */
const listEdits = (actual: Snapshot, { via, before }: Arrival<typeof labsBrowserMachine>) => {
  const { context } = actual
  // The selection only ever holds listed labs, in list order.
  expect(ids(actual).filter((id) => context.selection.ids.includes(id))).toEqual(context.selection.ids)
  switch (via) {
    case "view":
      expect(context.view).toBe("table")
      break
    case "select":
      // A click selects that lab alone; a lab that is not listed cannot be clicked.
      expect(context.selection.ids).toEqual(ids(before).includes("f2") ? ["f2"] : before?.context.selection.ids)
      break
    case "selectAll":
      expect(context.selection.ids).toEqual(ids(actual))
      break
    case "clear":
      expect(context.selection.ids).toEqual([])
      break
    case "patch":
      if (ids(before).includes("f1")) expect(context.items.find((item) => item.id === "f1")?.name).toBe("Slides 2025")
      expect(ids(actual)).toEqual(ids(before))
      break
    case "statusListed":
      if (ids(before).includes("s1"))
        expect(context.items.find((item) => item.id === "s1")).toMatchObject({
          status: "ready",
          thumbnail_url: "/v2/media/slides/s1/k/slide_thumb_312x281.jpg"
        })
      break
    case "statusElsewhere":
      // A status for a lab not listed here changes nothing.
      expect(context.items).toEqual(before?.context.items)
      break
    case "removeOne":
    case "removeAll":
      expect(ids(actual)).toEqual(ids(before).filter((id) => !(via === "removeOne" ? ["f2"] : ["f1", "f2", "s1"]).includes(id)))
      break
  }
}

const model = modelFor({
  machine: labsBrowserMachine,
  promiseActors: ["open", "reopen", "more"],
  input: { source: root, view: "grid" },
  events: {
    opened: { type: "xstate.done.actor.open", output: first },
    openedNothing: { type: "xstate.done.actor.open", output: nothing },
    openFailed: { type: "xstate.error.actor.open", error: serverDown },
    openMissing: { type: "xstate.error.actor.open", error: new NotFound({ message: "Lab not found." }) },
    reopened: { type: "xstate.done.actor.reopen", output: first },
    reopenedNothing: { type: "xstate.done.actor.reopen", output: nothing },
    reopenFailed: { type: "xstate.error.actor.reopen", error: serverDown },
    moreLoaded: { type: "xstate.done.actor.more", output: second },
    moreFailed: { type: "xstate.error.actor.more", error: serverDown },
    retry: { type: "browser.retry" },
    refresh: { type: "browser.refresh" },
    more: { type: "browser.more" },
    view: { type: "browser.view", view: "table" },
    search: { type: "browser.search", search: " liv " },
    select: { type: "browser.select", id: "f2", mode: "only" },
    selectAll: { type: "browser.selectAll" },
    clear: { type: "browser.clear" },
    patch: { type: "browser.patch", lab: { id: "f1", name: "Slides 2025" } },
    statusListed: { type: "browser.status", lab_id: "s1", status: "ready", thumbnail_url: "/v2/media/slides/s1/k/slide_thumb_312x281.jpg" },
    statusElsewhere: { type: "browser.status", lab_id: "zz", status: "failed" },
    removeOne: { type: "browser.remove", ids: ["f2"] },
    removeAll: { type: "browser.remove", ids: ["f1", "f2", "s1"] }
  } as unknown as Record<string, LabsBrowserEvent>,
  // What the guards read (how many are listed, whether a next page is known, whether it is a search),
  // and whether something is selected: the toolbar acts on it, and removals must let go of it.
  distinguish: ({ value, context }) => ({
    value,
    listed: context.items.length,
    selected: context.selection.ids.length > 0,
    next: context.meta?.next_page != null,
    searching: context.source.kind === "folder" && context.source.search !== ""
  }),
  states: {
    loading: (actual, calls, arrival) => {
      listEdits(actual, arrival)
      expect(actual.hasTag("busy")).toBe(true)
      expect(lastInput(calls, "open")).toEqual(actual.context.source)
      if (arrival.via === "search") {
        // A new search starts from nothing, with the trimmed text.
        expect(actual.context.source).toEqual({ ...root, search: "liv" })
        expect(actual.context.items).toEqual([])
        expect(actual.context.selection.ids).toEqual([])
      }
    },
    refreshing: (actual, calls, arrival) => {
      listEdits(actual, arrival)
      expect(lastInput(calls, "reopen")).toEqual(actual.context.source)
      // Asking again keeps the list on screen.
      expect(actual.hasTag("busy")).toBe(false)
      if (arrival.via === "refresh") expect(actual.context.items).toEqual(arrival.before?.context.items)
      // Removing from a list with more pages asks again, so nothing is skipped.
      if (arrival.via === "removeOne" && !arrival.before?.matches("refreshing"))
        expect(arrival.before?.context.meta?.next_page).not.toBeNull()
    },
    failed: (actual, _, arrival) => {
      listEdits(actual, arrival)
      expect(actual.context.items).toEqual([])
      expect(actual.context.error?.title).toEqual({
        key: actual.context.source.kind === "folder" && actual.context.source.search ? "errors.search" : "labs.errors.list"
      })
    },
    missing: (actual, calls, arrival) => {
      listEdits(actual, arrival)
      // Said once: no error to retry, nothing listed, and no event (retry, refresh) asks again.
      expect(actual.context.items).toEqual([])
      expect(actual.context.error).toBeNull()
      expect(actual.hasTag("busy")).toBe(false)
      if (arrival.before?.matches("missing")) expect(calls).toHaveLength(arrival.callsBefore)
    },
    empty: (actual, _, arrival) => {
      listEdits(actual, arrival)
      expect(actual.context.items).toEqual([])
      expect(actual.context.error).toBeNull()
    },
    loaded: (actual, _, arrival) => {
      listEdits(actual, arrival)
      const { via, before } = arrival
      expect(ids(actual).length).toBeGreaterThan(0)
      expect(actual.context.error).toBeNull()
      if (via === "opened" || via === "reopened") {
        expect(ids(actual)).toEqual(["f1", "f2"])
        expect(actual.context.meta).toEqual(first.meta)
      }
      // A refresh that fails keeps the list that was shown.
      if (via === "reopenFailed") expect(actual.context.items).toEqual(before?.context.items)
      if (via === "moreLoaded") {
        expect(ids(actual)).toEqual([...ids(before), "s1"])
        expect(actual.context.meta).toEqual(second.meta)
        expect(actual.context.moreError).toBeNull()
      }
      if (via === "moreFailed") {
        expect(actual.context.items).toEqual(before?.context.items)
        expect(actual.context.moreError?.title).toBeDefined()
      }
    },
    "loaded.idle": (actual, calls, { via, callsBefore }) => {
      expect(actual.hasTag("loadingMore")).toBe(false)
      // No next page: "more" asks for nothing.
      if (via === "more") {
        expect(calls).toHaveLength(callsBefore)
        expect(actual.context.meta?.next_page ?? null).toBeNull()
      }
    },
    "loaded.loadingMore": (actual, calls) => {
      expect(actual.hasTag("loadingMore")).toBe(true)
      expect(lastInput(calls, "more")).toEqual({ source: actual.context.source, page: 2 })
    }
  }
})

describe("labsBrowser model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", { timeout: 30_000 }, async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
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
    // A paid owner's slide comes ready with its auto tags; a later status without them keeps them.
    const tags = { tags: ["stain-he", "mag-20x"], tissue_percent: 41 }
    await run.send({ type: "browser.status", lab_id: "u9", status: "ready", auto_tags: tags })
    await run.send({ type: "browser.status", lab_id: "u9", status: "ready" })
    expect(run.actor.getSnapshot().context.items[1]).toMatchObject({ status: "ready", auto_tags: tags })
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
