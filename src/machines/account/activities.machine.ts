// Settings > Activities: the account's events, newest first, a page at a time.
import { assign, setup } from "xstate"
import type { Activity } from "../../contract/auth.ts"
import type { PageMeta } from "../../contract/envelope.ts"
import type { AppFailure } from "../../effects/AppFailure.ts"
import { loadActivities } from "../../effects/auth/account.ts"
import { present } from "../../effects/Catalogue.ts"
import type { Notice } from "../../effects/Notice.ts"
import { failureFrom, fromEffect } from "../support/fromEffect.ts"

export interface ActivitiesContext {
  /** The page being shown, or being loaded. */
  readonly page: number
  readonly results: ReadonlyArray<Activity>
  readonly meta: PageMeta | null
  readonly error: Notice | null
}

export type ActivitiesEvent =
  | { readonly type: "activities.next" }
  | { readonly type: "activities.previous" }
  | { readonly type: "activities.retry" }

const actors = {
  load: fromEffect((page: number) => loadActivities(page))
}

export const activitiesMachine = setup({
  types: {
    context: {} as ActivitiesContext,
    events: {} as ActivitiesEvent
  },
  actors,
  guards: {
    hasNext: ({ context }) => context.meta?.next_page != null,
    hasPrevious: ({ context }) => context.page > 1
  },
  actions: {
    showPage: assign((_, page: { readonly results: ReadonlyArray<Activity>; readonly meta: PageMeta }) => ({
      results: page.results,
      meta: page.meta,
      error: null
    })),
    showFailure: assign((_, error: AppFailure) => ({ error: present(error).notice })),
    // The server names the next page; follow it rather than counting.
    turnForward: assign(({ context }) => ({ page: context.meta?.next_page ?? context.page + 1 })),
    turnBack: assign(({ context }) => ({ page: context.page - 1 }))
  }
}).createMachine({
  id: "activities",
  context: { page: 1, results: [], meta: null, error: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.page,
        onDone: { target: "showing", actions: { type: "showPage", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "showFailure", params: failureFrom(actors.load) } }
      }
    },
    showing: {
      on: {
        "activities.next": { guard: "hasNext", target: "loading", actions: "turnForward" },
        "activities.previous": { guard: "hasPrevious", target: "loading", actions: "turnBack" }
      }
    },
    failed: {
      on: { "activities.retry": { target: "loading" } }
    }
  }
})
