import { describe, expect, it } from "vitest"
import { assign, createActor, fromCallback, setup } from "xstate"
import type { LabDetail } from "../../contract/labs.ts"
import type { LabSource } from "../../effects/labs/list.ts"
import { biopsies, folderDetail, reviewed, slides } from "../../testing/labFixtures.ts"
import type { labActionsMachine } from "./labActions.machine.ts"
import type { labsBrowserMachine } from "./labsBrowser.machine.ts"
import { type LabsWorkspaceEmitted, labsWorkspaceMachine } from "./labsWorkspace.machine.ts"
import { Defect } from "../../effects/Defect.ts"

/** Children that record what they are told; the browser shows two labs and, on demand, a folder. */
const recorder = (items: ReadonlyArray<{ id: string; name: string }>) =>
  setup({
    types: {
      context: {} as { heard: ReadonlyArray<{ type: string }>; items: typeof items; folder: LabDetail | null },
      events: {} as { type: string; folder?: LabDetail }
    }
  }).createMachine({
    context: { heard: [], items, folder: null },
    on: {
      "test.open": { actions: assign({ folder: ({ event }) => event.folder ?? null }) },
      "*": { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) }
    }
  })

const start = (source: LabSource) => {
  const machine = labsWorkspaceMachine.provide({
    actors: {
      browser: recorder([slides, biopsies]) as unknown as typeof labsBrowserMachine,
      actions: recorder([]) as unknown as typeof labActionsMachine
    }
  })
  const actor = createActor(machine, { input: { source, view: "grid" } }).start()
  const emitted: Array<LabsWorkspaceEmitted> = []
  actor.on("*", (event) => void emitted.push(event as LabsWorkspaceEmitted))
  const heard = (child: "browser" | "actions") =>
    (actor.getSnapshot().context[child].getSnapshot().context as unknown as { heard: ReadonlyArray<{ type: string }> }).heard
  return { actor, emitted, heard }
}

const inFolder: LabSource = { kind: "folder", folderId: "f1", search: "" }
const root: LabSource = { kind: "folder", folderId: null, search: "" }

describe("labsWorkspace", () => {
  it("tells the actions where the user is: creating is allowed in one's own root, and where the role allows", () => {
    const atRoot = start(root)
    expect(atRoot.heard("actions")).toEqual([{ type: "labs.place", current: null, canCreate: true }])
    const shared = start(inFolder)
    const browser = shared.actor.getSnapshot().context.browser as unknown as { send: (e: unknown) => void }
    browser.send({ type: "test.open", folder: folderDetail(reviewed) })
    expect(shared.heard("actions").at(-1)).toEqual({ type: "labs.place", current: { id: "f9", name: "Shared cases" }, canCreate: false })
    browser.send({ type: "test.open", folder: folderDetail(slides) })
    expect(shared.heard("actions").at(-1)).toEqual({ type: "labs.place", current: { id: "f1", name: "Slides" }, canCreate: true })
  })

  it("a deletion leaves the list, names the one deleted, and changes the storage used", () => {
    const { actor, emitted, heard } = start(inFolder)
    actor.send({ type: "labs.deleted", ids: ["f2"] })
    expect(heard("browser").at(-1)).toEqual({ type: "browser.remove", ids: ["f2"] })
    expect(emitted).toEqual([
      { type: "workspace.success", message: { key: "labs.toasts.deleted", params: { name: "Biopsies" } }, undo: ["f2"] },
      { type: "workspace.storageChanged" }
    ])
  })

  it("undo on a deletion's notice restores the labs, refreshes the list and the storage; a refusal says so", () => {
    const restored: Array<ReadonlyArray<string>> = []
    const machine = labsWorkspaceMachine.provide({
      actors: {
        browser: recorder([slides, biopsies]) as unknown as typeof labsBrowserMachine,
        actions: recorder([]) as unknown as typeof labActionsMachine,
        restore: fromCallback(({ input }: { input: ReadonlyArray<string> }) => void restored.push(input)) as never
      }
    })
    const actor = createActor(machine, { input: { source: inFolder, view: "grid" } }).start()
    const emitted: Array<LabsWorkspaceEmitted> = []
    actor.on("*", (event) => void emitted.push(event as LabsWorkspaceEmitted))
    actor.send({ type: "labs.deleted", ids: ["f1", "f2"] })
    actor.send({ type: "workspace.undoDelete", ids: ["f1", "f2"] })
    expect(restored).toEqual([["f1", "f2"]])
    actor.send({ type: "workspace.restored", ids: ["f1", "f2"] })
    const heard = (actor.getSnapshot().context.browser.getSnapshot().context as unknown as { heard: ReadonlyArray<{ type: string }> }).heard
    expect(heard.at(-1)).toEqual({ type: "browser.refresh" })
    expect(emitted.slice(-2)).toEqual([
      { type: "workspace.storageChanged" },
      { type: "workspace.success", message: { key: "labs.toasts.undone", params: { count: 2 } } }
    ])
    actor.send({ type: "workspace.restoreFailed", error: new Defect(new Error("boom")) })
    expect(emitted.at(-1)).toMatchObject({ type: "workspace.failure", failure: { title: { key: "labs.errors.restore" } } })
  })

  it("a lab moved out of this folder leaves it; in other lists it stays, changed", () => {
    const here = start(inFolder)
    here.actor.send({ type: "lab.moved", lab: { ...biopsies, parent: "f3" } })
    expect(here.heard("browser").slice(-2)).toEqual([{ type: "browser.remove", ids: ["f2"] }, { type: "browser.clear" }])
    const recent = start({ kind: "recent" } as LabSource)
    recent.actor.send({ type: "lab.moved", lab: { ...biopsies, parent: "f3" } })
    expect(recent.heard("browser").slice(-2)).toEqual([
      { type: "browser.patch", lab: { ...biopsies, parent: "f3" } },
      { type: "browser.clear" }
    ])
  })

  it("un-starring on Favorite removes the lab from the list; elsewhere the star changes", () => {
    const favorites = start({ kind: "favorite" } as LabSource)
    favorites.actor.send({ type: "lab.starred", lab: { ...biopsies, is_favorite: false } })
    expect(favorites.heard("browser").at(-1)).toEqual({ type: "browser.remove", ids: ["f2"] })
    const here = start(inFolder)
    here.actor.send({ type: "lab.starred", lab: { ...biopsies, is_favorite: true } })
    expect(here.heard("browser").at(-1)).toEqual({ type: "browser.patch", lab: { id: "f2", is_favorite: true } })
  })

  it("a folder created here refreshes the list; elsewhere it is only told", () => {
    const { actor, emitted, heard } = start(inFolder)
    actor.send({ type: "folder.created", lab: { ...biopsies } as never, atCurrentLevel: true })
    expect(heard("browser").at(-1)).toEqual({ type: "browser.refresh" })
    expect(emitted).toEqual([])
    actor.send({ type: "folder.created", lab: { ...biopsies } as never, atCurrentLevel: false })
    expect(emitted).toEqual([{ type: "workspace.success", message: { key: "errors.success.folderCreated" } }])
  })

  it("an upload into this folder refreshes it; one elsewhere only changes the storage used", () => {
    const { actor, emitted, heard } = start(inFolder)
    actor.send({ type: "workspace.listChanged", folderId: "f3" })
    expect(heard("browser").some((e) => e.type === "browser.refresh")).toBe(false)
    actor.send({ type: "workspace.listChanged", folderId: "f1" })
    expect(heard("browser").at(-1)).toEqual({ type: "browser.refresh" })
    expect(emitted).toEqual([{ type: "workspace.storageChanged" }, { type: "workspace.storageChanged" }])
  })

  it("passes the page's search, refreshes and statuses to the list", () => {
    const { actor, heard } = start(inFolder)
    actor.send({ type: "workspace.search", search: "liv" })
    actor.send({ type: "workspace.refresh" })
    actor.send({ type: "workspace.status", lab_id: "s1", status: "ready" })
    expect(heard("browser")).toEqual([
      { type: "browser.search", search: "liv" },
      { type: "browser.refresh" },
      { type: "browser.status", lab_id: "s1", status: "ready" }
    ])
  })
})
