// How a machine invokes an Effect program: a promise actor that runs it on the app's one runtime.
// The actor's abort signal is handed to the runtime, so leaving the invoking state (or stopping the
// actor) interrupts the fiber and aborts its HTTP request.
import type { Effect } from "effect"
import { fromPromise } from "xstate"
import type { ApiError } from "../effects/ApiError.ts"
import { type AppServices, runtime } from "../effects/runtime.ts"

export const fromEffect = <Output, Input = void>(
  program: (input: Input) => Effect.Effect<Output, ApiError, AppServices>
) => fromPromise<Output, Input>(({ input, signal }) => runtime.runPromise(program(input), { signal }))
