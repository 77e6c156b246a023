import { describe, expect, it } from "vitest"
import type { Invoice } from "../../contract/billing.ts"
import { invoice } from "../../testing/billingFixtures.ts"
import { serverDown } from "../../testing/fixtures.ts"
import { modelFor } from "../../testing/modelHarness.ts"
import { type InvoiceListEvent, invoiceListMachine } from "./invoiceList.machine.ts"

const row = (id: string): Invoice => {
  const { history: _history, ...fields } = invoice({ id, number: `INV-${id}` })
  return fields
}
const first = { results: [row("a"), row("b")], meta: { count: 3, current_page: 1, next_page: 2 } }
// The next page repeats "b" (a new invoice pushed it down): it is shown once.
const rest = { results: [row("b"), row("c")], meta: { count: 3, current_page: 2, next_page: null } }

const model = modelFor({
  machine: invoiceListMachine,
  promiseActors: ["load"],
  events: {
    listed: { type: "xstate.done.actor.load", output: first },
    "listed the rest": { type: "xstate.done.actor.load", output: rest },
    "load failed": { type: "xstate.error.actor.load", error: serverDown },
    more: { type: "invoices.more" },
    retry: { type: "invoices.retry" }
  } as unknown as Record<string, InvoiceListEvent>,
  distinguish: ({ value, context }) => ({
    value,
    shown: context.results.map((i) => i.id).join(),
    more: context.meta?.next_page != null,
    error: context.error !== null
  }),
  stopWhen: (s) => s.context.results.length > 3,
  states: {
    loading: (actual, calls) => {
      expect(actual.hasTag("busy")).toBe(true)
      expect(calls.at(-1)).toEqual({ src: "load", input: 1 })
    },
    loadingMore: (_actual, calls, { before }) => expect(calls.at(-1)).toEqual({ src: "load", input: before?.context.meta?.next_page }),
    failed: (actual) => expect(actual.context.error).toEqual({ key: "errors.serverError" }),
    ready: (actual, calls, { via, callsBefore, before }) => {
      const ids = actual.context.results.map((i) => i.id)
      expect(new Set(ids).size).toBe(ids.length)
      if (via === "more") {
        // Nothing more to ask for: nothing is asked.
        expect(before?.context.meta?.next_page ?? null).toBeNull()
        expect(calls).toHaveLength(callsBefore)
      }
      if (via === "load failed") expect(actual.context.error).toEqual({ key: "errors.serverError" })
    }
  }
})

describe("invoice list model", () => {
  it.each(model.paths.map((path) => [path.description, path] as const))("%s", async (_, path) => {
    await path.run()
  })

  it("the paths cover every state and every transition", async () => {
    expect(await model.coverage()).toEqual({ missingStates: [], missingTransitions: [], uncheckedStates: [] })
  })
})
