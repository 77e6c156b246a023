// The compare viewer (/dashboard/labs/compare?ids=…): up to four slides side by side. The machine holds
// what the page and its address must agree on: which slides are in the set, in order; whether their
// navigation is synchronised, with the offset each pane keeps from the others; and whether the picker
// that adds a slide is open. The slides themselves load in their panes, and the viewers' continuous
// pan and zoom stay in OpenSeadragon (useCompareSync.ts applies the offsets).
//
// A fifth slide is refused (the spec: 'Maximum of 4 viewers allowed'): `refusals` counts the refusals
// so that the page says so each time, including for an address that named more than four.
import { type ActorRefFrom, assign, setup } from "xstate"
import type { SyncOffset } from "../../views/slide/compare/compare-sync.ts"

/** The spec's limit on slides compared at once. */
export const MAX_COMPARED = 4

export interface CompareContext {
  readonly ids: ReadonlyArray<string>
  /** Each pane's offset from the shared frame, measured when sync was last turned on; none: centred. */
  readonly offsets: Readonly<Record<string, SyncOffset>>
  /** How many times a slide beyond the fourth was refused. */
  readonly refusals: number
}

export type CompareEvent =
  | { readonly type: "compare.add"; readonly id: string }
  | { readonly type: "compare.remove"; readonly id: string }
  /** Sync back on: the panes keep the offsets they have now, measured by the view. */
  | { readonly type: "compare.sync.on"; readonly offsets: Readonly<Record<string, SyncOffset>> }
  | { readonly type: "compare.sync.off" }
  | { readonly type: "compare.picker.open" }
  | { readonly type: "compare.picker.close" }

/** An address's ids, each once, in order; empty parts of "a,,b" dropped. */
export const idsOf = (ids: ReadonlyArray<string>): ReadonlyArray<string> => [
  ...new Set(ids.map((id) => id.trim()).filter((id) => id !== ""))
]

const without = <V>(record: Readonly<Record<string, V>>, key: string): Readonly<Record<string, V>> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))

export const compareMachine = setup({
  types: {
    context: {} as CompareContext,
    events: {} as CompareEvent,
    input: {} as { readonly ids: ReadonlyArray<string> }
  },
  guards: {
    present: ({ context, event }) => event.type === "compare.add" && context.ids.includes(event.id),
    hasRoom: ({ context }) => context.ids.length < MAX_COMPARED,
    /** An add the set takes: new and within the limit. */
    fits: ({ context, event }) => event.type === "compare.add" && !context.ids.includes(event.id) && context.ids.length < MAX_COMPARED
  },
  actions: {
    add: assign(({ context, event }) => (event.type === "compare.add" ? { ids: [...context.ids, event.id] } : {})),
    refuse: assign(({ context }) => ({ refusals: context.refusals + 1 })),
    remove: assign(({ context, event }) =>
      event.type === "compare.remove"
        ? { ids: context.ids.filter((id) => id !== event.id), offsets: without(context.offsets, event.id) }
        : {}
    ),
    // Only the set's panes: an offset measured for a pane removed meanwhile would come back with it.
    keepOffsets: assign(({ context, event }) =>
      event.type === "compare.sync.on"
        ? { offsets: Object.fromEntries(Object.entries(event.offsets).filter(([id]) => context.ids.includes(id))) }
        : {}
    )
  }
}).createMachine({
  id: "compare",
  context: ({ input }) => {
    const ids = idsOf(input.ids)
    return { ids: ids.slice(0, MAX_COMPARED), offsets: {}, refusals: ids.length > MAX_COMPARED ? 1 : 0 }
  },
  type: "parallel",
  on: {
    "compare.add": [{ guard: "present" }, { guard: "hasRoom", actions: "add" }, { actions: "refuse" }],
    "compare.remove": { actions: "remove" }
  },
  states: {
    sync: {
      initial: "on",
      states: {
        on: { tags: ["synced"], on: { "compare.sync.off": "off" } },
        off: { on: { "compare.sync.on": { target: "on", actions: "keepOffsets" } } }
      }
    },
    picker: {
      initial: "closed",
      states: {
        closed: { on: { "compare.picker.open": "open" } },
        open: {
          tags: ["picking"],
          // Adds here too: a region's own transition preempts the root's for the same event.
          on: { "compare.picker.close": "closed", "compare.add": { guard: "fits", target: "closed", actions: "add" } }
        }
      }
    }
  }
})

export type CompareActor = ActorRefFrom<typeof compareMachine>
