// How a machine invokes an Effect program: a promise actor that runs it on the app's one runtime.
// The actor's abort signal is handed to the runtime, so leaving the invoking state (or stopping the
// actor) interrupts the fiber and aborts its HTTP request.
import type { Effect } from "effect"
import { type EventObject, fromCallback, fromPromise } from "xstate"
import type { ApiError } from "../effects/ApiError.ts"
import { type AppServices, runtime } from "../effects/runtime.ts"

export const fromEffect = <Output, Input = void>(
  program: (input: Input) => Effect.Effect<Output, ApiError, AppServices>
) => fromPromise<Output, Input>(({ input, signal }) => runtime.runPromise(program(input), { signal }))

/**
 * A long-running program that reports to its parent machine: `program` gets a function that sends
 * the parent an event. Stopping the actor interrupts the program.
 */
export const fromEffectListener = <Event extends EventObject>(
  program: (send: (event: Event) => void) => Effect.Effect<void, never, AppServices>
) =>
  fromCallback<EventObject, void>(({ sendBack }) => {
    const controller = new AbortController()
    // The only way this promise settles is the interruption below; there is nothing to report.
    runtime.runPromise(program(sendBack), { signal: controller.signal }).catch(() => undefined)
    return () => controller.abort()
  })
