// Drives one actor of a machine by hand for scenario tests: its invoked promise actors wait until the
// test settles them, and every invocation is recorded with its input. Time is the test's too: the
// actor runs on a simulated clock, and its delayed transitions (`after`) are taken when the test
// lets the time pass (`wait`).
import { type AnyStateMachine, type Actor, createActor, fromPromise, type InputFrom, SimulatedClock } from "xstate"
import type { Invocation } from "./modelHarness.ts"

export const drive = <M extends AnyStateMachine>(
  machine: M,
  promiseActors: ReadonlyArray<string>,
  options: { readonly input?: InputFrom<M>; readonly provide?: Parameters<M["provide"]>[0] } = {}
) => {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  const invocations: Array<Invocation> = []
  const actors = Object.fromEntries(
    promiseActors.map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            invocations.push({ src, input })
            pending.set(src, { resolve, reject })
          })
      )
    ])
  )
  const provided = machine.provide({
    ...options.provide,
    actors: { ...options.provide?.actors, ...actors }
  } as Parameters<M["provide"]>[0]) as M
  const clock = new SimulatedClock()
  const actor: Actor<M> = createActor(provided, { input: options.input, clock })
  actor.start()

  const settle = () => new Promise<void>((r) => setImmediate(r))
  const take = (src: string) => {
    const running = pending.get(src)
    if (!running) throw new Error(`"${src}" is not running`)
    pending.delete(src)
    return running
  }
  return {
    actor,
    invocations,
    /** The input of the latest run of `src`. */
    lastInput: (src: string): unknown => invocations.filter((i) => i.src === src).at(-1)?.input,
    isRunning: (src: string) => pending.has(src),
    /** Lets `ms` milliseconds pass on the actor's clock: the delayed transitions due by then are taken. */
    wait: async (ms: number) => {
      clock.increment(ms)
      await settle()
    },
    send: async (event: Parameters<Actor<M>["send"]>[0]) => {
      actor.send(event)
      await settle()
    },
    succeed: async (src: string, output: unknown) => {
      take(src).resolve(output)
      await settle()
    },
    fail: async (src: string, error: unknown) => {
      take(src).reject(error)
      await settle()
    }
  }
}
