// The parts of a chunked upload: one row per accepted chunk (upload_parts, in the shared database)
// naming the part in the blob store that holds its bytes. The upload's bytes are the parts in
// order of `start`; they are read back as one stream to put the original together, and to compare
// a retried chunk with what is held.
import { Readable } from "node:stream"
import { Effect } from "effect"
import { stamp } from "../../domain/clock.ts"
import { COMPLETING_LEASE_MS } from "../../domain/upload-policy.ts"
import type { BlobBackend } from "../platform/blob-backend.ts"
import type { Trx } from "../platform/Database.ts"

export interface PartRow {
  readonly start: number
  readonly size: number
  readonly part: string
}

export const insertPart = async (trx: Trx, uploadId: string, start: number, size: number, part: string) => {
  await trx.insertInto("upload_parts").values({ upload_id: uploadId, start, size, part }).execute()
}

export const partsOf = async (db: Trx, uploadId: string): Promise<Array<PartRow>> =>
  (await db.selectFrom("upload_parts").select(["start", "size", "part"]).where("upload_id", "=", uploadId).orderBy("start").execute()).map(
    (row) => ({ start: Number(row.start), size: Number(row.size), part: row.part })
  )

/** Whether the parts hold every byte of `total`, each one starting where the one before ended. */
export const isWhole = (parts: ReadonlyArray<PartRow>, total: number): boolean => {
  let at = 0
  for (const part of parts) {
    if (part.start !== at) return false
    at += part.size
  }
  return at === total
}

/** The end of a lease that starts now. */
export const completingLease = () => new Date(Date.now() + COMPLETING_LEASE_MS).toISOString()

/**
 * Takes over putting an upload together: every byte is in, it is not complete, and no one holds
 * a live lease (the server that took the last byte crashed, or has not started). False otherwise.
 */
export const takeCompletion = async (db: Trx, uploadId: string): Promise<boolean> => {
  const taken = await db
    .updateTable("uploads")
    .set({ completing_until: completingLease() })
    .where("id", "=", uploadId)
    .where("completed_at", "is", null)
    .whereRef("received", "=", "total_size")
    .where((eb) => eb.or([eb("completing_until", "is", null), eb("completing_until", "<", stamp())]))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

/**
 * Gives the lease up after a completion that failed (the store down, the request interrupted), so
 * that the client's retried last chunk may complete the upload at once rather than after the lease.
 */
export const releaseCompletion = async (db: Trx, uploadId: string): Promise<void> => {
  await db.updateTable("uploads").set({ completing_until: null }).where("id", "=", uploadId).where("completed_at", "is", null).execute()
}

/** Uploads whose every byte is in but whose completion lease has lapsed: the sweep finishes them. */
export const stalledCompletions = (db: Trx) =>
  db
    .selectFrom("uploads")
    .select(["id", "user_id"])
    .where("completed_at", "is", null)
    .whereRef("received", "=", "total_size")
    .where("completing_until", "<", stamp())
    .limit(100)
    .execute()

/** The upload's bytes from `from` on, read part after part from the store. */
export const partsStream = (blobs: BlobBackend, parts: ReadonlyArray<PartRow>, from: number): Readable =>
  Readable.from(
    (async function* () {
      for (const part of parts) {
        if (part.start + part.size <= from) continue
        const stream = await Effect.runPromise(blobs.openPart(part.part, Math.max(0, from - part.start)))
        if (!stream) throw new Error(`an upload's part is missing from the store: ${part.part}`)
        for await (const chunk of stream) yield chunk as Buffer
      }
    })(),
    { objectMode: false }
  )
