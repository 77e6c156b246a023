// The chat panel's "Comments" tab: a slide's comment threads (first comment, reply count, resolved
// or not), the most recently active first, optionally only the unresolved ones. Any change heard on
// the slide (a reply, a resolution, a new or deleted pin) reloads the list, so counts and states
// stay the server's; while a reload is on its way another change starts it again.
//
//   loading --done--> ready --threads.changed--> refreshing --done/error--> ready
//   loading --error--> failed --retry--> loading
//   anywhere: threads.filter (all or unresolved only)
import { assign, setup } from "xstate"
import type { CommentThread } from "../../contract/comments.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import { loadThreads } from "../../effects/comments/comments.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface ThreadsContext {
  readonly labId: string
  readonly threads: ReadonlyArray<CommentThread>
  readonly unresolvedOnly: boolean
  readonly error: Notice | null
}

export type ThreadsEvent =
  | { readonly type: "threads.retry" }
  | { readonly type: "threads.changed" }
  | { readonly type: "threads.filter"; readonly unresolvedOnly: boolean }

/** The threads the tab shows under its filter. */
export const shownThreads = (threads: ReadonlyArray<CommentThread>, unresolvedOnly: boolean): ReadonlyArray<CommentThread> =>
  unresolvedOnly ? threads.filter((t) => !t.resolved) : threads

const actors = { load: fromEffect((labId: string) => loadThreads(labId)) }

export const threadsMachine = setup({
  types: { input: {} as { readonly labId: string }, context: {} as ThreadsContext, events: {} as ThreadsEvent },
  actors,
  actions: {
    show: assign((_, threads: ReadonlyArray<CommentThread>) => ({ threads, error: null })),
    fail: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    filter: assign(({ event }) => (event.type === "threads.filter" ? { unresolvedOnly: event.unresolvedOnly } : {}))
  }
}).createMachine({
  id: "threads",
  context: ({ input }) => ({ labId: input.labId, threads: [], unresolvedOnly: false, error: null }),
  on: { "threads.filter": { actions: "filter" } },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: { target: "ready", actions: { type: "show", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "fail", params: failureFrom(actors.load) } }
      }
    },
    failed: { on: { "threads.retry": { target: "loading" } } },
    ready: { on: { "threads.changed": { target: "refreshing" } } },
    refreshing: {
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.labId,
        onDone: { target: "ready", actions: { type: "show", params: ({ event }) => event.output } },
        // What is shown stays; the next change tries again.
        onError: { target: "ready" }
      },
      on: { "threads.changed": { target: "refreshing", reenter: true } }
    }
  }
})
