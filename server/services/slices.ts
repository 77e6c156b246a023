// Long CPU work in slices: a generator that yields between slices runs to its end with a pause on
// the event loop (setImmediate) at every yield, so requests that arrived meanwhile are answered
// between two slices instead of after the whole work (an 8 MB bulk upload parses for seconds).
import { Effect } from "effect"

const pause = () => new Promise<void>((resolve) => setImmediate(resolve))

export const runInSlices = <A>(steps: Generator<void, A>): Effect.Effect<A> =>
  Effect.promise(async () => {
    let step = steps.next()
    while (!step.done) {
      await pause()
      step = steps.next()
    }
    return step.value
  })
