// The pricing page: the plans compared and the plan in force. Choosing a paid plan first shows what
// it means (`reviewing`: the plan, its period and price, the unique code, what becomes of the plan in
// force); only confirming issues its invoice, and the page goes to it (`chosen`). While another
// invoice is open the server answers 409, and the page reloads to offer that invoice instead.
import { assign, setup } from "xstate"
import type { CurrentPlan, InvoiceDetail, Plan } from "../../contract/billing.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { choosePlan, loadPricing } from "../../effects/billing/billing.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface PricingContext {
  readonly plans: ReadonlyArray<Plan>
  readonly current: CurrentPlan | null
  readonly error: Notice | null
  readonly chooseError: Notice | null
  /** The plan being reviewed, then chosen. */
  readonly choosing: string | null
  /** The invoice just issued: the page goes there. */
  readonly chosen: InvoiceDetail | null
}

export type PricingEvent =
  | { readonly type: "pricing.choose"; readonly planId: string }
  | { readonly type: "pricing.confirm" }
  | { readonly type: "pricing.back" }
  | { readonly type: "pricing.retry" }

const chooseNotice = (error: AppFailure): Notice =>
  (error._tag === "Conflict" || error._tag === "BadRequest") && error.message !== undefined && error.message !== ""
    ? { text: error.message }
    : present(error).notice

const actors = {
  load: fromEffect(() => loadPricing()),
  choose: fromEffect((planId: string) => choosePlan(planId))
}

export const pricingMachine = setup({
  types: { context: {} as PricingContext, events: {} as PricingEvent },
  actors,
  guards: {
    conflict: (_, error: AppFailure) => error._tag === "Conflict",
    /** A paid plan other than the one in force, and no invoice open for it already. */
    choosable: ({ context, event }) => {
      if (event.type !== "pricing.choose") return false
      const plan = context.plans.find((p) => p.id === event.planId)
      return plan?.paid === true && context.current?.open_invoice == null
    }
  },
  actions: {
    show: assign((_, loaded: { readonly plans: ReadonlyArray<Plan>; readonly current: CurrentPlan }) => ({
      plans: loaded.plans,
      current: loaded.current,
      error: null
    })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    startChoosing: assign(({ event }) => (event.type === "pricing.choose" ? { choosing: event.planId, chooseError: null } : {})),
    stopChoosing: assign({ choosing: null }),
    chosen: assign((_, invoice: InvoiceDetail) => ({ chosen: invoice, choosing: null })),
    chooseFailed: assign((_, error: AppFailure) => ({ chooseError: chooseNotice(error), choosing: null }))
  }
}).createMachine({
  id: "pricing",
  context: { plans: [], current: null, error: null, chooseError: null, choosing: null, chosen: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: { type: "show", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    failed: { on: { "pricing.retry": "loading" } },
    ready: { on: { "pricing.choose": { guard: "choosable", target: "reviewing", actions: "startChoosing" } } },
    // Nothing is issued yet: the person reads what choosing means, then confirms or goes back.
    reviewing: { on: { "pricing.confirm": "choosing", "pricing.back": { target: "ready", actions: "stopChoosing" } } },
    choosing: {
      tags: ["busy"],
      invoke: {
        id: "choose",
        src: "choose",
        input: ({ context }) => context.choosing ?? "",
        onDone: { target: "chosen", actions: { type: "chosen", params: ({ event }) => event.output } },
        onError: [
          // Another invoice opened meanwhile (another tab): show it instead.
          {
            guard: { type: "conflict", params: failureFrom(actors.choose) },
            target: "loading",
            actions: { type: "chooseFailed", params: failureFrom(actors.choose) }
          },
          { target: "ready", actions: { type: "chooseFailed", params: failureFrom(actors.choose) } }
        ]
      }
    },
    chosen: { type: "final" }
  }
})
