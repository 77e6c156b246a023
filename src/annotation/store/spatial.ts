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

/** What the index holds: a shape, or anything with an id and a box. */
export interface Boxed {
  readonly id: string
  readonly bbox: BBox
}

interface Entry<T> extends BBox {
  readonly item: T
}

export interface SpatialOptions {
  /** Rebuild when the side index and the removed ids together pass this share of the bulk (default 5 %). */
  readonly rebuildShare?: number
  /** ... and at least this many (default 2,000): below it the side index is cheap whatever the share. */
  readonly rebuildAtLeast?: number
}

const covers = (box: BBox, inner: BBox): boolean =>
  box.minX <= inner.minX && box.minY <= inner.minY && box.maxX >= inner.maxX && box.maxY >= inner.maxY

/**
 * Holds the items themselves, not their ids: a viewport query of a million detections answered
 * shapes straight from the index, where looking each id up in the store's map cost 0.75 s.
 */
export class SpatialIndex<T extends Boxed = Boxed> {
  private bulk: Flatbush | null = null
  private bulkItems: Array<T> = []
  /** Ids in the bulk that no longer count (removed, or moved to the side index). */
  private stale = new Set<string>()
  private side = new RBush<Entry<T>>(9)
  private sideEntries = new Map<string, Entry<T>>()
  private readonly rebuildShare: number
  private readonly rebuildAtLeast: number
  /** How many bulk builds ran, for tests and the bench. */
  builds = 0

  constructor(options: SpatialOptions = {}) {
    this.rebuildShare = options.rebuildShare ?? 0.05
    this.rebuildAtLeast = options.rebuildAtLeast ?? 2000
  }

  /** Replaces everything with these items, in one bulk build. */
  load(items: ReadonlyArray<T>): void {
    this.side.clear()
    this.sideEntries.clear()
    this.stale.clear()
    this.bulkItems = [...items]
    if (items.length === 0) {
      this.bulk = null
      return
    }
    const bulk = new Flatbush(items.length)
    for (const { bbox: b } of items) bulk.add(b.minX, b.minY, b.maxX, b.maxY)
    bulk.finish()
    this.bulk = bulk
    this.builds++
  }

  /** Adds an item, or replaces the item of its id (its box may have moved). */
  set(item: T): void {
    this.delete(item.id)
    const { bbox } = item
    const entry: Entry<T> = { item, minX: bbox.minX, minY: bbox.minY, maxX: bbox.maxX, maxY: bbox.maxY }
    this.side.insert(entry)
    this.sideEntries.set(item.id, entry)
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

  /** Whether the accumulated edits call for a rebuild (the caller passes the current items). */
  get wantsRebuild(): boolean {
    const edits = this.sideEntries.size + this.stale.size
    return edits >= this.rebuildAtLeast && edits >= this.bulkItems.length * this.rebuildShare
  }

  /** The items whose boxes meet the box, as they were last set; each once. */
  search(box: BBox, out: Array<T> = []): Array<T> {
    const bulk = this.bulk
    if (bulk !== null && this.stale.size === 0 && covers(box, bulk)) {
      // The whole slide in view (as a slide opens): every item, in load order, without a tree walk
      // and its array of a million indices.
      for (const item of this.bulkItems) out.push(item)
    } else if (bulk !== null) {
      const hits = bulk.search(box.minX, box.minY, box.maxX, box.maxY)
      if (this.stale.size === 0) for (const i of hits) out.push(this.bulkItems[i]!)
      else
        for (const i of hits) {
          const item = this.bulkItems[i]!
          if (!this.stale.has(item.id)) out.push(item)
        }
    }
    if (this.sideEntries.size > 0) for (const entry of this.side.search(box)) out.push(entry.item)
    return out
  }

  get size(): number {
    let live = this.sideEntries.size
    if (this.bulk !== null) for (const item of this.bulkItems) if (!this.stale.has(item.id)) live++
    return live
  }
}
