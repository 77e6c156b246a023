// The one bridge from Effect programs to XState actors: every program a machine runs goes through
// here, on the app's one runtime. Stopping the actor (leaving the invoking state, stopping the
// machine) interrupts the fiber, which aborts its HTTP request or closes its scope.
import type { Effect } from "effect"
import { type AnyActorRef, type EventObject, fromCallback, fromPromise } from "xstate"
import { type AppServices, runtime } from "../../effects/runtime.ts"

/** A program with an answer: a promise actor whose output is the program's success, its error the failure. */
export const fromEffect = <Output, Input = void>(program: (input: Input) => Effect.Effect<Output, unknown, AppServices>) =>
  fromPromise<Output, Input>(({ input, signal }) => runtime.runPromise(program(input), { signal }))

/**
 * A long-running program that reports to its parent machine (a realtime connection, a channel, the
 * session's expiry watch): `program` gets its input and a function that sends the parent an event.
 * It reports its own failures as events, hence `never` in its error channel.
 */
export const fromEffectCallback = <Event extends EventObject, Input = void>(
  program: (input: Input, send: (event: Event) => void) => Effect.Effect<unknown, never, AppServices>
) =>
  fromCallback<EventObject, Input>(({ input, sendBack }) => {
    const controller = new AbortController()
    // The promise settles only through the interruption below; there is nothing to report.
    runtime.runPromise(program(input, sendBack), { signal: controller.signal }).catch(() => undefined)
    return () => controller.abort()
  })

/**
 * A keeper of an outside store: invoked with the machine itself as its input, it hears the commands
 * the machine emits (`emit`, of the given types) and runs one program for each, one after another.
 * This is how a machine writes outside itself while its actions stay pure: the model tests read the
 * commands off what the machine emitted.
 */
export const fromEffectInbox = <Command extends EventObject>(
  types: ReadonlyArray<Command["type"]>,
  handle: (command: Command) => Effect.Effect<unknown, never, AppServices>
) =>
  fromCallback<EventObject, AnyActorRef>(({ input }) => {
    const controller = new AbortController()
    let queue: Promise<unknown> = Promise.resolve()
    const subscriptions = types.map((type) =>
      input.on(type, (command: Command) => {
        queue = queue.then(() => runtime.runPromise(handle(command), { signal: controller.signal }).catch(() => undefined))
      })
    )
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
      controller.abort()
    }
  })
