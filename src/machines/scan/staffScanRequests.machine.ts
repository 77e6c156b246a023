// The staff page of scan requests: every request, newest first, optionally one state; staff move a
// request to its next state, naming the folder when the scans are uploaded. The server decides who
// is staff: a 403 shows that the page is not for this account. A change another staff member made
// first (409) reloads the list with the server's message.
import { assign, setup } from "xstate"
import type { Locale } from "../../contract/auth.ts"
import type { PageMeta } from "../../contract/envelope.ts"
import { nextScanState, type ScanRequest, type ScanState, ScanStatePayload } from "../../contract/scan-requests.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { type FieldNotices, type Notice, noFieldNotices } from "../../effects/Notice.ts"
import { advanceScanRequest, loadAllScanRequests } from "../../effects/scan/requests.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"
import { validate } from "../support/validate.ts"

export interface StaffScanRequestsContext {
  readonly locale: Locale
  /** The state shown, or every request. */
  readonly filter: ScanState | null
  readonly results: ReadonlyArray<ScanRequest>
  readonly meta: PageMeta | null
  /** Why the list (or its next part) could not load. */
  readonly error: Notice | null
  /** Why the last change did not happen. */
  readonly changeError: Notice | null
  /** The folder name's message, when "uploaded" was asked for without one. */
  readonly fields: FieldNotices
  /** The request being moved on. */
  readonly moving: string | null
  /** The last request moved, and to which state (the page says so). */
  readonly moved: { readonly reference: string; readonly state: ScanState } | null
}

export type StaffScanRequestsEvent =
  | { readonly type: "staff.filter"; readonly state: ScanState | null }
  | { readonly type: "staff.more" }
  | { readonly type: "staff.retry" }
  | { readonly type: "staff.advance"; readonly id: string; readonly folderName?: string }

interface Page {
  readonly results: ReadonlyArray<ScanRequest>
  readonly meta: PageMeta
}

interface Advance {
  readonly id: string
  readonly state: ScanState
  readonly folderName: string | undefined
}

/** The change an advance event asks for: the request's next state, if it has one. */
const advanceOf = (context: StaffScanRequestsContext, event: StaffScanRequestsEvent): Advance | undefined => {
  if (event.type !== "staff.advance") return undefined
  const request = context.results.find((r) => r.id === event.id)
  const next = request === undefined ? null : nextScanState(request.state, request.return_slides)
  return next === null ? undefined : { id: event.id, state: next, folderName: event.folderName?.trim() }
}

/** The contract's own check of the change: "uploaded" needs the folder named. */
const folderErrors = (advance: Advance): FieldNotices | null =>
  advance.state === "uploaded" ? validate(ScanStatePayload, { state: advance.state, folder_name: advance.folderName ?? "" }) : null

/** Staff are told why a change failed in the server's words when it says (a race, a refusal). */
const changeNotice = (error: AppFailure): Notice =>
  (error._tag === "Conflict" || error._tag === "Forbidden") && error.message !== "" ? { text: error.message } : present(error).notice

const actors = {
  load: fromEffect((input: { readonly page: number; readonly locale: Locale; readonly state: ScanState | null }) =>
    loadAllScanRequests({ page: input.page, locale: input.locale, state: input.state ?? undefined })
  ),
  advance: fromEffect((input: Advance) =>
    advanceScanRequest({
      id: input.id,
      change: input.state === "uploaded" ? { state: input.state, folder_name: input.folderName ?? "" } : { state: input.state }
    })
  )
}

export const staffScanRequestsMachine = setup({
  types: {
    input: {} as { readonly locale: Locale },
    context: {} as StaffScanRequestsContext,
    events: {} as StaffScanRequestsEvent
  },
  actors,
  guards: {
    hasMore: ({ context }) => context.meta?.next_page != null,
    forbidden: (_, error: AppFailure) => error._tag === "Forbidden",
    conflict: (_, error: AppFailure) => error._tag === "Conflict",
    /** The event names a request that has a next state. */
    movable: ({ context, event }) => advanceOf(context, event) !== undefined,
    folderMissing: ({ context, event }) => {
      const advance = advanceOf(context, event)
      return advance !== undefined && folderErrors(advance) !== null
    }
  },
  actions: {
    setFilter: assign(({ event }) => (event.type === "staff.filter" ? { filter: event.state, results: [], meta: null, error: null } : {})),
    showFirst: assign((_, page: Page) => ({ results: page.results, meta: page.meta, error: null })),
    append: assign(({ context }, page: Page) => ({
      results: [...context.results, ...page.results.filter((r) => !context.results.some((known) => known.id === r.id))],
      meta: page.meta,
      error: null
    })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    showChangeFailure: assign((_, error: AppFailure) => ({ changeError: changeNotice(error), moving: null })),
    rejectFolder: assign(({ context, event }) => {
      const advance = advanceOf(context, event)
      return { fields: advance === undefined ? noFieldNotices : (folderErrors(advance) ?? noFieldNotices) }
    }),
    startMoving: assign(({ event }) =>
      event.type === "staff.advance" ? { moving: event.id, changeError: null, fields: noFieldNotices, moved: null } : {}
    ),
    replace: assign(({ context }, moved: ScanRequest) => ({
      results: context.results.map((r) => (r.id === moved.id ? moved : r)),
      moving: null,
      moved: { reference: moved.reference, state: moved.state }
    })),
    stopMoving: assign({ moving: null })
  }
}).createMachine({
  id: "staffScanRequests",
  context: ({ input }) => ({
    locale: input.locale,
    filter: null,
    results: [],
    meta: null,
    error: null,
    changeError: null,
    fields: noFieldNotices,
    moving: null,
    moved: null
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ page: 1, locale: context.locale, state: context.filter }),
        onDone: { target: "ready", actions: { type: "showFirst", params: ({ event }) => event.output } },
        onError: [
          { guard: { type: "forbidden", params: failureFrom(actors.load) }, target: "forbidden" },
          { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
        ]
      }
    },
    ready: {
      on: {
        "staff.filter": { target: "loading", actions: "setFilter" },
        "staff.more": { guard: "hasMore", target: "loadingMore" },
        "staff.advance": [
          { guard: "folderMissing", actions: "rejectFolder" },
          { guard: "movable", target: "advancing", actions: "startMoving" }
        ]
      }
    },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ page: context.meta?.next_page ?? 1, locale: context.locale, state: context.filter }),
        onDone: { target: "ready", actions: { type: "append", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    advancing: {
      tags: ["busy"],
      invoke: {
        id: "advance",
        src: "advance",
        input: ({ context, event }) => advanceOf(context, event) as Advance,
        onDone: { target: "ready", actions: { type: "replace", params: ({ event }) => event.output } },
        onError: [
          // Someone else moved it first: show the list as it is now, with the server's reason.
          {
            guard: { type: "conflict", params: failureFrom(actors.advance) },
            target: "loading",
            actions: { type: "showChangeFailure", params: failureFrom(actors.advance) }
          },
          { guard: { type: "forbidden", params: failureFrom(actors.advance) }, target: "forbidden" },
          { target: "ready", actions: { type: "showChangeFailure", params: failureFrom(actors.advance) } }
        ]
      }
    },
    failed: {
      on: { "staff.retry": { target: "loading" } }
    },
    forbidden: { type: "final" }
  }
})
