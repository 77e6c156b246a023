// The plan in force, read once: the settings menu asks it whether the account is staff (the flag
// travels with the plan, GET /pricing/plan/current/). A failure is quiet: the menu simply shows no
// staff entries, and the staff pages themselves still ask the server.
import { assign, setup } from "xstate"
import type { CurrentPlan } from "../../contract/billing.ts"
import { loadCurrentPlan } from "../../effects/billing/billing.ts"
import { fromEffect } from "../support/fromEffect.ts"

export const currentPlanMachine = setup({
  types: { context: {} as { readonly current: CurrentPlan | null } },
  actors: { load: fromEffect(() => loadCurrentPlan()) },
  actions: { keep: assign((_, current: CurrentPlan) => ({ current })) }
}).createMachine({
  id: "currentPlan",
  context: { current: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "known", actions: { type: "keep", params: ({ event }) => event.output } },
        onError: "unknown"
      }
    },
    known: { type: "final" },
    unknown: { type: "final" }
  }
})
