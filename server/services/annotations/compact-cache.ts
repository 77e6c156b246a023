// The compact read of a slide, kept per slide revision (server/db/annotation-revision.ts) and
// audience (members see authors' emails, others not). Twenty readers of one slide cost one build:
// concurrent misses of a key share one read of the database (lru-cache's fetch), and every later
// reader of the same revision gets the same bytes. A write raises the revision, so the next read
// misses and builds anew; the old entry ages out of the LRU. Bounded by bytes, per process.
import type { Kysely } from "kysely"
import { LRUCache } from "lru-cache"
import { compactAnnotations } from "../../db/annotation-compact.ts"
import type { Engine } from "../../db/engine.ts"
import type { Database } from "../../db/schema.ts"

/** Bytes of compact reads one process keeps (100,000 polygons of 9 vertices are about 57 MB). */
export const COMPACT_CACHE_BYTES = 256 * 1024 * 1024

interface Source {
  readonly db: Kysely<Database>
  readonly labId: string
  readonly emails: boolean
}

export const makeCompactCache = (engine: Engine) => {
  const cache = new LRUCache<string, Uint8Array, Source>({
    maxSize: COMPACT_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
    fetchMethod: (_key, _stale, { context }) => compactAnnotations(context.db, engine, context.labId, context.emails)
  })
  return async (db: Kysely<Database>, labId: string, revision: number, emails: boolean, createdSince?: string): Promise<Uint8Array> => {
    // The shapes created since a time: a few thousand, read once by each screen that heard of them.
    if (createdSince !== undefined) return compactAnnotations(db, engine, labId, emails, createdSince)
    const bytes = await cache.fetch(`${labId}:${revision}:${emails ? "members" : "others"}`, { context: { db, labId, emails } })
    // Larger than the whole cache (never kept): built for this reader alone.
    return bytes ?? compactAnnotations(db, engine, labId, emails)
  }
}
