// One lab list and how its actors talk (it was the useLabsWorkspace hook's effects): the browser
// (what is listed and selected) and the actions (dialogs, starring) are its children. What an action
// achieved goes back into the list; the folder the browser opened tells the actions where the user
// is. What only the page can do (a toast, navigation, the storage meter) is emitted for it.
import { Effect } from "effect"
import { type ActorRefFrom, assertEvent, emit, enqueueActions, fromCallback, sendTo, setup } from "xstate"
import type { LabDetail } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import type { LabSource } from "../../effects/labs/list.ts"
import { type Notice, noticeKey } from "../../effects/Notice.ts"
import type { StatusUpload } from "../../contract/realtime.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { restoreLab } from "../../effects/labs/trash.ts"
import { fromEffectCallback } from "../support/fromEffect.ts"
import { type LabActionsEmitted, labActionsMachine } from "./labActions.machine.ts"
import { labsBrowserMachine, type ViewMode } from "./labsBrowser.machine.ts"
import { can } from "../../contract/permissions.ts"

export interface LabsWorkspaceInput {
  readonly source: LabSource
  readonly view: ViewMode
}

export interface LabsWorkspaceContext {
  readonly source: LabSource
  readonly browser: ActorRefFrom<typeof labsBrowserMachine>
  readonly actions: ActorRefFrom<typeof labActionsMachine>
}

export type LabsWorkspaceEvent =
  /** The page's search query (the URL's ?search=). */
  | { readonly type: "workspace.search"; readonly search: string }
  /** A collaborator changed this folder. */
  | { readonly type: "workspace.refresh" }
  /** A file's upload status changed (realtime, or this session's own upload). */
  | ({ readonly type: "workspace.status" } & StatusUpload)
  /** This session's upload changed what a folder lists. */
  | { readonly type: "workspace.listChanged"; readonly folderId: string | null }
  /** From the browser: the folder it opened (null at the root and in lists). */
  | { readonly type: "workspace.folder"; readonly folder: LabDetail | null }
  /** "Undo" on a deletion's toast: the labs come back from the trash. */
  | { readonly type: "workspace.undoDelete"; readonly ids: ReadonlyArray<string> }
  /** How the restore behind an undo ended. */
  | { readonly type: "workspace.restored"; readonly ids: ReadonlyArray<string> }
  | { readonly type: "workspace.restoreFailed"; readonly error: AppFailure }
  | LabActionsEmitted

export type LabsWorkspaceEmitted =
  /** `undo`: the labs a deletion sent to the trash, which the toast offers to bring back. */
  | { readonly type: "workspace.success"; readonly message: Notice; readonly undo?: ReadonlyArray<string> }
  | { readonly type: "workspace.failure"; readonly failure: Failure }
  | { readonly type: "workspace.search"; readonly query: string }
  | { readonly type: "workspace.storageChanged" }

/** The level a source lists (where a new folder would appear in it), or undefined for other lists. */
export const levelOf = (source: LabSource): string | null | undefined =>
  source.kind === "folder" && source.search.trim() === "" ? source.folderId : undefined

/** Whether a folder may be created where the user is: in their own root, or where their role allows. */
export const canCreateIn = (source: LabSource, folder: LabDetail | null): boolean =>
  source.kind === "folder" && (source.folderId === null || can(folder?.role ?? null, "lab.create"))

/** Hands the actions' outcomes to the workspace (a parent does not hear a child's `emit` otherwise). */
const actionNews = fromCallback<LabActionsEmitted, { readonly actions: ActorRefFrom<typeof labActionsMachine> }>(({ input, sendBack }) => {
  const subscription = input.actions.on("*", (event) => sendBack(event))
  return () => subscription.unsubscribe()
})

/** Tells the workspace each folder the browser opens. */
const openedFolders = fromCallback<LabsWorkspaceEvent, { readonly browser: ActorRefFrom<typeof labsBrowserMachine> }>(
  ({ input, sendBack }) => {
    let last: LabDetail | null | undefined
    const tell = (folder: LabDetail | null) => {
      if (folder === last) return
      last = folder
      sendBack({ type: "workspace.folder", folder })
    }
    tell(input.browser.getSnapshot().context.folder)
    const subscription = input.browser.subscribe((snapshot) => tell(snapshot.context.folder))
    return () => subscription.unsubscribe()
  }
)

/** Brings labs back from the trash, one after another, and says how it went. */
const restore = fromEffectCallback((ids: ReadonlyArray<string>, send: (event: LabsWorkspaceEvent) => void) =>
  Effect.forEach(ids, restoreLab).pipe(
    Effect.match({
      onSuccess: () => send({ type: "workspace.restored", ids }),
      onFailure: (error) => send({ type: "workspace.restoreFailed", error })
    })
  )
)

/** A toast that says it worked, in the dictionary's words. */
const success = (key: string, params?: Readonly<Record<string, string | number>>): LabsWorkspaceEmitted => ({
  type: "workspace.success",
  message: noticeKey(key, params)
})

export const labsWorkspaceMachine = setup({
  types: {
    input: {} as LabsWorkspaceInput,
    context: {} as LabsWorkspaceContext,
    events: {} as LabsWorkspaceEvent,
    emitted: {} as LabsWorkspaceEmitted
  },
  actors: { browser: labsBrowserMachine, actions: labActionsMachine, actionNews, openedFolders, restore },
  // Named, so that a visualizer shows which event moves what (the browser, the actions, the page).
  actions: {
    searchBrowser: sendTo("browser", ({ event }) => {
      assertEvent(event, "workspace.search")
      return { type: "browser.search" as const, search: event.search }
    }),
    refreshBrowser: sendTo("browser", { type: "browser.refresh" }),
    restoreFromTrash: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "workspace.undoDelete")
      if (event.ids.length > 0) enqueue.spawnChild("restore", { id: `restore.${event.ids.join(",")}`, input: event.ids })
    }),
    announceRestored: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "workspace.restored")
      enqueue.stopChild(`restore.${event.ids.join(",")}`)
      enqueue.sendTo("browser", { type: "browser.refresh" })
      enqueue.emit({ type: "workspace.storageChanged" })
      enqueue.emit(success("labs.toasts.undone", { count: event.ids.length }))
    }),
    announceRestoreFailed: emit(({ event }) => {
      assertEvent(event, "workspace.restoreFailed")
      return { type: "workspace.failure" as const, failure: failureOf("restore", event.error) }
    }),
    showStatus: sendTo("browser", ({ event }) => {
      assertEvent(event, "workspace.status")
      const { type: _, ...change } = event
      return { type: "browser.status" as const, ...change }
    }),
    refreshIfListed: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "workspace.listChanged")
      if (levelOf(context.source) === event.folderId) enqueue.sendTo("browser", { type: "browser.refresh" })
      enqueue.emit({ type: "workspace.storageChanged" })
    }),
    tellActionsWhere: sendTo("actions", ({ context, event }) => {
      assertEvent(event, "workspace.folder")
      return {
        type: "labs.place" as const,
        current: event.folder === null ? null : { id: event.folder.id, name: event.folder.name },
        canCreate: canCreateIn(context.source, event.folder)
      }
    }),
    // Created where the user is looking, the list shows it; elsewhere a toast says so.
    showCreatedFolder: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "folder.created")
      if (event.atCurrentLevel) enqueue.sendTo("browser", { type: "browser.refresh" })
      else enqueue.emit(success("errors.success.folderCreated"))
    }),
    showRenamed: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "lab.renamed")
      enqueue.sendTo("browser", { type: "browser.patch", lab: event.lab })
      enqueue.emit(success("labs.toasts.renamed", { name: event.lab.name }))
    }),
    showMoved: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "lab.moved")
      const level = levelOf(context.source)
      // In a folder it left that folder; other lists (search, favorites...) still list it.
      enqueue.sendTo(
        "browser",
        level !== undefined && event.lab.parent !== level
          ? { type: "browser.remove", ids: [event.lab.id] }
          : { type: "browser.patch", lab: event.lab }
      )
      enqueue.sendTo("browser", { type: "browser.clear" })
      enqueue.emit(success("errors.success.fileMoved"))
    }),
    showDeleted: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "labs.deleted")
      const [only] = event.ids
      const name = context.browser.getSnapshot().context.items.find((item) => item.id === only)?.name ?? ""
      enqueue.emit({
        ...(event.ids.length === 1
          ? success("labs.toasts.deleted", { name })
          : success("labs.toasts.deletedMany", { count: event.ids.length })),
        undo: event.ids
      } as LabsWorkspaceEmitted)
      enqueue.sendTo("browser", { type: "browser.remove", ids: event.ids })
      enqueue.emit({ type: "workspace.storageChanged" })
    }),
    showStarred: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "lab.starred")
      const unlisted = context.source.kind === "favorite" && !event.lab.is_favorite
      enqueue.sendTo(
        "browser",
        unlisted
          ? { type: "browser.remove", ids: [event.lab.id] }
          : { type: "browser.patch", lab: { id: event.lab.id, is_favorite: event.lab.is_favorite } }
      )
      enqueue.emit(success(event.lab.is_favorite ? "labs.toasts.favorited" : "labs.toasts.unfavorited"))
    }),
    reportFailure: emit(({ event }) => {
      assertEvent(event, "labs.failed")
      return { type: "workspace.failure" as const, failure: event.failure }
    }),
    // The search dialog's query goes to the page, which puts it in the URL; the URL's search comes
    // back as workspace.search, so a reload or a shared link lists the same.
    navigateToSearch: emit(({ event }) => {
      assertEvent(event, "search.go")
      return { type: "workspace.search" as const, query: event.query }
    })
  }
}).createMachine({
  id: "labsWorkspace",
  context: ({ input, spawn }) => ({
    source: input.source,
    browser: spawn("browser", { id: "browser", input: { source: input.source, view: input.view } }),
    actions: spawn("actions", { id: "actions", input: { level: levelOf(input.source) } })
  }),
  invoke: [
    { id: "actionNews", src: "actionNews", input: ({ context }) => ({ actions: context.actions }) },
    { id: "openedFolders", src: "openedFolders", input: ({ context }) => ({ browser: context.browser }) }
  ],
  // No modes of its own: what is listed, selected and open lives in its children's states (the
  // browser's and the actions', each with its model test); this one routes their news.
  on: {
    "workspace.search": { actions: "searchBrowser" },
    "workspace.refresh": { actions: "refreshBrowser" },
    "workspace.undoDelete": { actions: "restoreFromTrash" },
    "workspace.restored": { actions: "announceRestored" },
    "workspace.restoreFailed": { actions: "announceRestoreFailed" },
    "workspace.status": { actions: "showStatus" },
    "workspace.listChanged": { actions: "refreshIfListed" },
    "workspace.folder": { actions: "tellActionsWhere" },
    "folder.created": { actions: "showCreatedFolder" },
    "lab.renamed": { actions: "showRenamed" },
    "lab.moved": { actions: "showMoved" },
    "labs.deleted": { actions: "showDeleted" },
    "lab.starred": { actions: "showStarred" },
    "labs.failed": { actions: "reportFailure" },
    "search.go": { actions: "navigateToSearch" }
  }
})
