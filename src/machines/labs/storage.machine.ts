// The sidebar's storage meter: what the user's files take against the plan's quota. Asked once when
// the dashboard opens and again after anything that changes it (deleting, purging, emptying the
// trash); a failed answer waits for the next such moment rather than retrying in a loop.
import { assign, setup } from "xstate"
import type { StorageUsage } from "../../contract/storage.ts"
import { loadStorageUsage } from "../../effects/labs/storage.ts"
import { fromEffect } from "../support/fromEffect.ts"

export interface StorageContext {
  readonly usage: StorageUsage | null
  /** Something changed while the usage was being asked: ask again when the answer comes. */
  readonly stale: boolean
}

export type StorageEvent = { readonly type: "storage.refresh" }

export const storageMachine = setup({
  types: {
    context: {} as StorageContext,
    events: {} as StorageEvent
  },
  actors: {
    load: fromEffect(() => loadStorageUsage()),
    reload: fromEffect(() => loadStorageUsage())
  },
  guards: {
    stale: ({ context }) => context.stale
  },
  actions: {
    show: assign((_, usage: StorageUsage) => ({ usage })),
    markStale: assign({ stale: true }),
    unmarkStale: assign({ stale: false })
  }
}).createMachine({
  id: "storage",
  context: { usage: null, stale: false },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "known", actions: { type: "show", params: ({ event }) => event.output } },
        onError: { target: "unknown" }
      }
    },
    /** Nothing to show: the meter stays neutral, never invented numbers. */
    unknown: {
      on: { "storage.refresh": "loading" }
    },
    known: {
      on: { "storage.refresh": "refreshing" }
    },
    /** The last known usage stays on screen while it is asked again. */
    refreshing: {
      // A later change arrived: the answer on its way may not include it.
      on: { "storage.refresh": { actions: "markStale" } },
      invoke: {
        id: "reload",
        src: "reload",
        onDone: [
          {
            guard: "stale",
            target: "refreshing",
            reenter: true,
            actions: [{ type: "show", params: ({ event }) => event.output }, "unmarkStale"]
          },
          { target: "known", actions: { type: "show", params: ({ event }) => event.output } }
        ],
        onError: [{ guard: "stale", target: "refreshing", reenter: true, actions: "unmarkStale" }, { target: "known" }]
      }
    }
  }
})
