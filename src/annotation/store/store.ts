// The viewer's one source of truth for a slide's annotations (after Annotorious's store): shapes by
// id in image pixels, a spatial index over them, and listeners told once per change batch. Every
// batch carries its origin:
//   load    the slide's annotations as the server answered them (replaces everything)
//   local   this user's own edit: the only origin an undo stack records, and the only one sent
//   remote  someone else's edit, from a realtime event: never sent back, never undone
// Renderers subscribe and redraw; they never hold shapes of their own.
import { ringsOf } from "../rings.ts"
import type { Annotation } from "../../contract/annotations.ts"
import type { CompactAnnotations } from "../compact.ts"
import type { BBox } from "../geometry.ts"
import { type Shape, shapeOf, shapesOfCompact } from "./shape.ts"
import { ShapeTable } from "./shape-table.ts"
import { SpatialIndex, type SpatialOptions } from "./spatial.ts"

export type Origin = "local" | "remote" | "load"

export interface Change {
  readonly origin: Origin
  /** Shapes added or replaced, as they are now. */
  readonly upserted: ReadonlyArray<Shape>
  /** Shapes removed, as they were. */
  readonly removed: ReadonlyArray<Shape>
  /** True for a load: everything was replaced. */
  readonly reset: boolean
}

export type Listener = (change: Change) => void

export interface Batch {
  readonly upsert?: ReadonlyArray<Shape>
  readonly remove?: ReadonlyArray<string>
}

/** Annotations the store could not draw (a selector it cannot parse), with why. */
export interface LoadReport {
  readonly loaded: number
  readonly skipped: ReadonlyArray<string>
}

/** A restyle of this many shapes or more rebuilds the spatial index rather than replacing each. */
const RESTYLE_IN_BULK = 2000

export class AnnotationStore {
  /** By id; a load is moved into it in idle time (shape-table.ts). */
  private readonly shapes = new ShapeTable()
  /** Holds the shapes as they are now: every change of a shape's object goes to it too. */
  private readonly index: SpatialIndex<Shape>
  private readonly listeners = new Set<Listener>()
  /** Hidden labels: their shapes stay in the store but queries pass over them. */
  private readonly hiddenLabels = new Set<string>()
  /**
   * This viewer's own hide and show of single annotations, over the annotation's stored `visible`
   * flag (a display setting per viewer, as in QuPath: hiding a shape to see the tissue under it
   * must not hide it on a colleague's screen).
   */
  private readonly shownOverrides = new Map<string, boolean>()

  constructor(options: SpatialOptions = {}) {
    this.index = new SpatialIndex<Shape>(options)
  }

  get size(): number {
    return this.shapes.size
  }

  get(id: string): Shape | undefined {
    return this.shapes.get(id)
  }

  all(): IterableIterator<Shape> {
    return this.shapes.values()
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /** Replaces everything with the slide's annotations as the server answered them. */
  load(annotations: ReadonlyArray<Annotation>): LoadReport {
    const shapes: Array<Shape> = []
    const skipped: Array<string> = []
    for (const annotation of annotations) {
      const parsed = shapeOf(annotation)
      if (parsed.ok) shapes.push(parsed.shape)
      else skipped.push(parsed.error)
    }
    this.loadShapes(shapes)
    return { loaded: shapes.length, skipped }
  }

  /** Replaces everything with the slide's annotations as the compact read answered them (no parsing). */
  loadCompact(compact: CompactAnnotations): void {
    this.loadShapes(shapesOfCompact(compact))
  }

  /** Replaces everything with these shapes (origin `load`), in one bulk index build. */
  loadShapes(shapes: ReadonlyArray<Shape>): void {
    const removed = [...this.shapes.values()]
    this.shapes.reset(shapes)
    this.index.load(shapes)
    this.settleWhenIdle()
    this.notify({ origin: "load", upserted: shapes, removed, reset: true })
  }

  /**
   * Fills the id table in the page's idle time after a load (none in Node, where it fills on first
   * use). A slice that finds a later load's shapes simply moves those.
   */
  private settleWhenIdle(): void {
    if (typeof requestIdleCallback !== "function" || this.shapes.settled) return
    // With a timeout: while someone pans without pause the page is never idle, and a slice that
    // comes late still moves one chunk, so the table fills and a later click never waits for it.
    const slice = (idle: IdleDeadline) => {
      if (!this.shapes.settleSome(performance.now() + idle.timeRemaining())) requestIdleCallback(slice, { timeout: 500 })
    }
    requestIdleCallback(slice, { timeout: 500 })
  }

  /** Adds, replaces and removes shapes in one batch; listeners hear it once. */
  apply(origin: Exclude<Origin, "load">, batch: Batch): Change {
    const upserted: Array<Shape> = []
    const removed: Array<Shape> = []
    for (const shape of batch.upsert ?? []) {
      const previous = this.shapes.get(shape.id)
      // A remote echo of a version we already hold (our own edit coming back) changes nothing.
      if (origin === "remote" && previous !== undefined && previous.version >= shape.version) continue
      this.shapes.set(shape)
      this.index.set(shape)
      upserted.push(shape)
    }
    for (const id of batch.remove ?? []) {
      const previous = this.shapes.get(id)
      if (previous === undefined) continue
      this.shapes.delete(id)
      this.index.delete(id)
      removed.push(previous)
    }
    if (this.index.wantsRebuild) this.index.load([...this.shapes.values()])
    const change: Change = { origin, upserted, removed, reset: false }
    if (upserted.length > 0 || removed.length > 0) this.notify(change)
    return change
  }

  /**
   * Gives every shape of a label the label's name and colour as they are now (renamed or recoloured
   * here or elsewhere): the shapes' geometry and versions are untouched, so nothing else changes.
   */
  restyle(labelId: string, name: string, color: string): void {
    const upserted: Array<Shape> = []
    for (const shape of this.shapes.values()) {
      if (shape.labelId !== labelId || (shape.labelName === name && shape.color === color)) continue
      const restyled = { ...shape, labelName: name, color }
      this.shapes.set(restyled)
      upserted.push(restyled)
    }
    // The index holds the shapes' objects: a label of many shapes is rebuilt in bulk, not moved one by one.
    if (upserted.length >= RESTYLE_IN_BULK) this.index.load([...this.shapes.values()])
    else for (const shape of upserted) this.index.set(shape)
    if (upserted.length > 0) this.notify({ origin: "remote", upserted, removed: [], reset: false })
  }

  /** Shows or hides every shape of a label (a view setting: no origin, no undo). */
  setLabelVisible(labelId: string, visible: boolean): void {
    if (visible === !this.hiddenLabels.has(labelId)) return
    if (visible) this.hiddenLabels.delete(labelId)
    else this.hiddenLabels.add(labelId)
    this.notify({ origin: "local", upserted: [], removed: [], reset: false })
  }

  /** Shows or hides one annotation on this screen (a view setting: no origin, no undo, never sent). */
  setShown(id: string, shown: boolean): void {
    const shape = this.shapes.get(id)
    if (shape !== undefined && shown === this.isVisible(shape)) return
    // Back to what the annotation says: no override left.
    if (shape !== undefined && shown === shape.visible) this.shownOverrides.delete(id)
    else this.shownOverrides.set(id, shown)
    this.notify({ origin: "local", upserted: [], removed: [], reset: false })
  }

  /** This viewer's overrides, by id (what is kept between visits). */
  shownOverridesOf(): ReadonlyMap<string, boolean> {
    return this.shownOverrides
  }

  /** Puts back the overrides kept from an earlier visit, in one change. */
  restoreShown(overrides: Iterable<readonly [string, boolean]>): void {
    this.shownOverrides.clear()
    for (const [id, shown] of overrides) this.shownOverrides.set(id, shown)
    this.notify({ origin: "local", upserted: [], removed: [], reset: false })
  }

  /** Whether the annotation itself is shown here: this viewer's choice, else its stored flag. */
  isVisible(shape: Shape): boolean {
    // Asked for every shape of every frame: no lookup while this viewer has hidden none.
    return this.shownOverrides.size === 0 ? shape.visible : (this.shownOverrides.get(shape.id) ?? shape.visible)
  }

  /** Whether the shape is drawn: shown itself and its label not hidden. */
  isShown(shape: Shape): boolean {
    return this.isVisible(shape) && !this.hiddenLabels.has(shape.labelId)
  }

  /** The shown shapes whose boxes meet the box (a viewport, in image pixels). */
  query(box: BBox, out: Array<Shape> = []): Array<Shape> {
    const found = this.index.search(box)
    // Asked every frame, for up to a million shapes: the plain stored flag while nothing is hidden here.
    if (this.shownOverrides.size === 0 && this.hiddenLabels.size === 0) {
      for (const shape of found) if (shape.visible) out.push(shape)
    } else for (const shape of found) if (this.isShown(shape)) out.push(shape)
    return out
  }

  /**
   * The topmost shown shape under the point, within `tolerance` image pixels of its outline (or
   * inside a closed shape). Among several, the smallest wins: a cell inside a region is picked
   * before the region.
   */
  hitTest(x: number, y: number, tolerance: number): Shape | undefined {
    const candidates = this.query({ minX: x - tolerance, minY: y - tolerance, maxX: x + tolerance, maxY: y + tolerance })
    let best: Shape | undefined
    let bestArea = Number.POSITIVE_INFINITY
    for (const shape of candidates) {
      if (!hits(shape, x, y, tolerance)) continue
      const area = (shape.bbox.maxX - shape.bbox.minX) * (shape.bbox.maxY - shape.bbox.minY)
      if (area < bestArea) {
        best = shape
        bestArea = area
      }
    }
    return best
  }

  private notify(change: Change): void {
    for (const listener of this.listeners) listener(change)
  }
}

const segmentDistance2 = (px: number, py: number, ax: number, ay: number, bx: number, by: number): number => {
  const dx = bx - ax
  const dy = by - ay
  const length2 = dx * dx + dy * dy
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2))
  const cx = ax + t * dx - px
  const cy = ay + t * dy - py
  return cx * cx + cy * cy
}

/** Even-odd test of a closed ring. */
const inside = (coords: Float64Array, x: number, y: number): boolean => {
  let within = false
  const n = coords.length / 2
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = coords[i * 2]!
    const yi = coords[i * 2 + 1]!
    const xj = coords[j * 2]!
    const yj = coords[j * 2 + 1]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within
  }
  return within
}

/** Even-odd over every ring (inside a hole is outside), or within reach of any ring's edge. */
const hitsRings = (rings: ReadonlyArray<Float64Array>, x: number, y: number, t2: number): boolean => {
  let within = false
  for (const ring of rings) if (inside(ring, x, y)) within = !within
  if (within) return true
  for (const ring of rings) {
    const n = ring.length / 2
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n
      if (segmentDistance2(x, y, ring[i * 2]!, ring[i * 2 + 1]!, ring[j * 2]!, ring[j * 2 + 1]!) <= t2) return true
    }
  }
  return false
}

/** Whether the point is on the shape: inside a closed one, or within the tolerance of its outline or points. */
export const hits = (shape: Pick<Shape, "kind" | "coords">, x: number, y: number, tolerance: number): boolean => {
  const { coords, kind } = shape
  const t2 = tolerance * tolerance
  const n = coords.length / 2
  if (kind === "points") {
    for (let i = 0; i < n; i++) {
      const dx = coords[i * 2]! - x
      const dy = coords[i * 2 + 1]! - y
      if (dx * dx + dy * dy <= t2) return true
    }
    return false
  }
  if (kind === "area") return hitsRings(ringsOf(coords), x, y, t2)
  const closed = kind !== "polyline"
  if (closed && inside(coords, x, y)) return true
  const last = closed ? n : n - 1
  for (let i = 0; i < last; i++) {
    const j = (i + 1) % n
    if (segmentDistance2(x, y, coords[i * 2]!, coords[i * 2 + 1]!, coords[j * 2]!, coords[j * 2 + 1]!) <= t2) return true
  }
  return false
}
