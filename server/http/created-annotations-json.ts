// A bulk create's answer, written from texts: the annotations' stored JSON is already the `data`
// of each answer, so nothing is stringified again (5,000 shapes took ~40 ms), and a large answer
// is written in slices, each on its own turn of the event loop. The text is that of
// JSON.stringify(ok({ results }, message)) (server/http/envelope.ts); the server tests decode it
// with the contract's CreatedAnnotations.
import { Stream } from "effect"
import type { AnnotationJson } from "../domain/annotation-json.ts"

/** Annotations per written slice: ~250 KB. */
const SLICE = 100

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

const head = (message: string) => `{"status":"success","message":${JSON.stringify(message)},"data":{"results":[`
const TAIL = "]}}"

/** The whole answer as one text (a small create). */
export const createdText = (results: ReadonlyArray<AnnotationJson>, message: string): string => head(message) + results.join(",") + TAIL

/** The answer in slices (a large create). */
export const createdJson = (results: ReadonlyArray<AnnotationJson>, message: string): Stream.Stream<Uint8Array> => {
  const slices = async function* () {
    yield Buffer.from(head(message))
    for (let at = 0; at < results.length; at += SLICE) {
      if (at > 0) await nextTurn()
      const text = results.slice(at, at + SLICE).join(",")
      yield Buffer.from(at === 0 ? text : `,${text}`)
    }
    yield Buffer.from(TAIL)
  }
  return Stream.fromAsyncIterable(slices(), (error) => error).pipe(Stream.orDie)
}
