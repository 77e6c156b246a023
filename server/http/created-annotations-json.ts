// A bulk create's answer written in slices: the same text as
// JSON.stringify(ok({ results }, "Annotations saved.")) (server/http/envelope.ts), but each slice
// of annotations stringified on its own turn of the event loop. Stringifying 5,000 shapes (6 MB)
// at once held the loop for ~40 ms, and writing it in one piece for as long again, while other
// users' plain reads waited.
import { Stream } from "effect"
import type { Annotation } from "../../src/contract/annotations.ts"
import { CHECK_SLICE } from "../domain/annotation-data.ts"

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export const createdJson = (results: ReadonlyArray<Annotation>, message: string): Stream.Stream<Uint8Array> => {
  const encoder = new TextEncoder()
  const slices = async function* () {
    yield encoder.encode(`{"status":"success","message":${JSON.stringify(message)},"data":{"results":[`)
    for (let at = 0; at < results.length; at += CHECK_SLICE) {
      if (at > 0) await nextTurn()
      const text = results
        .slice(at, at + CHECK_SLICE)
        .map((annotation) => JSON.stringify(annotation))
        .join(",")
      yield encoder.encode(at === 0 ? text : `,${text}`)
    }
    yield encoder.encode("]}}")
  }
  return Stream.fromAsyncIterable(slices(), (error) => error).pipe(Stream.orDie)
}
