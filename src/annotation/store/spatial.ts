// The spatial index behind viewport queries and hit-testing: a Flatbush built in bulk over what was
// loaded, plus a small RBush for what changed since (created, moved), plus the ids removed since.
// When the side index or the removed set passes a share of the whole, the Flatbush is rebuilt.
//
// Why this pair (measured on this machine, Node 24, 100,000 boxes; see the store's README comment
// in store.ts): Flatbush builds in ~80 ms where RBush.load takes ~175 ms and inserting one by one
// ~550-900 ms, and answers a viewport query of ~150 hits in ~6-15 µs where RBush takes ~35-45 µs.
// But Flatbush is static: one created shape would mean a rebuild. RBush inserts and removes one
// box in a few µs, so it takes the edits between rebuilds.
import Flatbush from "flatbush"
import RBush from "rbush"
import type { BBox } from "../geometry.ts"

interface Entry extends BBox {
  readonly id: string
}

export interface SpatialOptions {
  /** Rebuild when the side index and the removed ids together pass this share of the bulk (default 5 %). */
  readonly rebuildShare?: number
  /** ... and at least this many (default 2,000): below it the side index is cheap whatever the share. */
  readonly rebuildAtLeast?: number
}

export class SpatialIndex {
  private bulk: Flatbush | null = null
  private bulkIds: Array<string> = []
  /** Ids in the bulk that no longer count (removed, or moved to the side index). */
  private stale = new Set<string>()
  private side = new RBush<Entry>(9)
  private sideEntries = new Map<string, Entry>()
  private readonly rebuildShare: number
  private readonly rebuildAtLeast: number
  /** How many bulk builds ran, for tests and the bench. */
  builds = 0

  constructor(options: SpatialOptions = {}) {
    this.rebuildShare = options.rebuildShare ?? 0.05
    this.rebuildAtLeast = options.rebuildAtLeast ?? 2000
  }

  /** Replaces everything with these boxes, in one bulk build. */
  load(entries: Iterable<readonly [string, BBox]>): void {
    const list = [...entries]
    this.side.clear()
    this.sideEntries.clear()
    this.stale.clear()
    this.bulkIds = list.map(([id]) => id)
    if (list.length === 0) {
      this.bulk = null
      return
    }
    const bulk = new Flatbush(list.length)
    for (const [, b] of list) bulk.add(b.minX, b.minY, b.maxX, b.maxY)
    bulk.finish()
    this.bulk = bulk
    this.builds++
  }

  /** Adds a box, or moves the id's box. */
  set(id: string, box: BBox): void {
    this.delete(id)
    if (this.bulk !== null && this.bulkIds.length > 0) this.stale.add(id)
    const entry: Entry = { id, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY }
    this.side.insert(entry)
    this.sideEntries.set(id, entry)
  }

  delete(id: string): void {
    const entry = this.sideEntries.get(id)
    if (entry !== undefined) {
      this.side.remove(entry)
      this.sideEntries.delete(id)
    }
    // Whether or not the id is in the bulk: a stale id the bulk does not hold only costs a Set entry.
    if (this.bulk !== null) this.stale.add(id)
  }

  /** Whether the accumulated edits call for a rebuild (the caller passes the current boxes). */
  get wantsRebuild(): boolean {
    const edits = this.sideEntries.size + this.stale.size
    return edits >= this.rebuildAtLeast && edits >= this.bulkIds.length * this.rebuildShare
  }

  /** Ids whose boxes meet the box; each id once. */
  search(box: BBox, out: Array<string> = []): Array<string> {
    if (this.bulk !== null) {
      const hits = this.bulk.search(box.minX, box.minY, box.maxX, box.maxY)
      if (this.stale.size === 0) for (const i of hits) out.push(this.bulkIds[i]!)
      else
        for (const i of hits) {
          const id = this.bulkIds[i]!
          if (!this.stale.has(id)) out.push(id)
        }
    }
    if (this.sideEntries.size > 0) for (const entry of this.side.search(box)) out.push(entry.id)
    return out
  }

  get size(): number {
    let live = this.sideEntries.size
    if (this.bulk !== null) for (const id of this.bulkIds) if (!this.stale.has(id)) live++
    return live
  }
}
