// The annotation list's JSON answer written as it is read: the same text as
// JSON.stringify(ok(page(results, count, paging))) (server/http/envelope.ts), a chunk of
// annotations at a time, so a member's read of 999,999 annotations never holds them all at once.
import { Stream } from "effect"
import type { Annotation } from "../../src/contract/annotations.ts"
import { pageMeta, type Paging } from "../domain/paging.ts"

export const listJson = (chunks: Stream.Stream<ReadonlyArray<Annotation>>, count: number, paging: Paging): Stream.Stream<Uint8Array> => {
  const encoder = new TextEncoder()
  let first = true
  const rows = chunks.pipe(
    Stream.filter((chunk) => chunk.length > 0),
    Stream.map((chunk) => {
      const text = chunk.map((annotation) => JSON.stringify(annotation)).join(",")
      const out = first ? text : `,${text}`
      first = false
      return encoder.encode(out)
    })
  )
  return Stream.concat(
    Stream.concat(Stream.succeed(encoder.encode('{"status":"success","data":{"results":[')), rows),
    Stream.succeed(encoder.encode(`],"meta":${JSON.stringify(pageMeta(count, paging))}}}`))
  )
}
