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
import type { StatusChange } from "../../effects/uploads/statusEvent.ts"
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
  | ({ readonly type: "workspace.status" } & StatusChange)
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
  actors: { browser: labsBrowserMachine, actions: labActionsMachine, actionNews, openedFolders, restore }
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
  on: {
    "workspace.search": { actions: sendTo("browser", ({ event }) => ({ type: "browser.search" as const, search: event.search })) },
    "workspace.refresh": { actions: sendTo("browser", { type: "browser.refresh" }) },
    "workspace.undoDelete": {
      actions: enqueueActions(({ event, enqueue }) => {
        if (event.ids.length > 0) enqueue.spawnChild("restore", { id: `restore.${event.ids.join(",")}`, input: event.ids })
      })
    },
    "workspace.restored": {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.stopChild(`restore.${event.ids.join(",")}`)
        enqueue.sendTo("browser", { type: "browser.refresh" })
        enqueue.emit({ type: "workspace.storageChanged" })
        enqueue.emit(success("labs.toasts.undone", { count: event.ids.length }))
      })
    },
    "workspace.restoreFailed": {
      actions: emit(({ event }) => ({ type: "workspace.failure" as const, failure: failureOf("restore", event.error) }))
    },
    "workspace.status": {
      actions: sendTo("browser", ({ event }) => {
        const { type: _, ...change } = event
        return { type: "browser.status" as const, ...change }
      })
    },
    "workspace.listChanged": {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (levelOf(context.source) === event.folderId) enqueue.sendTo("browser", { type: "browser.refresh" })
        enqueue.emit({ type: "workspace.storageChanged" })
      })
    },
    "workspace.folder": {
      actions: sendTo("actions", ({ context, event }) => ({
        type: "labs.place" as const,
        current: event.folder === null ? null : { id: event.folder.id, name: event.folder.name },
        canCreate: canCreateIn(context.source, event.folder)
      }))
    },
    // Created where the user is looking, the list shows it; elsewhere a toast says so.
    "folder.created": {
      actions: enqueueActions(({ event, enqueue }) => {
        if (event.atCurrentLevel) enqueue.sendTo("browser", { type: "browser.refresh" })
        else enqueue.emit(success("errors.success.folderCreated"))
      })
    },
    "lab.renamed": {
      actions: [
        sendTo("browser", ({ event }) => ({ type: "browser.patch" as const, lab: event.lab })),
        emit(({ event }) => success("labs.toasts.renamed", { name: event.lab.name }))
      ]
    },
    "lab.moved": {
      actions: enqueueActions(({ context, event, enqueue }) => {
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
      })
    },
    "labs.deleted": {
      actions: enqueueActions(({ context, event, enqueue }) => {
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
      })
    },
    "lab.starred": {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const unlisted = context.source.kind === "favorite" && !event.lab.is_favorite
        enqueue.sendTo(
          "browser",
          unlisted
            ? { type: "browser.remove", ids: [event.lab.id] }
            : { type: "browser.patch", lab: { id: event.lab.id, is_favorite: event.lab.is_favorite } }
        )
        enqueue.emit(success(event.lab.is_favorite ? "labs.toasts.favorited" : "labs.toasts.unfavorited"))
      })
    },
    "labs.failed": { actions: emit(({ event }) => ({ type: "workspace.failure" as const, failure: event.failure })) },
    "search.go": { actions: emit(({ event }) => ({ type: "workspace.search" as const, query: event.query })) }
  }
})
