// What the in-memory name index (server/search/owner-index.ts) costs for one owner: the time to read
// their labs and build the index, and the heap it holds per lab (SEARCH_INDEX_LABS's budget is set
// from it). Run by the labs bench on its seeded database, in the bench's own process.
import { openDatabase } from "../../server/db/database.ts"
import { ownerLabs } from "../../server/db/lab-change-log.ts"
import { OwnerIndex } from "../../server/search/owner-index.ts"
import { collectGarbage } from "./load.ts"

export const measureNameIndex = async (place: { readonly databaseUrl: string | undefined; readonly dataDir: string }, ownerId: string): Promise<string> => {
  const { db } = await openDatabase(place)
  try {
    collectGarbage()
    const before = process.memoryUsage().heapUsed
    const read = performance.now()
    const { version, labs } = await ownerLabs(db, ownerId, Number.MAX_SAFE_INTEGER)
    const built = performance.now()
    const index = new OwnerIndex(ownerId, version, labs)
    const done = performance.now()
    // Only the index stays reachable: the rows it was built from are dropped before measuring.
    ;(labs as unknown as unknown[]).length = 0
    collectGarbage()
    const bytes = (process.memoryUsage().heapUsed - before) / index.size
    return `name index of ${index.size} labs: read ${(built - read).toFixed(0)} ms, built ${(done - built).toFixed(0)} ms, ${bytes.toFixed(0)} bytes of heap a lab`
  } finally {
    await db.destroy()
  }
}
