// Settings > Scan requests: the signed-in user's own requests, newest first, more on demand.
import { assign, setup } from "xstate"
import type { Locale } from "../../contract/auth.ts"
import type { PageMeta } from "../../contract/envelope.ts"
import type { ScanRequest } from "../../contract/scan-requests.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { loadMyScanRequests } from "../../effects/scan/requests.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface MyScanRequestsContext {
  readonly locale: Locale
  readonly results: ReadonlyArray<ScanRequest>
  readonly meta: PageMeta | null
  readonly error: Notice | null
}

export type MyScanRequestsEvent = { readonly type: "requests.more" } | { readonly type: "requests.retry" }

interface Page {
  readonly results: ReadonlyArray<ScanRequest>
  readonly meta: PageMeta
}

const actors = {
  load: fromEffect((input: { readonly page: number; readonly locale: Locale }) => loadMyScanRequests(input))
}

export const myScanRequestsMachine = setup({
  types: {
    input: {} as { readonly locale: Locale },
    context: {} as MyScanRequestsContext,
    events: {} as MyScanRequestsEvent
  },
  actors,
  guards: {
    hasMore: ({ context }) => context.meta?.next_page != null
  },
  actions: {
    showFirst: assign((_, page: Page) => ({ results: page.results, meta: page.meta, error: null })),
    // A request listed twice (one arrived between pages) is kept once.
    append: assign(({ context }, page: Page) => ({
      results: [...context.results, ...page.results.filter((r) => !context.results.some((known) => known.id === r.id))],
      meta: page.meta,
      error: null
    })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice }))
  }
}).createMachine({
  id: "myScanRequests",
  context: ({ input }) => ({ locale: input.locale, results: [], meta: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ page: 1, locale: context.locale }),
        onDone: { target: "ready", actions: { type: "showFirst", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    ready: {
      on: { "requests.more": { guard: "hasMore", target: "loadingMore" } }
    },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ page: context.meta?.next_page ?? 1, locale: context.locale }),
        onDone: { target: "ready", actions: { type: "append", params: ({ event }) => event.output } },
        // The list shown stays; the message says the next part did not come.
        onError: { target: "ready", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    failed: {
      on: { "requests.retry": { target: "loading" } }
    }
  }
})
