// The overlay's cache of the scene (as QuPath paints its overlay into cached tiles): the shapes are
// rendered by SceneRenderer into an offscreen canvas a margin larger than the view, and every frame
// while the view moves draws only that bitmap under the transform from where it was rendered to
// where the view is now: one drawImage, whatever the number of shapes. A render runs in slices into
// a back buffer, and the front one is shown until it is done, so no render makes one long frame.
import type { AnnotationStore } from "../store/store.ts"
import type { SceneJob, SceneFrame, SceneRenderer, SceneStats } from "./scene.ts"
import { type Affine, compose, IDENTITY, invert, sameAffine } from "./transform.ts"

/** The cache reaches this fraction of the view's size beyond each edge, so a short pan shows shapes. */
export const CACHE_MARGIN = 0.25

export const NO_STATS: SceneStats = { queried: 0, outlines: 0, circles: 0, dots: 0, vertices: 0 }

/** A rendered bitmap of the scene and what it was rendered for. */
export interface Cache {
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

/** What a render is for: the view, its size, and what the scene shows besides the store. */
export interface RenderFor {
  readonly view: Affine
  readonly width: number
  readonly height: number
  readonly pixelRatio: number
  /** The overlay's count of scene changes this render shows. */
  readonly version: number
  readonly scene: Omit<SceneFrame, "width" | "height" | "pixelRatio" | "transform">
}

export class SceneCache {
  /** The bitmap shown, and the one being rendered. */
  private front: Cache | null = null
  private back: Cache | null = null
  private job: SceneJob | null = null
  private readonly renderer: SceneRenderer
  private readonly store: AnnotationStore

  constructor(renderer: SceneRenderer, store: AnnotationStore) {
    this.renderer = renderer
    this.store = store
  }

  /** A render is under way. */
  get rendering(): boolean {
    return this.job !== null
  }

  /** Nothing shown yet, or nothing in what is shown (the slide's first render). */
  get empty(): boolean {
    return this.front === null || this.front.stats.queried === 0
  }

  /** The stats of what is shown, and whether it is the scene of `version`, complete. */
  shown(version: number): { readonly stats: SceneStats; readonly current: boolean } {
    const front = this.front
    return { stats: front?.stats ?? NO_STATS, current: front !== null && front.version === version && this.job === null }
  }

  /** Whether what is shown was rendered for another view or size (or a render is under way). */
  stale(view: Affine, width: number, height: number): boolean {
    const front = this.front
    return (
      front === null ||
      this.job !== null ||
      !sameAffine(front.view, view) ||
      front.width !== width + 2 * Math.round(width * CACHE_MARGIN) ||
      front.height !== height + 2 * Math.round(height * CACHE_MARGIN)
    )
  }

  /** Drops the render under way (the scene changed: the next one starts afresh). */
  cancel(): void {
    this.job = null
  }

  /** Starts rendering the scene as it is, for the view as it is, into the back buffer. */
  begin(at: RenderFor): void {
    const mx = Math.round(at.width * CACHE_MARGIN)
    const my = Math.round(at.height * CACHE_MARGIN)
    const { pixelRatio } = at
    const back = this.back ?? {
      canvas: document.createElement("canvas"),
      transform: IDENTITY,
      view: IDENTITY,
      width: 0,
      height: 0,
      pixelRatio,
      version: -1,
      stats: NO_STATS
    }
    const w = at.width + 2 * mx
    const h = at.height + 2 * my
    if (back.canvas.width !== Math.round(w * pixelRatio) || back.canvas.height !== Math.round(h * pixelRatio)) {
      back.canvas.width = Math.round(w * pixelRatio)
      back.canvas.height = Math.round(h * pixelRatio)
    }
    const context = back.canvas.getContext("2d")!
    context.setTransform(1, 0, 0, 1, 0, 0)
    context.clearRect(0, 0, back.canvas.width, back.canvas.height)
    back.view = at.view
    back.transform = compose({ a: 1, b: 0, c: 0, d: 1, e: mx, f: my }, at.view)
    back.width = w
    back.height = h
    back.pixelRatio = pixelRatio
    back.version = at.version
    back.stats = NO_STATS
    this.back = back
    this.job = this.renderer.begin(context, this.store, { width: w, height: h, pixelRatio, transform: back.transform, ...at.scene })
  }

  /** Runs the render until `deadline`; when it is done the new bitmap is shown and returned. */
  step(deadline: number): Cache | null {
    if (!this.job!.step(deadline)) return null
    const finished = this.back!
    finished.stats = this.job!.stats
    this.back = this.front
    this.front = finished
    this.job = null
    return finished
  }

  /** The shown bitmap under the map from the view it was rendered for to `view` (`pr`: the screen's pixel ratio). */
  blit(native: CanvasRenderingContext2D, view: Affine, pr: number): void {
    const front = this.front
    if (front === null) return
    // cache device px -> cache CSS px -> image px -> screen CSS px -> screen device px
    const m = compose(view, invert(front.transform))
    const k = 1 / front.pixelRatio
    native.save()
    native.setTransform(pr * m.a * k, pr * m.b * k, pr * m.c * k, pr * m.d * k, pr * m.e, pr * m.f)
    native.drawImage(front.canvas, 0, 0)
    native.restore()
  }
}
