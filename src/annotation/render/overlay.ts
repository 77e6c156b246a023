// The annotation overlay of one OpenSeadragon viewer: ONE Konva stage inside the viewer's canvas
// element, so it pans, zooms, rotates and goes full screen with it. Two layers:
//   scene  one custom Konva.Shape that draws a cached bitmap of the store's visible shapes,
//          listening(false): Konva never hit-tests or keeps a node per annotation
//   tools  real Konva nodes, only a handful: the shape being drawn and the selected shape with its
//          handles (always live, never cached): a square per vertex and, where a vertex can be
//          inserted, a small disc on each edge's midpoint, when the user may change the shape; dots
//          at the vertices when not. While a handle is dragged the nodes are moved, not rebuilt.
//          The selection box being dragged is one rectangle; several selected shapes being dragged
//          are one custom shape that traces them where the drag has them (the scene leaves them out
//          meanwhile). A selection of several is highlighted in the scene itself (scene.ts), so it
//          costs no node per shape whatever its size.
// The cache (as QuPath paints its overlay into cached tiles): the shapes are rendered by SceneRenderer
// into an offscreen canvas a margin larger than the view, once the view settles (OpenSeadragon's
// 'animation-finish', or no move for SETTLE_MS) or when the store or the selection changes. While the
// view moves, every frame draws only that bitmap under the transform from where it was rendered to
// where the view is now: one drawImage, whatever the number of shapes. A render runs in slices of a
// few milliseconds per animation frame into a back buffer, and the front one is shown until it is
// done, so a render of 100,000 shapes never makes one long frame.
// On every 'update-viewport' (OpenSeadragon fires it inside its own animation frame, with the
// animated bounds) the transform is read again and both layers drawn at once, so shapes never lag
// the tiles. Every viewer handler added here is removed in destroy().
import Konva from "konva"
import type OpenSeadragon from "openseadragon"
import { hasEdges, midpointsOf, showsHandles } from "../edit.ts"
import type { BBox } from "../geometry.ts"
import type { Shape } from "../store/shape.ts"
import type { AnnotationStore } from "../store/store.ts"
import { SELECTED_STROKE_PX, SELECTION_COLOR, type SceneJob, SceneRenderer, type SceneStats } from "./scene.ts"
import { type Affine, affineFrom, apply, compose, IDENTITY, invert, konvaAttrs, sameAffine, scaleOf } from "./transform.ts"

export interface Preview {
  /** x,y pairs in image pixels. */
  readonly coords: ReadonlyArray<number>
  readonly closed: boolean
  readonly color: string
  /** Dots at the vertices (a polygon being clicked out). */
  readonly vertices?: boolean
  /** Text beside the last vertex (the ruler's length). */
  readonly caption?: string
  /** The first vertex is a target: clicking it closes the polygon. */
  readonly closeTarget?: boolean
}

/** A finished shape on its way to the server: drawn dashed until the store has it. */
export interface PendingShape {
  /** x,y pairs in image pixels; one pair is a counted point. */
  readonly coords: ReadonlyArray<number>
  readonly closed: boolean
  readonly color: string
}

export interface OverlayOptions {
  /**
   * Told after every frame in which the overlay drew (a slice of a render, the cached bitmap, or
   * both), with the stats of the shapes shown, the overlay's own time in that frame, and whether what
   * is shown is the store as it is now (false while the first render after a change is under way).
   */
  readonly onDraw?: (stats: SceneStats, ms: number, current: boolean) => void
}

const HANDLE_PX = 4
/** Shapes of a dragged selection traced each frame at most; beyond, the box around them all stands for them. */
export const MOVE_PREVIEW_LIMIT = 2000

/** Several selected shapes being dragged: which, and how far (image px). */
export interface Moving {
  readonly ids: ReadonlyArray<string>
  readonly dx: number
  readonly dy: number
}
/** The view counts as settled after this long without a move. */
export const SETTLE_MS = 100
/** The cache reaches this fraction of the view's size beyond each edge, so a short pan shows shapes. */
export const CACHE_MARGIN = 0.25
/** A render's time per animation frame while the view moves, and while it is still. */
export const SLICE_MS = { moving: 6, still: 32 } as const

/** A rendered bitmap of the scene and what it was rendered for. */
interface Cache {
  readonly canvas: HTMLCanvasElement
  /** Image pixels to the cache's CSS pixels. */
  transform: Affine
  /** The view's transform it was rendered for. */
  view: Affine
  width: number
  height: number
  pixelRatio: number
  version: number
  stats: SceneStats
}

const EMPTY: SceneStats = { queried: 0, outlines: 0, circles: 0, dots: 0, vertices: 0 }

export class AnnotationOverlay {
  readonly element: HTMLDivElement
  private readonly stage: Konva.Stage
  private readonly sceneLayer: Konva.Layer
  private readonly toolLayer: Konva.Layer
  private readonly toolGroup: Konva.Group
  private readonly previewLine: Konva.Line
  private readonly previewVertices: Konva.Group
  private readonly previewCaption: Konva.Label
  private readonly selectedLine: Konva.Line
  /** The selected shape when it is an area: its rings filled even-odd, which a Konva.Line cannot draw. */
  private readonly selectedArea: Konva.Shape
  private readonly selectedHandles: Konva.Group
  private readonly boxRect: Konva.Rect
  private readonly movingShape: Konva.Shape
  /** Shapes finished but not yet saved (the tools take the next one meanwhile). */
  private readonly pendingShape: Konva.Shape
  private pending: ReadonlyArray<PendingShape> = []
  private readonly renderer: SceneRenderer
  /** The selection of several, highlighted in the scene. */
  private selection: ReadonlySet<string> = new Set()
  /** Several selected shapes being dragged, as they were at the press, and the drag. */
  private moving: { readonly ids: ReadonlyArray<string>; readonly shapes: ReadonlyArray<Shape>; dx: number; dy: number } | null = null
  /** Left out of the scene while they are dragged. */
  private excluded: ReadonlySet<string> | null = null
  /** The drag ended: its preview stays until the scene shows the shapes where they went. */
  private movedAt = -1
  private transform: Affine = IDENTITY
  private ready = false
  private selected: Shape | null = null
  private editable = false
  private frameRequest = 0
  /** The bitmap shown, and the one being rendered. */
  private front: Cache | null = null
  private back: Cache | null = null
  private job: SceneJob | null = null
  /** Raised by every change of what the scene shows (the store, the selection, the fill). */
  private version = 0
  private lastMove = 0
  private settleTimer: ReturnType<typeof setTimeout> | null = null
  private fill = 0.14
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
    this.renderer = new SceneRenderer((w, h) => {
      const canvas = document.createElement("canvas")
      canvas.width = w
      canvas.height = h
      return canvas
    })
    const scene = new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.blit(context._context)
    })
    this.sceneLayer.add(scene)
    this.toolLayer = new Konva.Layer({ listening: false })
    this.toolGroup = new Konva.Group()
    const line = { strokeScaleEnabled: false, perfectDrawEnabled: false, listening: false, lineJoin: "round" as const }
    this.selectedLine = new Konva.Line({ ...line, strokeWidth: 2.5, visible: false })
    this.selectedArea = new Konva.Shape({
      ...line,
      strokeWidth: 2.5,
      visible: false,
      fillRule: "evenodd",
      sceneFunc: (context, shape) => {
        const selected = this.selected
        context.beginPath()
        if (selected !== null) traceFlat(context, selected.coords, true, 0, 0)
        context.fillStrokeShape(shape)
      }
    })
    this.selectedHandles = new Konva.Group({ visible: false })
    this.previewLine = new Konva.Line({ ...line, strokeWidth: 2, dash: [6, 4], visible: false })
    this.previewVertices = new Konva.Group({ visible: false })
    this.boxRect = new Konva.Rect({
      visible: false,
      listening: false,
      perfectDrawEnabled: false,
      strokeScaleEnabled: false,
      stroke: SELECTION_COLOR,
      strokeWidth: 1.5,
      dash: [6, 4],
      fill: "rgba(59, 130, 246, 0.10)"
    })
    this.movingShape = new Konva.Shape({
      visible: false,
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.traceMoving(context)
    })
    this.pendingShape = new Konva.Shape({
      visible: false,
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (context) => this.tracePending(context)
    })
    this.toolGroup.add(
      this.pendingShape,
      this.movingShape,
      this.selectedLine,
      this.selectedArea,
      this.selectedHandles,
      this.previewLine,
      this.previewVertices,
      this.boxRect
    )
    this.previewCaption = new Konva.Label({ visible: false, listening: false })
    this.previewCaption.add(new Konva.Tag({ fill: "rgba(17, 24, 39, 0.85)", cornerRadius: 4 }))
    this.previewCaption.add(new Konva.Text({ text: "", fill: "#f9fafb", fontSize: 12, padding: 5, fontFamily: "system-ui, sans-serif" }))
    this.toolLayer.add(this.toolGroup, this.previewCaption)
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
      if (this.selected !== null) {
        const now = store.get(this.selected.id)
        if (now !== this.selected) this.select(now ?? null, this.editable)
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
    if (preview === null || preview.coords.length < 2) {
      this.previewLine.visible(false)
      this.previewVertices.visible(false)
      this.previewCaption.visible(false)
    } else {
      this.previewLine.setAttrs({ points: [...preview.coords], closed: preview.closed, stroke: preview.color, visible: true })
      this.previewLine.fill(preview.closed ? `${preview.color}22` : "")
      this.previewVertices.destroyChildren()
      if (preview.vertices) {
        const n = preview.coords.length / 2
        const radius = HANDLE_PX / this.scale
        for (let i = 0; i < n; i++) {
          const first = i === 0 && preview.closeTarget === true
          this.previewVertices.add(
            new Konva.Circle({
              x: preview.coords[i * 2]!,
              y: preview.coords[i * 2 + 1]!,
              radius: first ? radius * 1.6 : radius,
              fill: first ? preview.color : "#ffffff",
              stroke: preview.color,
              strokeWidth: 1.5,
              strokeScaleEnabled: false,
              listening: false,
              perfectDrawEnabled: false
            })
          )
        }
      }
      this.previewVertices.visible(preview.vertices === true)
      if (preview.caption !== undefined) {
        const [x, y] = apply(this.transform, preview.coords.at(-2)!, preview.coords.at(-1)!)
        ;(this.previewCaption.getText() as Konva.Text).text(preview.caption)
        this.previewCaption.position({ x: x + 10, y: y + 10 }).visible(true)
      } else this.previewCaption.visible(false)
    }
    this.placeTools()
    this.toolLayer.batchDraw()
  }

  /**
   * Shows the selected shape above the scene (which leaves it out), with its handles: squares at the
   * vertices and discs on the edges' midpoints when `editable`, dots at the vertices otherwise. A
   * shape with the same handles as the one shown (the same shape dragged) moves the nodes it has.
   */
  select(shape: Shape | null, editable = false): void {
    if (shape === this.selected && editable === this.editable) return
    const previous = this.selected
    const reuse = shape !== null && previous !== null && this.editable === editable && sameHandles(previous, shape)
    this.selected = shape
    this.editable = editable
    if (shape === null) {
      this.selectedLine.visible(false)
      this.selectedArea.visible(false)
      this.selectedHandles.visible(false)
    } else {
      const area = shape.kind === "area"
      this.selectedLine.setAttrs({
        points: area ? [] : [...shape.coords],
        closed: shape.kind !== "polyline",
        stroke: shape.color,
        fill: shape.kind === "polyline" ? "" : `${shape.color}33`,
        visible: shape.kind !== "points" && !area
      })
      this.selectedArea.setAttrs({ stroke: shape.color, fill: `${shape.color}33`, visible: area })
      if (reuse) this.moveHandles(shape)
      else this.buildHandles(shape, editable)
      this.selectedHandles.visible(true)
    }
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
      if (this.moving === null || this.movedAt >= 0) return
      this.excluded = null
      this.requestDraw()
      this.movedAt = this.version
      return
    }
    if (this.moving === null || this.moving.ids !== moving.ids || this.movedAt >= 0) {
      const shapes: Array<Shape> = []
      for (const id of moving.ids) {
        const shape = this.store.get(id)
        if (shape !== undefined) shapes.push(shape)
      }
      this.moving = { ids: moving.ids, shapes, dx: moving.dx, dy: moving.dy }
      this.movedAt = -1
      this.excluded = new Set(moving.ids)
      this.requestDraw()
    }
    this.moving.dx = moving.dx
    this.moving.dy = moving.dy
    this.movingShape.visible(true)
    this.toolLayer.batchDraw()
  }

  /** The dragged shapes, in image pixels under the tool group's transform: outlines, or the box around them all. */
  /** Shows the shapes waiting for the server (none: hides them). */
  setPending(pending: ReadonlyArray<PendingShape>): void {
    if (pending.length === 0 && this.pending.length === 0) return
    this.pending = pending
    this.pendingShape.visible(pending.length > 0)
    this.toolLayer.batchDraw()
  }

  private tracePending(context: Konva.Context): void {
    const scale = this.scale
    for (const { coords, closed, color } of this.pending) {
      context.beginPath()
      if (coords.length === 2) {
        context.arc(coords[0]!, coords[1]!, 5 / scale, 0, Math.PI * 2, false)
        context.setAttr("fillStyle", color)
        context.setAttr("globalAlpha", 0.6)
        context.fill()
        context.setAttr("globalAlpha", 1)
      } else {
        context.moveTo(coords[0]!, coords[1]!)
        for (let i = 2; i < coords.length; i += 2) context.lineTo(coords[i]!, coords[i + 1]!)
        if (closed) context.closePath()
      }
      context.setAttr("strokeStyle", color)
      context.setAttr("lineWidth", 2 / scale)
      context.setLineDash([6 / scale, 4 / scale])
      context.stroke()
      context.setLineDash([])
    }
  }

  private traceMoving(context: Konva.Context): void {
    const moving = this.moving
    if (moving === null) return
    const { dx, dy, shapes } = moving
    const scale = this.scale
    context.beginPath()
    if (shapes.length <= MOVE_PREVIEW_LIMIT) {
      for (const shape of shapes) {
        const { coords } = shape
        if (shape.kind === "points") {
          const r = 6 / scale
          for (let i = 0; i < coords.length; i += 2) {
            context.moveTo(coords[i]! + dx + r, coords[i + 1]! + dy)
            context.arc(coords[i]! + dx, coords[i + 1]! + dy, r, 0, Math.PI * 2, false)
          }
          continue
        }
        traceFlat(context, coords, shape.kind !== "polyline", dx, dy)
      }
    } else {
      let minX = Number.POSITIVE_INFINITY
      let minY = Number.POSITIVE_INFINITY
      let maxX = Number.NEGATIVE_INFINITY
      let maxY = Number.NEGATIVE_INFINITY
      for (const { bbox } of shapes) {
        minX = Math.min(minX, bbox.minX)
        minY = Math.min(minY, bbox.minY)
        maxX = Math.max(maxX, bbox.maxX)
        maxY = Math.max(maxY, bbox.maxY)
      }
      context.rect(minX + dx, minY + dy, maxX - minX, maxY - minY)
    }
    context.setAttr("lineJoin", "round")
    context.setAttr("strokeStyle", SELECTION_COLOR)
    context.setAttr("globalAlpha", 0.85)
    context.setAttr("lineWidth", 4 / scale)
    context.stroke()
    context.setAttr("globalAlpha", 1)
    context.setAttr("strokeStyle", "#ffffff")
    context.setAttr("lineWidth", SELECTED_STROKE_PX / 2 / scale)
    context.stroke()
  }

  private buildHandles(shape: Shape, editable: boolean): void {
    this.selectedHandles.destroyChildren()
    const { coords } = shape
    // Handles only where they can be told apart; a long freehand outline shows its line alone.
    if (!showsHandles(shape.kind, coords)) return
    const node = { strokeScaleEnabled: false, listening: false, perfectDrawEnabled: false }
    if (editable && hasEdges(shape.kind)) {
      const mids = midpointsOf(shape.kind, coords)
      for (let i = 0; i < mids.length; i += 2)
        this.selectedHandles.add(
          new Konva.Circle({
            ...node,
            name: "midpoint",
            x: mids[i]!,
            y: mids[i + 1]!,
            fill: "rgba(255, 255, 255, 0.75)",
            stroke: "#2563eb",
            strokeWidth: 1
          })
        )
    }
    for (let i = 0; i < coords.length; i += 2)
      this.selectedHandles.add(
        editable
          ? new Konva.Rect({
              ...node,
              name: "vertex",
              x: coords[i]!,
              y: coords[i + 1]!,
              fill: "#ffffff",
              stroke: "#2563eb",
              strokeWidth: 1.5
            })
          : new Konva.Circle({
              ...node,
              name: "dot",
              x: coords[i]!,
              y: coords[i + 1]!,
              fill: shape.color,
              stroke: "rgba(0, 0, 0, 0.6)",
              strokeWidth: 1
            })
      )
  }

  private moveHandles(shape: Shape): void {
    const { coords } = shape
    const handles = this.selectedHandles.getChildren()
    const mids = hasEdges(shape.kind) && handles[0]?.name() === "midpoint" ? midpointsOf(shape.kind, coords) : []
    const m = mids.length / 2
    for (let i = 0; i < handles.length; i++) {
      const [x, y] = i < m ? [mids[i * 2]!, mids[i * 2 + 1]!] : [coords[(i - m) * 2]!, coords[(i - m) * 2 + 1]!]
      handles[i]!.position({ x, y })
    }
  }

  /** The scene changed: renders it again, starting on the next animation frame (many changes render once). */
  requestDraw(): void {
    this.version++
    this.job = null
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
    // Handles keep their screen size whatever the zoom.
    const side = (HANDLE_PX * 2) / this.scale
    for (const handle of this.selectedHandles.getChildren()) {
      const name = handle.name()
      if (name === "vertex") handle.setAttrs({ width: side, height: side, offsetX: side / 2, offsetY: side / 2 })
      else handle.setAttrs({ radius: name === "midpoint" ? side * 0.4 : side * 0.35 })
    }
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
    const front = this.front
    const stale =
      front === null ||
      this.job !== null ||
      !sameAffine(front.view, this.transform) ||
      front.width !== width + 2 * Math.round(width * CACHE_MARGIN) ||
      front.height !== height + 2 * Math.round(height * CACHE_MARGIN)
    if (stale) this.schedule()
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
    if (this.job === null) {
      const transform = this.readTransform()
      if (transform === null) return
      this.transform = transform
      this.begin()
    }
    const moving = started - this.lastMove < SETTLE_MS
    // Nothing shown yet (the slide's first render): in one go. Slices would only stretch it over the
    // frames of the tiles still arriving (measured at 100k: 2.1 s to the first complete draw, not 0.9 s).
    const empty = this.front === null || this.front.stats.queried === 0
    const budget = empty ? Number.POSITIVE_INFINITY : moving ? SLICE_MS.moving : SLICE_MS.still
    const done = this.job!.step(started + budget)
    if (done) {
      const finished = this.back!
      finished.stats = this.job!.stats
      this.back = this.front
      this.front = finished
      this.job = null
      // The scene shows the dragged shapes where they went: their tracing goes.
      if (this.movedAt >= 0 && finished.version >= this.movedAt) {
        this.moving = null
        this.movedAt = -1
        this.movingShape.visible(false)
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

  /** Starts rendering the scene as it is, for the view as it is, into the back buffer. */
  private begin(): void {
    const { width, height } = this.stage.size()
    const mx = Math.round(width * CACHE_MARGIN)
    const my = Math.round(height * CACHE_MARGIN)
    const pixelRatio = this.sceneLayer.getCanvas().getPixelRatio()
    const back = this.back ?? {
      canvas: document.createElement("canvas"),
      transform: IDENTITY,
      view: IDENTITY,
      width: 0,
      height: 0,
      pixelRatio,
      version: -1,
      stats: EMPTY
    }
    const w = width + 2 * mx
    const h = height + 2 * my
    if (back.canvas.width !== Math.round(w * pixelRatio) || back.canvas.height !== Math.round(h * pixelRatio)) {
      back.canvas.width = Math.round(w * pixelRatio)
      back.canvas.height = Math.round(h * pixelRatio)
    }
    const context = back.canvas.getContext("2d")!
    context.setTransform(1, 0, 0, 1, 0, 0)
    context.clearRect(0, 0, back.canvas.width, back.canvas.height)
    back.view = this.transform
    back.transform = compose({ a: 1, b: 0, c: 0, d: 1, e: mx, f: my }, this.transform)
    back.width = w
    back.height = h
    back.pixelRatio = pixelRatio
    back.version = this.version
    back.stats = EMPTY
    this.back = back
    this.job = this.renderer.begin(context, this.store, {
      width: w,
      height: h,
      pixelRatio,
      transform: back.transform,
      selectedId: this.selected?.id ?? null,
      selection: this.selection,
      ...(this.excluded === null ? {} : { excluded: this.excluded }),
      fillAlpha: this.fill
    })
  }

  /** The shown bitmap under the map from the view it was rendered for to the view now. */
  private blit(native: CanvasRenderingContext2D): void {
    const front = this.front
    if (front === null) return
    const pr = this.sceneLayer.getCanvas().getPixelRatio()
    // cache device px -> cache CSS px -> image px -> screen CSS px -> screen device px
    const m = compose(this.transform, invert(front.transform))
    const k = 1 / front.pixelRatio
    native.save()
    native.setTransform(pr * m.a * k, pr * m.b * k, pr * m.c * k, pr * m.d * k, pr * m.e, pr * m.f)
    native.drawImage(front.canvas, 0, 0)
    native.restore()
  }

  private report(ms: number): void {
    const front = this.front
    this.options.onDraw?.(front?.stats ?? EMPTY, ms, front !== null && front.version === this.version && this.job === null)
  }
}

/** Whether two shapes take the same handle nodes (the same shape, its vertex count unchanged). */
const sameHandles = (a: Shape, b: Shape): boolean =>
  a.id === b.id && a.kind === b.kind && a.coords.length === b.coords.length && showsHandles(b.kind, b.coords)

/**
 * A shape's flat vertices as subpaths, moved by (dx, dy): a NaN pair starts the next ring (an area's,
 * rings.ts), each closed when `closed`.
 */
const traceFlat = (context: Konva.Context, coords: Float64Array, closed: boolean, dx: number, dy: number): void => {
  let start = true
  for (let i = 0; i < coords.length; i += 2) {
    const x = coords[i]!
    if (Number.isNaN(x)) {
      if (closed) context.closePath()
      start = true
      continue
    }
    if (start) context.moveTo(x + dx, coords[i + 1]! + dy)
    else context.lineTo(x + dx, coords[i + 1]! + dy)
    start = false
  }
  if (closed) context.closePath()
}
