// The store's shapes by id, filled lazily after a load. Putting a million detections' ids into a Map
// took 1.2 s of the open in Chromium's profile, and the first drawing needs none of it: it draws what
// the spatial index returns. So a load keeps the loaded array as it is and moves it into the Map in
// idle slices after the first frame (settleSome); anything that needs an id before that (a get, an
// edit, a live change) moves the rest at once. Until then the loaded array answers size and values.
import type { Shape } from "./shape.ts"

/** Shapes moved into the Map between two looks at the clock. */
const CHUNK = 4096

export class ShapeTable {
  private readonly byId = new Map<string, Shape>()
  /** The last load's shapes, of which the first `moved` are in byId; null once all are. */
  private pending: ReadonlyArray<Shape> | null = null
  private moved = 0

  get size(): number {
    return this.pending === null ? this.byId.size : this.pending.length
  }

  /** Whether every loaded shape is in the Map. */
  get settled(): boolean {
    return this.pending === null
  }

  get(id: string): Shape | undefined {
    this.settle()
    return this.byId.get(id)
  }

  /** Every shape; while a load is still being moved, the load's own array (nothing has changed since). */
  values(): IterableIterator<Shape> {
    return this.pending === null ? this.byId.values() : this.pending.values()
  }

  set(shape: Shape): void {
    this.settle()
    this.byId.set(shape.id, shape)
  }

  delete(id: string): void {
    this.settle()
    this.byId.delete(id)
  }

  /** Replaces everything with these shapes (of distinct ids, as a read of the server gives them). */
  reset(shapes: ReadonlyArray<Shape>): void {
    this.byId.clear()
    this.pending = shapes.length > 0 ? shapes : null
    this.moved = 0
  }

  /** Moves loaded shapes into the Map until `deadline` (performance.now()); true once all are in. */
  settleSome(deadline: number): boolean {
    const pending = this.pending
    if (pending === null) return true
    while (this.moved < pending.length) {
      const end = Math.min(pending.length, this.moved + CHUNK)
      for (let i = this.moved; i < end; i++) this.byId.set(pending[i]!.id, pending[i]!)
      this.moved = end
      if (performance.now() >= deadline) break
    }
    if (this.moved < pending.length) return false
    this.pending = null
    return true
  }

  private settle(): void {
    if (this.pending !== null) this.settleSome(Number.POSITIVE_INFINITY)
  }
}
