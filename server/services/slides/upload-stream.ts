// Writes one multipart file part straight into a file on this disk (a chunk, staged before it
// becomes a part in the blob store): the bytes go from the socket to the disk as they arrive,
// never gathered in memory. The first chunk is sniffed before
// anything is written, so a file of the wrong format leaves no trace.
import { once } from "node:events"
import { createWriteStream } from "node:fs"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { SNIFF_BYTES, sniffFormat } from "../../images/sniff.ts"

/** Why a part was not written: "format" (the first bytes are not a slide), "too-long" (past maxBytes). */
export class PartRefused extends Error {
  readonly reason: "format" | "too-long"
  constructor(reason: "format" | "too-long") {
    super(`part refused: ${reason}`)
    this.reason = reason
  }
}

export interface PartTarget {
  readonly path: string
  readonly offset: number
  /** Create (or empty) the file; otherwise write into the existing one. */
  readonly create: boolean
  /** More bytes than this fail with "too-long". */
  readonly maxBytes: number
  /** Check the first bytes for a slide format before writing anything. */
  readonly sniff: boolean
}

/** Answers how many bytes the part held; the file holds them at `offset`. */
export const writePart = async (source: Readable, target: PartTarget, signal?: AbortSignal): Promise<number> => {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  const head: Buffer[] = []
  let headBytes = 0
  if (target.sniff) {
    while (headBytes < SNIFF_BYTES) {
      const next = await chunks.next()
      if (next.done) break
      head.push(next.value)
      headBytes += next.value.length
    }
    if (sniffFormat(Buffer.concat(head, Math.min(headBytes, SNIFF_BYTES * 4)).subarray(0, SNIFF_BYTES)) === undefined)
      throw new PartRefused("format")
  }
  let written = 0
  const counted = (chunk: Buffer) => {
    written += chunk.length
    if (written > target.maxBytes) throw new PartRefused("too-long")
    return chunk
  }
  async function* bytes() {
    for (const chunk of head) yield counted(chunk)
    for (;;) {
      const next = await chunks.next()
      if (next.done) return
      yield counted(next.value)
    }
  }
  const file = createWriteStream(target.path, { flags: target.create ? "w" : "r+", start: target.offset, highWaterMark: 1024 * 1024 })
  try {
    await pipeline(bytes(), file, signal ? { signal } : {})
  } catch (error) {
    // The pipeline fails as soon as the bytes do, while the file may still be opening: wait until
    // it is closed, so that a caller removing it does not do so before it is created.
    if (!file.closed) await once(file, "close").catch(() => undefined)
    throw error
  }
  return written
}

/** Reads what is left of a part and throws it away, so the form's next part can be parsed. */
export const drainPart = (source: Readable): Promise<void> =>
  new Promise((resolve) => {
    if (source.readableEnded || source.destroyed) return resolve()
    source
      .once("end", resolve)
      .once("close", resolve)
      .once("error", () => resolve())
    source.resume()
  })

/** Reads a stream to its end (a part: one chunk's bytes). */
const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Array<Buffer> = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * Whether a part (`mine`, one chunk's bytes) holds exactly the bytes in `held` (the upload's bytes
 * from the part's offset on: its other parts', or its stored original's, which may be in a bucket).
 */
export const sameBytes = async (part: Readable, held: Readable): Promise<boolean> => {
  const mine = await readAll(part)
  const chunks: Array<Buffer> = []
  let length = 0
  try {
    for await (const chunk of held) {
      chunks.push(chunk as Buffer)
      length += (chunk as Buffer).length
      if (length >= mine.length) break
    }
  } finally {
    held.destroy()
  }
  const theirs = Buffer.concat(chunks, length)
  return theirs.length >= mine.length && theirs.subarray(0, mine.length).equals(mine)
}
