// Deleted File (/dashboard/trash): the owner's deleted labs a page at a time; restore one, delete one
// forever, or empty the trash, the last two after a confirmation. Outcomes are emitted for toasts and
// the storage meter (purging frees space).
import { assertEvent, assign, emit, setup } from "xstate"
import type { PageMeta } from "../../contract/envelope.ts"
import type { TrashItem } from "../../contract/labs.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { type Failure, failureOf } from "../../effects/labs/failures.ts"
import { emptyTrash, loadTrashPage, purgeLab, restoreLab } from "../../effects/labs/trash.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface TrashContext {
  readonly items: ReadonlyArray<TrashItem>
  readonly meta: PageMeta | null
  /** The item a confirmation or a call is about. */
  readonly subject: TrashItem | null
  readonly error: Failure | null
  readonly moreError: Failure | null
}

export type TrashEvent =
  | { readonly type: "trash.retry" }
  | { readonly type: "trash.more" }
  | { readonly type: "trash.restore"; readonly item: TrashItem }
  | { readonly type: "trash.purge"; readonly item: TrashItem }
  | { readonly type: "trash.empty" }
  | { readonly type: "trash.confirm" }
  | { readonly type: "trash.cancel" }

export type TrashEmitted =
  | { readonly type: "trash.restored"; readonly item: TrashItem }
  | { readonly type: "trash.purged"; readonly item: TrashItem }
  | { readonly type: "trash.emptied" }
  | { readonly type: "trash.failed"; readonly failure: Failure }

interface TrashPage {
  readonly results: ReadonlyArray<TrashItem>
  readonly meta: PageMeta
}

const actors = {
  load: fromEffect(() => loadTrashPage(1)),
  more: fromEffect((page: number) => loadTrashPage(page)),
  restore: fromEffect((id: string) => restoreLab(id)),
  purge: fromEffect((id: string) => purgeLab(id)),
  empty: fromEffect(() => emptyTrash())
}

export const trashMachine = setup({
  types: {
    context: {} as TrashContext,
    events: {} as TrashEvent,
    emitted: {} as TrashEmitted
  },
  actors,
  guards: {
    pageEmpty: (_, page: TrashPage) => page.results.length === 0,
    hasNext: ({ context }) => context.meta?.next_page != null,
    // The last shown item went: ask again, the server may hold more than was shown.
    nothingLeft: ({ context }) => context.items.length === 0
  },
  actions: {
    showPage: assign((_, page: TrashPage) => ({ items: page.results, meta: page.meta, error: null, moreError: null })),
    appendPage: assign(({ context }, page: TrashPage) => {
      const known = new Set(context.items.map((item) => item.id))
      return { items: [...context.items, ...page.results.filter((item) => !known.has(item.id))], meta: page.meta, moreError: null }
    }),
    showFailure: assign((_, error: AppFailure) => ({ error: failureOf("list", error) })),
    showMoreFailure: assign((_, error: AppFailure) => ({ moreError: failureOf("list", error) })),
    about: assign(({ event }) => {
      assertEvent(event, ["trash.restore", "trash.purge"])
      return { subject: event.item }
    }),
    forget: assign({ subject: null }),
    dropSubject: assign(({ context }) => ({
      items: context.items.filter((item) => item.id !== context.subject?.id),
      meta: context.meta === null ? null : { ...context.meta, count: Math.max(0, context.meta.count - 1) }
    })),
    clearAll: assign({ items: [], meta: null }),
    announceRestored: emit(({ context }) => ({ type: "trash.restored", item: context.subject as TrashItem }) as const),
    announcePurged: emit(({ context }) => ({ type: "trash.purged", item: context.subject as TrashItem }) as const),
    announceEmptied: emit({ type: "trash.emptied" } as const),
    announceFailure: emit(
      (_, failure: { readonly kind: "restore" | "purge" | "emptyTrash"; readonly error: AppFailure; readonly isDir?: boolean }) =>
        ({ type: "trash.failed", failure: failureOf(failure.kind, failure.error, { isDir: failure.isDir ?? true }) }) as const
    )
  }
}).createMachine({
  id: "trash",
  context: { items: [], meta: null, subject: null, error: null, moreError: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        onDone: [
          {
            guard: { type: "pageEmpty", params: ({ event }) => event.output },
            target: "empty",
            actions: { type: "showPage", params: ({ event }) => event.output }
          },
          { target: "showing", actions: { type: "showPage", params: ({ event }) => event.output } }
        ],
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    failed: {
      on: { "trash.retry": "loading" }
    },
    empty: {},
    showing: {
      initial: "idle",
      states: {
        idle: {
          entry: "forget",
          always: { guard: "nothingLeft", target: "#trash.loading" },
          on: {
            "trash.more": { guard: "hasNext", target: "loadingMore" },
            "trash.restore": { target: "restoring", actions: "about" },
            "trash.purge": { target: "confirmingPurge", actions: "about" },
            "trash.empty": "confirmingEmpty"
          }
        },
        loadingMore: {
          invoke: {
            id: "more",
            src: "more",
            input: ({ context }) => context.meta?.next_page ?? 1,
            onDone: { target: "idle", actions: { type: "appendPage", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "showMoreFailure", params: failureFrom(actors.more) } }
          }
        },
        restoring: {
          tags: ["busy"],
          invoke: {
            id: "restore",
            src: "restore",
            input: ({ context }) => (context.subject as TrashItem).id,
            onDone: { target: "idle", actions: ["announceRestored", "dropSubject"] },
            onError: {
              target: "idle",
              actions: {
                type: "announceFailure",
                params: ({ context, event }) => ({
                  kind: "restore" as const,
                  error: failureFrom(actors.restore)({ event }),
                  isDir: context.subject?.is_dir
                })
              }
            }
          }
        },
        confirmingPurge: {
          on: { "trash.confirm": "purging", "trash.cancel": "idle" }
        },
        purging: {
          tags: ["busy"],
          invoke: {
            id: "purge",
            src: "purge",
            input: ({ context }) => (context.subject as TrashItem).id,
            onDone: { target: "idle", actions: ["announcePurged", "dropSubject"] },
            onError: {
              target: "confirmingPurge",
              actions: {
                type: "announceFailure",
                params: ({ context, event }) => ({
                  kind: "purge" as const,
                  error: failureFrom(actors.purge)({ event }),
                  isDir: context.subject?.is_dir
                })
              }
            }
          }
        },
        confirmingEmpty: {
          on: { "trash.confirm": "emptying", "trash.cancel": "idle" }
        },
        emptying: {
          tags: ["busy"],
          invoke: {
            id: "empty",
            src: "empty",
            onDone: { target: "#trash.empty", actions: ["announceEmptied", "clearAll"] },
            onError: {
              target: "confirmingEmpty",
              actions: {
                type: "announceFailure",
                params: ({ event }) => ({ kind: "emptyTrash" as const, error: failureFrom(actors.empty)({ event }) })
              }
            }
          }
        }
      }
    }
  }
})
