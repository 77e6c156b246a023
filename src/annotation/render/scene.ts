// Draws a frame of the slide's annotations onto one 2D canvas context: only the shapes the spatial
// index returns for the viewport, in image coordinates under one transform, batched into paths
// of PATH_SHAPES shapes of one label colour (one stroke call per batch, not per shape). Level of detail:
//   - a shape smaller than TINY_PX on screen is a dot, stamped into a pixel buffer drawn in one
//     drawImage (a 32-vertex outline 3 px across shows nothing its bounding box does not);
//   - vertices closer than LOD_PX on screen to the last one drawn are skipped as the path is built
//     (no allocation); shapes of more than DP_FROM vertices are simplified once per zoom level
//     (Douglas-Peucker, cached) so a 5,000-vertex outline is not walked every frame.
// Stroke width stays constant on screen (line width divided by the scale).
import type { Shape } from "../store/shape.ts"
import type { AnnotationStore } from "../store/store.ts"
import { type Affine, scaleOf, visibleImageBox } from "./transform.ts"
import { simplify } from "./simplify.ts"

export const TINY_PX = 3
export const LOD_PX = 0.75
export const DP_FROM = 128
export const STROKE_PX = 1.5
export const POINT_RADIUS_PX = 5
/** Above this many outlines in view, no fill: filling thousands of small paths doubles a frame's cost. */
export const FILL_AT_MOST = 2000
/** Shapes per path (see the drawing loop). */
export const PATH_SHAPES = 128

export interface SceneFrame {
  /** CSS pixels of the canvas. */
  readonly width: number
  readonly height: number
  readonly pixelRatio: number
  /** Image pixels to CSS pixels. */
  readonly transform: Affine
  /** Not drawn here: the interactive layer draws it with its handles. */
  readonly selectedId?: string | null
  /** Fill closed shapes this lightly (0: outlines only). */
  readonly fillAlpha?: number
}

export interface SceneStats {
  readonly queried: number
  readonly outlines: number
  readonly dots: number
  readonly vertices: number
}

/** "#RRGGBB" as a little-endian RGBA word (ImageData's byte order), opaque. */
const rgbaWord = (color: string): number => {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1] ?? "ffff00"
  const n = Number.parseInt(hex, 16)
  return (0xff << 24) | ((n & 0xff) << 16) | (n & 0xff00) | ((n >> 16) & 0xff)
}

type Context2D = CanvasRenderingContext2D

export class SceneRenderer {
  private readonly visible: Array<Shape> = []
  private readonly byColor = new Map<string, Array<Shape>>()
  private readonly words = new Map<string, number>()
  private readonly simplified = new WeakMap<Shape, { readonly level: number; readonly coords: Float64Array }>()
  private dotCanvas: HTMLCanvasElement | OffscreenCanvas | null = null
  private dotImage: ImageData | null = null
  private dotPixels: Uint32Array | null = null

  private readonly createCanvas: (w: number, h: number) => HTMLCanvasElement | OffscreenCanvas

  constructor(createCanvas: (w: number, h: number) => HTMLCanvasElement | OffscreenCanvas) {
    this.createCanvas = createCanvas
  }

  draw(ctx: Context2D, store: AnnotationStore, frame: SceneFrame): SceneStats {
    const m = frame.transform
    const scale = scaleOf(m)
    const visible = this.visible
    visible.length = 0
    store.query(visibleImageBox(m, frame.width, frame.height, 8), visible)
    for (const bucket of this.byColor.values()) bucket.length = 0
    const tiny = TINY_PX / scale
    const points: Array<Shape> = []
    let dots = 0
    let dotBuffer: Uint32Array | null = null
    const pr = frame.pixelRatio
    const bw = Math.max(1, Math.round(frame.width * pr))
    const bh = Math.max(1, Math.round(frame.height * pr))
    for (const shape of visible) {
      if (shape.id === frame.selectedId) continue
      if (shape.kind === "points") {
        points.push(shape)
        continue
      }
      const { minX, minY, maxX, maxY } = shape.bbox
      if (maxX - minX < tiny && maxY - minY < tiny) {
        dotBuffer ??= this.dotBufferOf(bw, bh)
        this.stamp(dotBuffer, bw, bh, m, pr, shape, scale)
        dots++
        continue
      }
      let bucket = this.byColor.get(shape.color)
      if (bucket === undefined) {
        bucket = []
        this.byColor.set(shape.color, bucket)
      }
      bucket.push(shape)
    }

    ctx.save()
    ctx.transform(m.a, m.b, m.c, m.d, m.e, m.f)
    ctx.lineWidth = STROKE_PX / scale
    // Miter joins (the default): round joins cost a software rasteriser a disc per vertex.
    const lod = LOD_PX / scale
    const level = Math.floor(Math.log2(1 / scale))
    let inView = 0
    for (const bucket of this.byColor.values()) inView += bucket.length
    const fill = inView <= FILL_AT_MOST
    let outlines = 0
    let vertices = 0
    for (const [color, bucket] of this.byColor) {
      if (bucket.length === 0) continue
      ctx.strokeStyle = color
      ctx.fillStyle = color
      // One path per PATH_SHAPES shapes, not per colour: a software rasteriser keeps every edge
      // crossing a scanline in one sorted list, and tens of thousands of overlapping outlines in one
      // path made a frame at 100k shapes take seconds (measured: 21 s p95 with one path per colour).
      for (let start = 0; start < bucket.length; start += PATH_SHAPES) {
        ctx.beginPath()
        const end = Math.min(bucket.length, start + PATH_SHAPES)
        for (let i = start; i < end; i++) {
          vertices += this.trace(ctx, bucket[i]!, lod, level)
          outlines++
        }
        if (frame.fillAlpha !== undefined && frame.fillAlpha > 0 && fill) {
          ctx.globalAlpha = frame.fillAlpha
          ctx.fill()
          ctx.globalAlpha = 1
        }
        ctx.stroke()
      }
    }
    ctx.restore()

    if (points.length > 0) this.drawPoints(ctx, points, m)
    if (dotBuffer !== null && this.dotImage !== null && this.dotCanvas !== null) {
      const dotContext = this.dotCanvas.getContext("2d") as CanvasRenderingContext2D | null
      dotContext?.putImageData(this.dotImage, 0, 0)
      ctx.save()
      ctx.setTransform(1, 0, 0, 1, 0, 0)
      ctx.drawImage(this.dotCanvas as CanvasImageSource, 0, 0)
      ctx.restore()
    }
    return { queried: visible.length, outlines, dots, vertices }
  }

  /** Appends the shape's outline to the current path; returns the vertices drawn. */
  private trace(ctx: Context2D, shape: Shape, lod: number, level: number): number {
    let coords = shape.coords
    const n0 = coords.length / 2
    if (n0 > DP_FROM) {
      let cached = this.simplified.get(shape)
      if (cached === undefined || cached.level !== level) {
        cached = { level, coords: simplify(coords, 0.5 * 2 ** level) }
        this.simplified.set(shape, cached)
      }
      coords = cached.coords
    }
    const n = coords.length / 2
    const lod2 = lod * lod
    let px = coords[0]!
    let py = coords[1]!
    ctx.moveTo(px, py)
    let drawn = 1
    for (let i = 1; i < n; i++) {
      const x = coords[i * 2]!
      const y = coords[i * 2 + 1]!
      const dx = x - px
      const dy = y - py
      if (dx * dx + dy * dy >= lod2 || i === n - 1) {
        ctx.lineTo(x, y)
        px = x
        py = y
        drawn++
      }
    }
    if (shape.kind !== "polyline") ctx.closePath()
    return drawn
  }

  /** Counter points: a filled disc of constant screen size, outlined dark so it shows on any stain. */
  private drawPoints(ctx: Context2D, shapes: ReadonlyArray<Shape>, m: Affine): void {
    for (const shape of shapes) {
      ctx.beginPath()
      const { coords } = shape
      for (let i = 0; i < coords.length; i += 2) {
        const x = m.a * coords[i]! + m.c * coords[i + 1]! + m.e
        const y = m.b * coords[i]! + m.d * coords[i + 1]! + m.f
        ctx.moveTo(x + POINT_RADIUS_PX, y)
        ctx.arc(x, y, POINT_RADIUS_PX, 0, Math.PI * 2)
      }
      ctx.fillStyle = shape.color
      ctx.fill()
      ctx.lineWidth = 1.5
      ctx.strokeStyle = "rgba(0, 0, 0, 0.7)"
      ctx.stroke()
    }
  }

  private dotBufferOf(width: number, height: number): Uint32Array {
    if (this.dotCanvas === null || this.dotImage === null || this.dotImage.width !== width || this.dotImage.height !== height) {
      this.dotCanvas = this.createCanvas(width, height)
      this.dotImage = new ImageData(width, height)
      this.dotPixels = new Uint32Array(this.dotImage.data.buffer)
    } else this.dotPixels!.fill(0)
    return this.dotPixels!
  }

  private stamp(buffer: Uint32Array, bw: number, bh: number, m: Affine, pr: number, shape: Shape, scale: number): void {
    const { minX, minY, maxX, maxY } = shape.bbox
    const cx = (minX + maxX) / 2
    const cy = (minY + maxY) / 2
    const x = Math.round((m.a * cx + m.c * cy + m.e) * pr)
    const y = Math.round((m.b * cx + m.d * cy + m.f) * pr)
    // At least 2 device pixels, so a dot is seen; at most the shape's own size.
    const size = Math.max(2, Math.round(Math.max(maxX - minX, maxY - minY) * scale * pr))
    const half = size >> 1
    let word = this.words.get(shape.color)
    if (word === undefined) {
      word = rgbaWord(shape.color)
      this.words.set(shape.color, word)
    }
    const x0 = Math.max(0, x - half)
    const x1 = Math.min(bw, x - half + size)
    const y0 = Math.max(0, y - half)
    const y1 = Math.min(bh, y - half + size)
    for (let row = y0; row < y1; row++) buffer.fill(word, row * bw + x0, row * bw + x1)
  }
}
