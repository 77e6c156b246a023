// A long-running Effect program as a callback actor that has an input and reports to its parent:
// realtime connections and channel listeners, which run until their state is left. Stopping the
// actor interrupts the program (closing its scope: a socket disconnects, a channel is left).
// The program reports its own failures as events, hence `never` in its error channel.
import type { Effect } from "effect"
import { type EventObject, fromCallback } from "xstate"
import { type AppServices, runtime } from "../effects/runtime.ts"

export const fromEffectCallback = <Event extends EventObject, Input>(
  program: (input: Input, send: (event: Event) => void) => Effect.Effect<unknown, never, AppServices>
) =>
  fromCallback<EventObject, Input>(({ input, sendBack }) => {
    const controller = new AbortController()
    // The promise settles only through the interruption below; there is nothing to report.
    runtime.runPromise(program(input, sendBack), { signal: controller.signal }).catch(() => undefined)
    return () => controller.abort()
  })
