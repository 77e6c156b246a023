// The sidebar's staff entries: whether the account is staff, and how many receipts and scan requests
// wait. Read when the sidebar opens and again on `queue.refresh` (the sidebar sends it as staff move
// between pages, so a count drops once they have verified a receipt). A failure is quiet: the counts
// stay as they were, or no staff entries show, and the next page asks again.
import { assign, setup } from "xstate"
import { loadStaffQueue, type StaffQueue } from "../../effects/billing/staff-queue.ts"
import { fromEffect } from "../support/fromEffect.ts"

export type StaffQueueEvent = { readonly type: "queue.refresh" }

export const staffQueueMachine = setup({
  types: { context: {} as { readonly queue: StaffQueue | null }, events: {} as StaffQueueEvent },
  actors: { load: fromEffect(() => loadStaffQueue()) },
  actions: { keep: assign((_, queue: StaffQueue) => ({ queue })), forget: assign({ queue: null }) },
  guards: { notStaff: (_, output: StaffQueue | null) => output === null }
}).createMachine({
  id: "staffQueue",
  context: { queue: null },
  initial: "reading",
  states: {
    reading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: [
          // No longer staff (the flag was taken away meanwhile): the counts go with the entries.
          { guard: { type: "notStaff", params: ({ event }) => event.output }, target: "notStaff", actions: "forget" },
          { target: "shown", actions: { type: "keep", params: ({ event }) => event.output as StaffQueue } }
        ],
        onError: "unread"
      }
    },
    shown: { on: { "queue.refresh": "reading" } },
    unread: { on: { "queue.refresh": "reading" } },
    // Not staff: nothing to show, and nothing to ask again.
    notStaff: { type: "final" }
  }
})
