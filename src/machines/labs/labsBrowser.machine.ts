// A lab list (All File, a folder, search, Recently Access, Favorite, Shared Lab): the first page and
// the folder it is in, further pages on demand, the grid or table view, the selection, and the
// changes made here that the list shows without asking the server again. A folder the server says
// is not there for this account (404, 403, or a visitor's 401) is `missing`: nothing to retry, and the
// page subscribes to nothing for it.
import { assertEvent, assign, setup } from "xstate"
import type { PageMeta } from "../../contract/envelope.ts"
import type { Lab, LabDetail } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { type LabSource, type ListedLab, loadLabPage } from "../../effects/labs/list.ts"
import { type OpenedSource, openSource } from "../../effects/labs/open.ts"
import type { StatusUpload } from "../../contract/realtime.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { keepListed, noSelection, type SelectMode, type Selection, select, selectAll } from "./selection.ts"

export type ViewMode = "grid" | "table"

export interface LabsBrowserInput {
  readonly source: LabSource
  readonly view: ViewMode
}

export interface LabsBrowserContext {
  readonly source: LabSource
  /** The folder being browsed (its path and the user's role in it); null at the root and in lists. */
  readonly folder: LabDetail | null
  readonly items: ReadonlyArray<ListedLab>
  readonly meta: PageMeta | null
  readonly selection: Selection
  readonly view: ViewMode
  /** Why the list could not be loaded. */
  readonly error: Failure | null
  /** Why the next page could not be loaded (the list stays). */
  readonly moreError: Failure | null
}

export type LabsBrowserEvent =
  | { readonly type: "browser.retry" }
  /** Ask the server again, keeping what is shown until the answer comes (realtime, a folder created here). */
  | { readonly type: "browser.refresh" }
  | { readonly type: "browser.more" }
  | { readonly type: "browser.view"; readonly view: ViewMode }
  | { readonly type: "browser.search"; readonly search: string }
  | { readonly type: "browser.select"; readonly id: string; readonly mode: SelectMode }
  | { readonly type: "browser.selectAll" }
  | { readonly type: "browser.clear" }
  /** A lab of the list changed here (renamed, starred, made public): the fields that changed. */
  | { readonly type: "browser.patch"; readonly lab: { readonly id: string } & Partial<Lab> }
  /** Labs left the list (deleted, moved elsewhere, un-starred on Favorite). */
  | { readonly type: "browser.remove"; readonly ids: ReadonlyArray<string> }
  /** A file's upload status changed (realtime `status_upload`, or the session's own upload). */
  | ({ readonly type: "browser.status" } & StatusUpload)

interface PageOf {
  readonly results: ReadonlyArray<ListedLab>
  readonly meta: PageMeta
}

const idsOf = (items: ReadonlyArray<ListedLab>) => items.map((item) => item.id)

/** The server's way of saying a lab does not exist for this account: asking again cannot help. */
export const isLabMissing = (error: AppFailure): boolean =>
  error._tag === "NotFound" || error._tag === "Forbidden" || error._tag === "Unauthorized"

const failure = (source: LabSource, error: AppFailure): Failure =>
  failureOf(source.kind === "folder" && source.search.trim() !== "" ? "search" : "list", error)

const actors = {
  open: fromEffect((source: LabSource) => openSource(source)),
  /** The same program as `open`, named apart so a refresh and a first load are told apart. */
  reopen: fromEffect((source: LabSource) => openSource(source)),
  more: fromEffect((input: { readonly source: LabSource; readonly page: number }) => loadLabPage(input.source, input.page))
}

export const labsBrowserMachine = setup({
  types: {
    context: {} as LabsBrowserContext,
    events: {} as LabsBrowserEvent,
    input: {} as LabsBrowserInput
  },
  actors,
  guards: {
    openedEmpty: (_, opened: OpenedSource) => opened.results.length === 0,
    hasNext: ({ context }) => context.meta?.next_page != null,
    nothingShown: ({ context }) => context.items.length === 0,
    labMissing: (_, error: AppFailure) => isLabMissing(error),
    searchChanged: ({ context, event }) =>
      event.type === "browser.search" && context.source.kind === "folder" && event.search.trim() !== context.source.search.trim(),
    listedLab: ({ context, event }) => event.type === "browser.status" && context.items.some((item) => item.id === event.lab_id),
    removesAll: ({ context, event }) => {
      assertEvent(event, "browser.remove")
      return context.items.length > 0 && context.items.every((item) => event.ids.includes(item.id))
    },
    // Removing shifts the server's pages: what was on the next page would be skipped.
    removesFromPaged: ({ context, event }) => {
      assertEvent(event, "browser.remove")
      return context.meta?.next_page != null && context.items.some((item) => event.ids.includes(item.id))
    }
  },
  actions: {
    showOpened: assign(({ context }, opened: OpenedSource) => ({
      folder: opened.folder,
      items: opened.results,
      meta: opened.meta,
      selection: keepListed(context.selection, idsOf(opened.results)),
      error: null,
      moreError: null
    })),
    appendPage: assign(({ context }, page: PageOf) => {
      const known = new Set(idsOf(context.items))
      return { items: [...context.items, ...page.results.filter((lab) => !known.has(lab.id))], meta: page.meta, moreError: null }
    }),
    showFailure: assign(({ context }, error: AppFailure) => ({ error: failure(context.source, error) })),
    showMoreFailure: assign(({ context }, error: AppFailure) => ({ moreError: failure(context.source, error) })),
    startSearch: assign(({ context, event }) => {
      assertEvent(event, "browser.search")
      const source: LabSource = context.source.kind === "folder" ? { ...context.source, search: event.search.trim() } : context.source
      return { source, items: [], meta: null, selection: noSelection, error: null, moreError: null }
    }),
    setView: assign(({ event }) => {
      assertEvent(event, "browser.view")
      return { view: event.view }
    }),
    select: assign(({ context, event }) => {
      assertEvent(event, "browser.select")
      return { selection: select(context.selection, idsOf(context.items), event.id, event.mode) }
    }),
    selectAll: assign(({ context }) => ({ selection: selectAll(idsOf(context.items)) })),
    clear: assign({ selection: noSelection }),
    patch: assign(({ context, event }) => {
      assertEvent(event, "browser.patch")
      return { items: context.items.map((item) => (item.id === event.lab.id ? { ...item, ...event.lab } : item)) }
    }),
    /** The status replaces the lab's; thumbnails and auto tags replace theirs when the message has them. */
    applyStatus: assign(({ context, event }) => {
      assertEvent(event, "browser.status")
      const { lab_id, status, thumbnail, thumbnail_url, auto_tags } = event
      return {
        items: context.items.map((item) =>
          item.id === lab_id
            ? {
                ...item,
                status,
                ...(thumbnail === undefined ? {} : { thumbnail }),
                ...(thumbnail_url === undefined ? {} : { thumbnail_url }),
                ...(auto_tags === undefined ? {} : { auto_tags })
              }
            : item
        )
      }
    }),
    /** A status for a lab this list does not show is only logged. */
    logUnknownStatus: ({ event }) => {
      if (event.type === "browser.status") console.info(`upload status for a lab not in this list: ${event.lab_id} is ${event.status}`)
    },
    remove: assign(({ context, event }) => {
      assertEvent(event, "browser.remove")
      const items = context.items.filter((item) => !event.ids.includes(item.id))
      return { items, selection: keepListed(context.selection, idsOf(items)) }
    })
  }
}).createMachine({
  id: "labsBrowser",
  context: ({ input }) => ({
    source: input.source,
    folder: null,
    items: [],
    meta: null,
    selection: noSelection,
    view: input.view,
    error: null,
    moreError: null
  }),
  initial: "loading",
  on: {
    "browser.view": { actions: "setView" },
    "browser.search": { guard: "searchChanged", target: ".loading", actions: "startSearch" },
    "browser.select": { actions: "select" },
    "browser.selectAll": { actions: "selectAll" },
    "browser.clear": { actions: "clear" },
    "browser.patch": { actions: "patch" },
    "browser.status": [{ guard: "listedLab", actions: "applyStatus" }, { actions: "logUnknownStatus" }],
    "browser.remove": { actions: "remove" }
  },
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "open",
        src: "open",
        input: ({ context }) => context.source,
        onDone: [
          {
            guard: { type: "openedEmpty", params: ({ event }) => event.output },
            target: "empty",
            actions: { type: "showOpened", params: ({ event }) => event.output }
          },
          { target: "loaded", actions: { type: "showOpened", params: ({ event }) => event.output } }
        ],
        onError: [
          {
            guard: { type: "labMissing", params: failureFrom(actors.open) },
            target: "missing",
            actions: assign({ error: null, items: [], meta: null })
          },
          { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.open) } }
        ]
      }
    },
    failed: {
      on: { "browser.retry": "loading", "browser.refresh": "loading" }
    },
    /** Not there, or not shared with this account: said once, with no retry and no refresh. */
    missing: {
      on: { "browser.retry": {}, "browser.refresh": {}, "browser.search": {} }
    },
    empty: {
      on: { "browser.refresh": "refreshing" }
    },
    /** Asking again while the current list stays on screen. */
    refreshing: {
      invoke: {
        id: "reopen",
        src: "reopen",
        input: ({ context }) => context.source,
        onDone: [
          {
            guard: { type: "openedEmpty", params: ({ event }) => event.output },
            target: "empty",
            actions: { type: "showOpened", params: ({ event }) => event.output }
          },
          { target: "loaded", actions: { type: "showOpened", params: ({ event }) => event.output } }
        ],
        // The list on screen is still the best there is; a later refresh may succeed.
        onError: [{ guard: "nothingShown", target: "empty" }, { target: "loaded" }]
      }
    },
    loaded: {
      initial: "idle",
      on: {
        "browser.refresh": "refreshing",
        "browser.remove": [
          { guard: "removesFromPaged", target: "refreshing", actions: "remove" },
          { guard: "removesAll", target: "empty", actions: "remove" },
          { actions: "remove" }
        ]
      },
      states: {
        idle: {
          on: { "browser.more": { guard: "hasNext", target: "loadingMore" } }
        },
        loadingMore: {
          tags: ["loadingMore"],
          invoke: {
            id: "more",
            src: "more",
            input: ({ context }) => ({ source: context.source, page: context.meta?.next_page ?? 1 }),
            onDone: { target: "idle", actions: { type: "appendPage", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "showMoreFailure", params: failureFrom(actors.more) } }
          }
        }
      }
    }
  }
})
