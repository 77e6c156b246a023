// Bulk writes and large reads held at once (slots per key: a user, an address). Large reads of a slide's annotations (a list answer streamed beyond one chunk, a compact read of
// more than a megabyte) held at once per client address: beyond the limit a clear 429 with
// Retry-After, before anything is read. A slot is held until its answer has been written out (or
// the client went away), so a client that opens many and reads them slowly cannot pile them up.
import { Effect, Stream } from "effect"
import { HttpServerResponse } from "effect/http"

/** Large reads one address may have under way at once (a viewer opens one per slide it shows). */
export const LARGE_READS_PER_ADDRESS = 4
/** Seconds a refused reader is told to wait: about what a large read of a big slide takes. */
export const LARGE_READ_RETRY_SECONDS = 5

export const makeLargeReadSlots = (limit = LARGE_READS_PER_ADDRESS) => {
  const held = new Map<string, number>()
  /** A slot for `address`, as the function that gives it back (once); undefined when all are taken. */
  const take = (address: string): (() => void) | undefined => {
    const now = held.get(address) ?? 0
    if (now >= limit) return undefined
    held.set(address, now + 1)
    let given = false
    return () => {
      if (given) return
      given = true
      const left = (held.get(address) ?? 1) - 1
      if (left <= 0) held.delete(address)
      else held.set(address, left)
    }
  }
  /** Whether `address` holds a slot now. */
  const busy = (address: string): boolean => held.has(address)
  return { take, busy }
}

/** The contract's TooManyRequests, with the Retry-After header a 429 should carry. */
export const tooManyLargeReads = () =>
  HttpServerResponse.text(
    JSON.stringify({
      _tag: "TooManyRequests",
      message: `Too many large reads from your address at once: at most ${LARGE_READS_PER_ADDRESS}. Try again in ${LARGE_READ_RETRY_SECONDS} seconds.`,
      retry_after: LARGE_READ_RETRY_SECONDS
    }),
    { status: 429, contentType: "application/json", headers: { "retry-after": String(LARGE_READ_RETRY_SECONDS) } }
  )

/** A second bulk write of the same user while one is under way. */
export const BULK_WRITE_RETRY_SECONDS = 2

export const tooManyBulkWrites = () =>
  HttpServerResponse.text(
    JSON.stringify({
      _tag: "TooManyRequests",
      message: "Your previous bulk save of annotations is still under way: send the next one when it is answered.",
      retry_after: BULK_WRITE_RETRY_SECONDS
    }),
    { status: 429, contentType: "application/json", headers: { "retry-after": String(BULK_WRITE_RETRY_SECONDS) } }
  )

/** `body` as a streamed answer that gives its slot back when written out, failed or abandoned. */
export const streamedWithSlot = (body: Stream.Stream<Uint8Array>, release: () => void, contentType: string, headers = {}, status = 200) =>
  HttpServerResponse.stream(body.pipe(Stream.ensuring(Effect.sync(release))), { contentType, headers, status })
