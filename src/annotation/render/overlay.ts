// The annotation overlay of one OpenSeadragon viewer: ONE Konva stage inside the viewer's canvas
// element, so it pans, zooms, rotates and goes full screen with it. Two layers:
//   scene  one custom Konva.Shape whose sceneFunc draws the store's visible shapes (SceneRenderer),
//          listening(false): Konva never hit-tests or keeps a node per annotation
//   tools  real Konva nodes, only a handful: the shape being drawn and the selected shape with its
//          vertex handles
// On every 'update-viewport' (OpenSeadragon fires it inside its own animation frame, with the
// animated bounds) the transform is read again and both layers drawn at once, so shapes never lag
// the tiles. Store changes redraw on the next animation frame, batched.
// Every viewer handler added here is removed in destroy().
import Konva from "konva"
import type OpenSeadragon from "openseadragon"
import type { Shape } from "../store/shape.ts"
import type { AnnotationStore } from "../store/store.ts"
import { SceneRenderer, type SceneStats, STROKE_PX } from "./scene.ts"
import { type Affine, affineFrom, apply, IDENTITY, invert, konvaAttrs, scaleOf } from "./transform.ts"

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

export interface OverlayOptions {
  /** Told after every scene draw, with what was drawn (the bench and the page's data-* read it). */
  readonly onDraw?: (stats: SceneStats, ms: number) => void
}

const HANDLE_PX = 4

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
  private readonly selectedHandles: Konva.Group
  private readonly renderer: SceneRenderer
  private transform: Affine = IDENTITY
  private ready = false
  private selected: Shape | null = null
  private frameRequest = 0
  private readonly unsubscribe: () => void
  private readonly handlers: Array<readonly [keyof OpenSeadragon.ViewerEventMap, () => void]> = []
  private readonly viewer: OpenSeadragon.Viewer
  private readonly store: AnnotationStore
  private readonly options: OverlayOptions
  fillAlpha = 0.14

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
      sceneFunc: (context) => this.drawScene(context._context)
    })
    this.sceneLayer.add(scene)
    this.toolLayer = new Konva.Layer({ listening: false })
    this.toolGroup = new Konva.Group()
    const line = { strokeScaleEnabled: false, perfectDrawEnabled: false, listening: false, lineJoin: "round" as const }
    this.selectedLine = new Konva.Line({ ...line, strokeWidth: 2.5, visible: false })
    this.selectedHandles = new Konva.Group({ visible: false })
    this.previewLine = new Konva.Line({ ...line, strokeWidth: 2, dash: [6, 4], visible: false })
    this.previewVertices = new Konva.Group({ visible: false })
    this.toolGroup.add(this.selectedLine, this.selectedHandles, this.previewLine, this.previewVertices)
    this.previewCaption = new Konva.Label({ visible: false, listening: false })
    this.previewCaption.add(new Konva.Tag({ fill: "rgba(17, 24, 39, 0.85)", cornerRadius: 4 }))
    this.previewCaption.add(new Konva.Text({ text: "", fill: "#f9fafb", fontSize: 12, padding: 5, fontFamily: "system-ui, sans-serif" }))
    this.toolLayer.add(this.toolGroup, this.previewCaption)
    this.stage.add(this.sceneLayer, this.toolLayer)

    this.on("update-viewport", () => this.drawNow())
    this.on("resize", () => {
      const size = this.size()
      this.stage.size(size)
      this.drawNow()
    })
    this.on("open", () => {
      this.ready = true
      this.drawNow()
    })
    this.ready = viewer.world.getItemCount() > 0
    this.unsubscribe = store.subscribe((change) => {
      if (this.selected !== null) {
        const now = store.get(this.selected.id)
        if (now !== this.selected) this.select(now ?? null)
      }
      if (change.upserted.length > 0 || change.removed.length > 0 || change.reset || change.origin === "local") this.requestDraw()
    })
    this.drawNow()
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

  select(shape: Shape | null): void {
    if (shape === this.selected) return
    this.selected = shape
    if (shape === null) {
      this.selectedLine.visible(false)
      this.selectedHandles.visible(false)
    } else {
      this.selectedLine.setAttrs({
        points: [...shape.coords],
        closed: shape.kind !== "polyline",
        stroke: shape.color,
        fill: shape.kind === "polyline" ? "" : `${shape.color}33`,
        visible: shape.kind !== "points"
      })
      this.selectedHandles.destroyChildren()
      const n = shape.coords.length / 2
      // Handles only where they can be told apart; a long freehand outline shows its line alone.
      if (n <= 200 || shape.kind === "points")
        for (let i = 0; i < n; i++)
          this.selectedHandles.add(
            new Konva.Rect({
              x: shape.coords[i * 2]!,
              y: shape.coords[i * 2 + 1]!,
              fill: "#ffffff",
              stroke: "#2563eb",
              strokeWidth: 1.5,
              strokeScaleEnabled: false,
              listening: false,
              perfectDrawEnabled: false
            })
          )
      this.selectedHandles.visible(true)
    }
    this.requestDraw()
  }

  /** Draws on the next animation frame (many changes in one frame draw once). */
  requestDraw(): void {
    if (this.frameRequest !== 0) return
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0
      this.drawNow()
    })
  }

  destroy(): void {
    if (this.frameRequest !== 0) cancelAnimationFrame(this.frameRequest)
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
    for (const handle of this.selectedHandles.getChildren())
      handle.setAttrs({ width: side, height: side, offsetX: side / 2, offsetY: side / 2 })
  }

  private drawNow(): void {
    if (!this.ready) return
    const transform = this.readTransform()
    if (transform === null) return
    this.transform = transform
    this.placeTools()
    this.sceneLayer.draw()
    this.toolLayer.draw()
  }

  private drawScene(native: CanvasRenderingContext2D): void {
    const started = performance.now()
    const pixelRatio = this.sceneLayer.getCanvas().getPixelRatio()
    native.save()
    native.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0)
    const stats = this.renderer.draw(native, this.store, {
      width: this.stage.width(),
      height: this.stage.height(),
      pixelRatio,
      transform: this.transform,
      selectedId: this.selected?.id ?? null,
      fillAlpha: this.fillAlpha
    })
    native.restore()
    this.options.onDraw?.(stats, performance.now() - started)
  }
}

export { STROKE_PX }
