// The loop every background worker runs (pyramids, analyses): take jobs one at a time until none is
// left, then sleep until woken (a job was queued in this process) or the poll interval passes (a job
// queued by another process, or one whose lease ran out). The latch starts open, so jobs left by a
// stopped process are taken up at start. A failure of the loop itself is logged and the loop goes on.
import { Effect, Latch } from "effect"
import type { Scope } from "effect"
import { POLL_MS } from "../../domain/job-policy.ts"

export interface JobLoop<J, E, R> {
  /** What the worker is called in its logs. */
  readonly name: string
  /** The next job this process may run, claimed; nothing when there is none. */
  readonly claim: () => Effect.Effect<J | undefined | null, E, R>
  readonly handle: (job: J) => Effect.Effect<void, E, R>
  /** Calls `wake` whenever a job is queued here; answers the function that stops calling it. */
  readonly onQueued: (wake: () => void) => () => void
}

export const runJobLoop = <J, E, R>(loop: JobLoop<J, E, R>): Effect.Effect<void, never, R | Scope.Scope> =>
  Effect.gen(function* () {
    const drain = Effect.gen(function* () {
      for (;;) {
        const job = yield* loop.claim()
        if (job === undefined || job === null) return
        yield* loop.handle(job)
      }
    })
    const wake = yield* Latch.make(true)
    const stop = loop.onQueued(() => Latch.openUnsafe(wake))
    yield* Effect.addFinalizer(() => Effect.sync(stop))
    const turn = Effect.gen(function* () {
      yield* Latch.await(wake).pipe(Effect.timeoutOption(POLL_MS))
      yield* Latch.close(wake)
      yield* drain
    }).pipe(
      Effect.catchCause((cause) => Effect.logWarning(`${loop.name} failed; will retry`, cause)),
      Effect.forever
    )
    yield* Effect.forkScoped(turn)
  })
