// The events a machine's delayed transitions (`after`) are taken on: `xstate.after.<delay>.<state id>`,
// with the delay's number of milliseconds or its name in `setup({ delays })`. The graph walk takes
// them as it takes any event; a run takes them by letting the time pass.
import type { AnyStateMachine } from "xstate"
import { getStateNodes } from "xstate/graph"

/** One event for each delayed transition of the machine, read off its definition. */
export const delayedEvents = (machine: AnyStateMachine): ReadonlyArray<{ readonly type: string }> =>
  [...new Set(getStateNodes(machine.root).flatMap((node) => node.after.map((t) => t.eventType)))].map((type) => ({ type }))

export const isDelayed = (event: { readonly type: string }): boolean => event.type.startsWith("xstate.after.")
