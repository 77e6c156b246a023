// One's invoices (Settings > Status Billing), newest first, a page at a time; more are added below.
import { assign, setup } from "xstate"
import type { PageMeta } from "../../contract/envelope.ts"
import type { Invoice } from "../../contract/billing.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { loadInvoices } from "../../effects/billing/billing.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface InvoiceListContext {
  readonly results: ReadonlyArray<Invoice>
  readonly meta: PageMeta | null
  readonly error: Notice | null
}

export type InvoiceListEvent = { readonly type: "invoices.more" } | { readonly type: "invoices.retry" }

interface Page {
  readonly results: ReadonlyArray<Invoice>
  readonly meta: PageMeta
}

const load = fromEffect((page: number) => loadInvoices(page))

export const invoiceListMachine = setup({
  types: { context: {} as InvoiceListContext, events: {} as InvoiceListEvent },
  actors: { load },
  guards: { hasMore: ({ context }) => context.meta?.next_page != null },
  actions: {
    showFirst: assign((_, page: Page) => ({ results: page.results, meta: page.meta, error: null })),
    append: assign(({ context }, page: Page) => ({
      results: [...context.results, ...page.results.filter((i) => !context.results.some((known) => known.id === i.id))],
      meta: page.meta,
      error: null
    })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice }))
  }
}).createMachine({
  id: "invoiceList",
  context: { results: [], meta: null, error: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: () => 1,
        onDone: { target: "ready", actions: { type: "showFirst", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(load) } }
      }
    },
    failed: { on: { "invoices.retry": "loading" } },
    ready: { on: { "invoices.more": { guard: "hasMore", target: "loadingMore" } } },
    loadingMore: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.meta?.next_page ?? 1,
        onDone: { target: "ready", actions: { type: "append", params: ({ event }) => event.output } },
        onError: { target: "ready", actions: { type: "showFailure", params: failureFrom(load) } }
      }
    }
  }
})
