// The annotation overlay of one OpenSeadragon viewer: ONE Konva stage inside the viewer's canvas
// element, so it pans, zooms, rotates and goes full screen with it. Two layers:
//   scene  one custom Konva.Shape that draws a cached bitmap of the store's visible shapes,
//          listening(false): Konva never hit-tests or keeps a node per annotation
//   tools  real Konva nodes, only a handful, one file each under tool-layer/: the shape being drawn
//          (preview.ts), the selected shape with its handles (selected.ts), shapes waiting for the
//          server (pending.ts), several selected shapes being dragged (moving.ts; the scene leaves
//          them out meanwhile) and the selection box (one rectangle). A selection of several is highlighted
//          in the scene itself (selection-drawing.ts), so it costs no node per shape whatever its size.
// The scene's cache (scene-cache.ts) is rendered again once the view settles (OpenSeadragon's
// 'animation-finish', or no move for SETTLE_MS) or when the store or the selection changes, in slices
// of a few milliseconds per animation frame, so a render of 100,000 shapes never makes one long frame.
// On every 'update-viewport' (OpenSeadragon fires it inside its own animation frame, with the
// animated bounds) the transform is read again and both layers drawn at once, so shapes never lag
// the tiles. Every viewer handler added here is removed in destroy().
import Konva from "konva"
import type OpenSeadragon from "openseadragon"
import type { BBox } from "../geometry.ts"
import { isLocked } from "../props.ts"
import type { Shape } from "../store/shape.ts"
import type { AnnotationStore } from "../store/store.ts"
import { SceneRenderer, type SceneStats } from "./scene.ts"
import { SELECTION_BOX } from "./selection-drawing.ts"
import { SceneCache } from "./scene-cache.ts"
import { MovingNode } from "./tool-layer/moving.ts"
import { PendingNode, type PendingShape } from "./tool-layer/pending.ts"
import { type Preview, PreviewNodes } from "./tool-layer/preview.ts"
import { SelectedNodes } from "./tool-layer/selected.ts"
import { type Affine, affineFrom, apply, IDENTITY, invert, konvaAttrs, sameAffine, scaleOf } from "./transform.ts"

export type { PendingShape } from "./tool-layer/pending.ts"
export type { Preview } from "./tool-layer/preview.ts"

export interface OverlayOptions {
  /**
   * Told after every frame in which the overlay drew (a slice of a render, the cached bitmap, or
   * both), with the stats of the shapes shown, the overlay's own time in that frame, and whether what
   * is shown is the store as it is now (false while the first render after a change is under way).
   */
  readonly onDraw?: (stats: SceneStats, ms: number, current: boolean) => void
}

/** Several selected shapes being dragged: which, and how far (image px). */
export interface Moving {
  readonly ids: ReadonlyArray<string>
  readonly dx: number
  readonly dy: number
}
/** The view counts as settled after this long without a move. */
export const SETTLE_MS = 100
/** A render's time per animation frame while the view moves, and while it is still. */
export const SLICE_MS = { moving: 6, still: 32 } as const

export class AnnotationOverlay {
  readonly element: HTMLDivElement
  private readonly stage: Konva.Stage
  private readonly sceneLayer: Konva.Layer
  private readonly toolLayer: Konva.Layer
  private readonly toolGroup: Konva.Group
  private readonly preview = new PreviewNodes(() => this.scale)
  private readonly selectedNodes = new SelectedNodes()
  private readonly boxRect: Konva.Rect
  private readonly movingNode = new MovingNode(() => this.scale)
  /** Shapes finished but not yet saved (the tools take the next one meanwhile). */
  private readonly pendingNode = new PendingNode(() => this.scale)
  private readonly cache: SceneCache
  /** The selection of several, highlighted in the scene. */
  private selection: ReadonlySet<string> = new Set()
  /** Left out of the scene while they are dragged. */
  private excluded: ReadonlySet<string> | null = null
  /** The drag ended: its preview stays until the scene shows the shapes where they went. */
  private movedAt = -1
  private transform: Affine = IDENTITY
  private ready = false
  private frameRequest = 0
  /** Raised by every change of what the scene shows (the store, the selection, the fill). */
  private version = 0
  private lastMove = 0
  private settleTimer: ReturnType<typeof setTimeout> | null = null
  private fill = 0.14
  private mayEdit = false // whether the user may change the selected shape (`select`)
  private readonly unsubscribe: () => void
  private readonly handlers: Array<readonly [keyof OpenSeadragon.ViewerEventMap, () => void]> = []
  private readonly viewer: OpenSeadragon.Viewer
  private readonly store: AnnotationStore
  private readonly options: OverlayOptions

  constructor(viewer: OpenSeadragon.Viewer, store: AnnotationStore, options: OverlayOptions = {}) {
    this.viewer = viewer
    this.store = store
    this.options = options
    const element = document.createElement("div")
    element.className = "annotation-overlay"
    element.style.cssText = "position:absolute;inset:0;touch-action:none;"
    element.dataset.testid = "annotation-overlay"
    viewer.canvas.appendChild(element)
    this.element = element
    const { width, height } = this.size()
    this.stage = new Konva.Stage({ container: element, width, height, listening: false })
    this.sceneLayer = new Konva.Layer({ listening: false })
    const renderer = new SceneRenderer((w, h) => {
      const canvas = document.createElement("canvas")
      canvas.width = w
      canvas.height = h
      return canvas
    })
    this.cache = new SceneCache(renderer, store)
    const scene = new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.cache.blit(context._context, this.transform, this.sceneLayer.getCanvas().getPixelRatio())
    })
    this.sceneLayer.add(scene)
    this.toolLayer = new Konva.Layer({ listening: false })
    this.toolGroup = new Konva.Group()
    this.boxRect = new Konva.Rect({
      ...SELECTION_BOX,
      visible: false,
      listening: false,
      perfectDrawEnabled: false,
      strokeScaleEnabled: false
    })
    const { preview, selectedNodes: selected } = this
    this.toolGroup.add(
      this.pendingNode.node,
      this.movingNode.node,
      selected.line,
      selected.area,
      selected.handles,
      preview.line,
      preview.area,
      preview.vertices,
      preview.brush.node,
      this.boxRect
    )
    this.toolLayer.add(this.toolGroup, preview.caption)
    this.stage.add(this.sceneLayer, this.toolLayer)

    this.on("update-viewport", () => this.drawNow())
    this.on("animation-finish", () => this.settle())
    this.on("resize", () => {
      const size = this.size()
      this.stage.size(size)
      this.drawNow()
      this.settle()
    })
    this.on("open", () => {
      this.ready = true
      this.drawNow()
      this.settle()
    })
    this.ready = viewer.world.getItemCount() > 0
    this.unsubscribe = store.subscribe((change) => {
      const selected = this.selectedNodes.shape
      if (selected !== null) {
        const now = store.get(selected.id)
        if (now !== selected) this.select(now ?? null, this.mayEdit)
      }
      if (change.upserted.length > 0 || change.removed.length > 0 || change.reset || change.origin === "local") this.requestDraw()
    })
    this.drawNow()
    this.settle()
  }

  /** Fill closed shapes this lightly (0: outlines only). */
  get fillAlpha(): number {
    return this.fill
  }

  set fillAlpha(alpha: number) {
    if (alpha === this.fill) return
    this.fill = alpha
    this.requestDraw()
  }

  /** Image pixels per screen pixel, now. */
  get scale(): number {
    return scaleOf(this.transform)
  }

  /** A point of the overlay (CSS px from its top-left) in image pixels. */
  toImage(x: number, y: number): readonly [number, number] {
    return apply(invert(this.transform), x, y)
  }

  /** A pointer event's position in image pixels. */
  eventToImage(event: { readonly clientX: number; readonly clientY: number }): readonly [number, number] {
    const rect = this.element.getBoundingClientRect()
    return this.toImage(event.clientX - rect.left, event.clientY - rect.top)
  }

  setPreview(preview: Preview | null): void {
    this.preview.show(preview, this.transform, this.scale)
    this.placeTools()
    this.toolLayer.batchDraw()
  }

  /**
   * Shows the selected shape above the scene (which leaves it out), with its handles: squares at the
   * vertices and discs on the edges' midpoints when `editable` and not locked (a lock set or lifted is
   * a store change), dots otherwise (`data-handles` says which); the same shape dragged moves its nodes.
   */
  select(shape: Shape | null, editable = false): void {
    const previous = this.selectedNodes.shape
    this.mayEdit = editable
    const handles = editable && shape !== null && !isLocked(shape)
    this.element.dataset.handles = shape === null ? "none" : handles ? "editable" : "fixed"
    if (!this.selectedNodes.show(shape, handles)) return
    this.placeTools()
    this.toolLayer.batchDraw()
    // The scene leaves the selected shape out: it renders again only when another one is selected.
    if (previous?.id !== shape?.id) this.requestDraw()
  }

  /** The selection of several, highlighted in the scene (one alone is `select`'s, with its handles). */
  setSelection(selection: ReadonlySet<string>): void {
    if (selection === this.selection) return
    this.selection = selection
    this.requestDraw()
  }

  /** The selection box as dragged so far (image pixels), or none. */
  setBox(box: BBox | null): void {
    if (box === null) {
      if (!this.boxRect.visible()) return
      this.boxRect.visible(false)
    } else this.boxRect.setAttrs({ x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY, visible: true })
    this.toolLayer.batchDraw()
  }

  /**
   * Several selected shapes dragged this far (image pixels): traced where the drag has them, and
   * left out of the scene meanwhile. Null: the drag is over; the tracing stays until the scene has
   * been rendered again with the shapes where they went (no frame shows them nowhere).
   */
  setMoving(moving: Moving | null): void {
    if (moving === null) {
      if (this.movingNode.dragged === null || this.movedAt >= 0) return
      this.excluded = null
      this.requestDraw()
      this.movedAt = this.version
      return
    }
    const dragged = this.movingNode.dragged
    if (dragged === null || dragged.ids !== moving.ids || this.movedAt >= 0) {
      const shapes: Array<Shape> = []
      for (const id of moving.ids) {
        const shape = this.store.get(id)
        if (shape !== undefined) shapes.push(shape)
      }
      this.movingNode.dragged = { ids: moving.ids, shapes, dx: moving.dx, dy: moving.dy }
      this.movedAt = -1
      this.excluded = new Set(moving.ids)
      this.requestDraw()
    }
    const now = this.movingNode.dragged!
    now.dx = moving.dx
    now.dy = moving.dy
    this.movingNode.node.visible(true)
    this.toolLayer.batchDraw()
  }

  /** Shows the shapes waiting for the server (none: hides them). */
  setPending(pending: ReadonlyArray<PendingShape>): void {
    if (this.pendingNode.set(pending)) this.toolLayer.batchDraw()
  }

  /** The scene changed: renders it again, starting on the next animation frame (many changes render once). */
  requestDraw(): void {
    this.version++
    this.cache.cancel()
    this.schedule()
  }

  destroy(): void {
    if (this.frameRequest !== 0) cancelAnimationFrame(this.frameRequest)
    if (this.settleTimer !== null) clearTimeout(this.settleTimer)
    this.unsubscribe()
    for (const [name, handler] of this.handlers) this.viewer.removeHandler(name, handler)
    this.stage.destroy()
    this.element.remove()
  }

  private on(name: keyof OpenSeadragon.ViewerEventMap, handler: () => void): void {
    this.viewer.addHandler(name, handler)
    this.handlers.push([name, handler])
  }

  private size() {
    const rect = this.viewer.container.getBoundingClientRect()
    return { width: Math.max(1, Math.round(rect.width)), height: Math.max(1, Math.round(rect.height)) }
  }

  /** Image pixels to CSS pixels of the overlay, as the viewport is this instant (mid-animation too). */
  private readTransform(): Affine | null {
    const item = this.viewer.world.getItemAt(0)
    if (item === undefined || item === null) return null
    const u = item.getContentSize().x || 1
    const viewport = this.viewer.viewport
    const at = (x: number, y: number) => viewport.pixelFromPoint(item.imageToViewportCoordinates(x, y, true), true)
    return affineFrom(at(0, 0), at(u, 0), at(0, u), u)
  }

  private placeTools(): void {
    this.toolGroup.setAttrs(konvaAttrs(this.transform))
    this.selectedNodes.place(this.scale)
  }

  /** Reads the view and draws both layers, the scene from its cache. A move also waits for the view to settle. */
  private drawNow(): void {
    if (!this.ready) return
    const transform = this.readTransform()
    if (transform === null) return
    // OpenSeadragon also fires 'update-viewport' when tiles arrive; only a new transform is a move.
    if (sameAffine(transform, this.transform)) return
    this.transform = transform
    this.lastMove = performance.now()
    if (this.settleTimer !== null) clearTimeout(this.settleTimer)
    this.settleTimer = setTimeout(() => this.settle(), SETTLE_MS)
    this.placeTools()
    const started = performance.now()
    this.sceneLayer.draw()
    this.toolLayer.draw()
    this.report(performance.now() - started)
  }

  /** The view is still: if the shown bitmap was rendered for another view, render it again. */
  private settle(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer)
    this.settleTimer = null
    const { width, height } = this.stage.size()
    if (this.cache.stale(this.transform, width, height)) this.schedule()
  }

  private schedule(): void {
    if (this.frameRequest !== 0) return
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0
      this.tick()
    })
  }

  /** One animation frame of rendering: starts a render if none is under way, runs it for a slice. */
  private tick(): void {
    if (!this.ready) return
    const started = performance.now()
    if (!this.cache.rendering) {
      const transform = this.readTransform()
      if (transform === null) return
      this.transform = transform
      this.begin()
    }
    const moving = started - this.lastMove < SETTLE_MS
    // Nothing shown yet (the slide's first render): in one go. Slices would only stretch it over the
    // frames of the tiles still arriving (measured at 100k: 2.1 s to the first complete draw, not 0.9 s).
    const empty = this.cache.empty
    const budget = empty ? Number.POSITIVE_INFINITY : moving ? SLICE_MS.moving : SLICE_MS.still
    const finished = this.cache.step(started + budget)
    if (finished !== null) {
      // The scene shows the dragged shapes where they went: their tracing goes.
      if (this.movedAt >= 0 && finished.version >= this.movedAt) {
        this.movingNode.dragged = null
        this.movedAt = -1
        this.movingNode.node.visible(false)
      }
      this.placeTools()
      this.sceneLayer.draw()
      this.toolLayer.draw()
      // Rendered for a view that has moved on since, or a scene that changed: once more when still.
      if (finished.version !== this.version) this.schedule()
      else if (!moving) this.settle()
    } else this.schedule()
    this.report(performance.now() - started)
  }

  /** Starts rendering the scene as it is, for the view as it is. */
  private begin(): void {
    const { width, height } = this.stage.size()
    this.cache.begin({
      view: this.transform,
      width,
      height,
      pixelRatio: this.sceneLayer.getCanvas().getPixelRatio(),
      version: this.version,
      scene: {
        selectedId: this.selectedNodes.shape?.id ?? null,
        selection: this.selection,
        ...(this.excluded === null ? {} : { excluded: this.excluded }),
        fillAlpha: this.fill
      }
    })
  }

  private report(ms: number): void {
    const { stats, current } = this.cache.shown(this.version)
    this.options.onDraw?.(stats, ms, current)
  }
}
