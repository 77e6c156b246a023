// The one bridge from Effect programs to XState actors: every program a machine runs goes through
// here, on the app's one runtime. Stopping the actor (leaving the invoking state, stopping the
// machine) interrupts the fiber, which aborts its HTTP request or closes its scope.
//
// The runtime (and with it Effect, the contract and the API client) is loaded on the first program
// that runs, not with the first page: a visitor's sign-in page paints without it (issue 10's first-load
// budget). A program may therefore also be given as a promise of one, so that a machine on that first
// page can load its program's module when the program runs (`lazyProgram`).
import type { Effect } from "effect"
import {
  type AnyActorLogic,
  type AnyActorRef,
  type ErrorActorEvent,
  type EventObject,
  fromCallback,
  fromPromise,
  type PromiseActorLogic
} from "xstate"
import { Defect, type Failure } from "../../effects/Defect.ts"
import type { AppServices } from "../../effects/runtime.ts"

type Program<Output, Error = unknown> = Effect.Effect<Output, Error, AppServices>

let runtimeLoaded: Promise<typeof import("../../effects/runtime.ts")> | undefined
let runtimeAsked: () => void = () => undefined
const firstProgram = new Promise<void>((resolve) => {
  runtimeAsked = resolve
})
const loadRuntime = () => {
  runtimeAsked()
  runtimeLoaded ??= import("../../effects/runtime.ts")
  return runtimeLoaded
}

/**
 * Settles when the first program is run. A watch over the runtime's own state (the session's expiry,
 * which only a program can cause) starts there, rather than loading the runtime to watch nothing.
 */
export const whenProgramsRun = (): Promise<void> => firstProgram

/** Loads the runtime ahead of a program the user is about to start (typing into a form). */
export const prepareRuntime = (): void => void loadRuntime().catch(() => undefined)

/**
 * Runs a program (or a promise of one) on the app's runtime until it ends or `signal` aborts. The
 * runtime is asked for once the program is there: a program that waits (whenProgramsRun) must not be
 * the one that loads it.
 */
export const runProgram = async <Output, Error>(
  program: Program<Output, Error> | PromiseLike<Program<Output, Error>>,
  signal: AbortSignal
): Promise<Output> => {
  let effect: Program<Output, Error>
  let run: typeof import("../../effects/runtime.ts")["run"]
  try {
    effect = await program
    ;({ run } = await loadRuntime())
  } catch (thrown) {
    // The program's module (or the runtime's) would not load: no typed failure, a Defect.
    throw signal.aborted ? thrown : new Defect(thrown)
  }
  signal.throwIfAborted()
  return run(effect, signal)
}

declare const failure: unique symbol

/**
 * A promise actor running an Effect program. XState types every actor's error as `unknown`; the
 * program's error type rides along on the logic's type (nothing at run time), for `failureFrom`;
 * optional, so that a test may provide a plain promise actor in its place.
 */
export type EffectActorLogic<Output, Error, Input> = PromiseActorLogic<Output, Input> & { readonly [failure]?: Failure<Error> }

/** The failure an `EffectActorLogic` rejects with: one of its program's typed errors, or a Defect. */
export type FailureOf<Logic> = Logic extends { readonly [failure]?: infer F } ? Exclude<F, undefined> : never

/**
 * A program with an answer: a promise actor whose output is the program's success and whose error
 * is its typed failure `Error`, or a Defect for anything else that went wrong (runtime.ts `run`).
 */
export const fromEffect = <Output, Error = never, Input = void>(
  program: (input: Input) => Program<Output, Error> | PromiseLike<Program<Output, Error>>
): EffectActorLogic<Output, Error, Input> =>
  fromPromise<Output, Input>(({ input, signal }) => {
    let given: Program<Output, Error> | PromiseLike<Program<Output, Error>>
    try {
      given = program(input)
    } catch (thrown) {
      return Promise.reject(new Defect(thrown))
    }
    return runProgram(given, signal)
  }) as EffectActorLogic<Output, Error, Input>

/**
 * An `onError`'s failure, typed by the invoked actor's logic, for guards and actions that take it as
 * params: `{ type: "showFailure", params: failureFrom(load) }`.
 */
export const failureFrom =
  <Logic extends AnyActorLogic>(_logic: Logic) =>
  ({ event }: { readonly event: ErrorActorEvent }): FailureOf<Logic> =>
    event.error as FailureOf<Logic>

/**
 * A long-running program that reports to its parent machine (a realtime connection, a channel, the
 * session's expiry watch): `program` gets its input and a function that sends the parent an event.
 * It reports its own failures as events, hence `never` in its error channel.
 */
export const fromEffectCallback = <Event extends EventObject, Input = void>(
  program: (input: Input, send: (event: Event) => void) => Program<unknown, never> | PromiseLike<Program<unknown, never>>
) =>
  fromCallback<EventObject, Input>(({ input, sendBack }) => {
    const controller = new AbortController()
    // The promise settles only through the interruption below; there is nothing to report.
    runProgram(program(input, sendBack), controller.signal).catch(() => undefined)
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
  handle: (command: Command) => Program<unknown, never>
) =>
  fromCallback<EventObject, AnyActorRef>(({ input }) => {
    const controller = new AbortController()
    let queue: Promise<unknown> = Promise.resolve()
    const subscriptions = types.map((type) =>
      input.on(type, (command: Command) => {
        queue = queue.then(() => runProgram(handle(command), controller.signal).catch(() => undefined))
      })
    )
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe()
      controller.abort()
    }
  })
