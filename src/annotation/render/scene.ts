// Draws the slide's annotations onto one 2D canvas context: only the shapes the spatial index
// returns for the viewport, batched into paths of PATH_SHAPES shapes of one label colour (one stroke
// call per batch, not per shape). A drawing is a SceneJob that can be run in slices (step with a
// deadline), so the overlay can build its cache over several frames without a long one. Level of
// detail, by the shape's size on screen:
//   - under TINY_PX: a dot, stamped into a pixel buffer drawn in one drawImage (a 32-vertex outline
//     3 px across shows nothing its bounding box does not);
//   - under ROUND_PX: a circle of the shape's size, centred on a pixel so its 1 px ring is crisp (a
//     32-vertex outline a few pixels across, thinned by the vertex skipping below, draws as a
//     triangle or a square; a professional viewer shows a small round cell);
//   - otherwise its outline: vertices closer than LOD_PX on screen to the last one drawn are skipped
//     as the path is built (no allocation); shapes of more than DP_FROM vertices are simplified once
//     per zoom level (Douglas-Peucker, cached) so a 5,000-vertex outline is not walked every frame.
// Strokes are STROKE_PX wide on screen whatever the zoom (line width divided by the scale).
// The selection (several shapes; one alone is the interactive layer's, with its handles) is drawn
// here too, after the rest, in the same batches: a blue halo and the label's colour twice as thick,
// a shape too small to see as a ring around it, a counted point with a ring; so selecting 100,000
// shapes costs a render of them, never a node each.
import { ringsOf } from "../rings.ts"
import type { Shape } from "../store/shape.ts"
import type { AnnotationStore } from "../store/store.ts"
import { simplify } from "./simplify.ts"
import { type Affine, scaleOf, visibleImageBox } from "./transform.ts"

export const TINY_PX = 3
export const ROUND_PX = 8
export const LOD_PX = 0.75
export const DP_FROM = 128
export const STROKE_PX = 1
/** The selection's halo and stroke, on screen. */
export const SELECTION_COLOR = "#3b82f6"
export const HALO_PX = 4.5
export const SELECTED_STROKE_PX = 2
/** A selected shape smaller than this on screen is ringed at this size, so it can be seen to be selected. */
export const SELECTED_RING_PX = 5
export const POINT_RADIUS_PX = 5
/** Half the width of a comment's speech bubble, in screen pixels. */
export const PIN_PX = 9
/** Above this many outlines in view, no fill: filling thousands of small paths doubles a frame's cost. */
export const FILL_AT_MOST = 2000
/** Shapes per path (see the drawing loop). */
export const PATH_SHAPES = 128
/** Shapes sorted into dots, circles and outlines per step. */
export const SORT_SHAPES = 8192

export interface SceneFrame {
  /** CSS pixels of the canvas. */
  readonly width: number
  readonly height: number
  readonly pixelRatio: number
  /** Image pixels to CSS pixels. */
  readonly transform: Affine
  /** Not drawn here: the interactive layer draws it with its handles. */
  readonly selectedId?: string | null
  /** Drawn highlighted, after the others. */
  readonly selection?: ReadonlySet<string>
  /** Not drawn here: being dragged, the interactive layer draws them where the drag has them. */
  readonly excluded?: ReadonlySet<string>
  /** Fill closed shapes this lightly (0: outlines only). */
  readonly fillAlpha?: number
}

export interface SceneStats {
  readonly queried: number
  readonly outlines: number
  readonly circles: number
  readonly dots: number
  readonly vertices: number
  /** Selected shapes drawn highlighted. */
  readonly selected?: number
}

/** A drawing in progress. */
export interface SceneJob {
  /** Draws on until it is done or performance.now() passes `deadline`; true once done. */
  step(deadline: number): boolean
  readonly done: boolean
  readonly stats: SceneStats
}

/** "#RRGGBB" as a little-endian RGBA word (ImageData's byte order), opaque. */
const rgbaWord = (color: string): number => {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1] ?? "ffff00"
  const n = Number.parseInt(hex, 16)
  return (0xff << 24) | ((n & 0xff) << 16) | (n & 0xff00) | ((n >> 16) & 0xff)
}

type Context2D = CanvasRenderingContext2D

interface Bucket {
  readonly color: string
  /** Closed shapes: stroked, and filled when the fill is on. */
  readonly outlines: Array<Shape>
  /** Open lines (freehand strokes): stroked only; a fill would close them into an area they do not mark. */
  readonly lines: Array<Shape>
  readonly circles: Array<Shape>
}

/** One unit of work: a path of up to PATH_SHAPES shapes of one colour, the counter points, the dots, or selected shapes of one colour. */
type Step =
  | { readonly kind: "outlines" | "lines" | "circles"; readonly bucket: Bucket; readonly start: number }
  | { readonly kind: "points" }
  | { readonly kind: "dots" }
  | { readonly kind: "selected"; readonly color: string; readonly shapes: ReadonlyArray<Shape>; readonly start: number }

export class SceneRenderer {
  private readonly words = new Map<string, number>()
  private readonly simplified = new WeakMap<object, { readonly level: number; readonly coords: Float64Array }>()
  private readonly rings = new WeakMap<Shape, ReadonlyArray<{ readonly coords: Float64Array }>>()
  private dotCanvas: HTMLCanvasElement | OffscreenCanvas | null = null
  private dotImage: ImageData | null = null
  private dotPixels: Uint32Array | null = null

  private readonly createCanvas: (w: number, h: number) => HTMLCanvasElement | OffscreenCanvas

  constructor(createCanvas: (w: number, h: number) => HTMLCanvasElement | OffscreenCanvas) {
    this.createCanvas = createCanvas
  }

  /** Draws the whole frame at once. */
  draw(ctx: Context2D, store: AnnotationStore, frame: SceneFrame): SceneStats {
    const job = this.begin(ctx, store, frame)
    job.step(Number.POSITIVE_INFINITY)
    return job.stats
  }

  /**
   * Queries and sorts the frame's shapes (and stamps the dots) now; the drawing is left to the job's
   * steps. A renderer runs one job at a time: beginning another abandons the previous one.
   */
  begin(ctx: Context2D, store: AnnotationStore, frame: SceneFrame): SceneJob {
    const m = frame.transform
    const scale = scaleOf(m)
    const visible = store.query(visibleImageBox(m, frame.width, frame.height, 8))
    const byColor = new Map<string, Bucket>()
    const tiny = TINY_PX / scale
    const round = ROUND_PX / scale
    const points: Array<Shape> = []
    const selection = frame.selection !== undefined && frame.selection.size > 0 ? frame.selection : null
    const excluded = frame.excluded !== undefined && frame.excluded.size > 0 ? frame.excluded : null
    const selectedByColor = new Map<string, Array<Shape>>()
    let dots = 0
    const pr = frame.pixelRatio
    const bw = Math.max(1, Math.round(frame.width * pr))
    const bh = Math.max(1, Math.round(frame.height * pr))
    // Sorting the shapes into dots, circles and outlines is work too (100,000 of them): in steps of
    // SORT_SHAPES like the drawing, so a render's first slice keeps to its deadline.
    const dotBuffer = this.dotBufferOf(bw, bh)
    let sorted = 0
    let inView = 0
    const sortSome = () => {
      const end = Math.min(visible.length, sorted + SORT_SHAPES)
      for (; sorted < end; sorted++) {
        const shape = visible[sorted]!
        if (shape.id === frame.selectedId || excluded?.has(shape.id)) continue
        if (selection?.has(shape.id)) {
          let list = selectedByColor.get(shape.color)
          if (list === undefined) {
            list = []
            selectedByColor.set(shape.color, list)
          }
          list.push(shape)
        }
        if (shape.kind === "points") {
          points.push(shape)
          continue
        }
        const { minX, minY, maxX, maxY } = shape.bbox
        const w = maxX - minX
        const h = maxY - minY
        if (w < tiny && h < tiny) {
          this.stamp(dotBuffer, bw, bh, m, pr, shape, scale)
          dots++
          continue
        }
        let bucket = byColor.get(shape.color)
        if (bucket === undefined) {
          bucket = { color: shape.color, outlines: [], lines: [], circles: [] }
          byColor.set(shape.color, bucket)
        }
        // A closed shape small on screen and not long and thin is a circle; a polyline stays a line.
        if (shape.kind === "polyline") bucket.lines.push(shape)
        else if (w < round && h < round && w < 3 * h && h < 3 * w) bucket.circles.push(shape)
        else bucket.outlines.push(shape)
        inView++
      }
    }

    const steps: Array<Step> = []
    const plan = () => {
      for (const bucket of byColor.values()) {
        for (let start = 0; start < bucket.outlines.length; start += PATH_SHAPES) steps.push({ kind: "outlines", bucket, start })
        for (let start = 0; start < bucket.lines.length; start += PATH_SHAPES) steps.push({ kind: "lines", bucket, start })
        for (let start = 0; start < bucket.circles.length; start += PATH_SHAPES) steps.push({ kind: "circles", bucket, start })
      }
      if (points.length > 0) steps.push({ kind: "points" })
      if (dots > 0) steps.push({ kind: "dots" })
      for (const [color, shapes] of selectedByColor)
        for (let start = 0; start < shapes.length; start += PATH_SHAPES) steps.push({ kind: "selected", color, shapes, start })
      fill = frame.fillAlpha !== undefined && frame.fillAlpha > 0 && inView <= FILL_AT_MOST ? frame.fillAlpha : 0
      stats.dots = dots
    }

    let fill = 0
    const lod = LOD_PX / scale
    const level = Math.floor(Math.log2(1 / scale))
    const stats = { queried: visible.length, outlines: 0, circles: 0, dots: 0, vertices: 0, selected: 0 }
    const dotImage = this.dotImage
    const dotCanvas = this.dotCanvas
    let next = 0

    const run = (step: Step) => {
      if (step.kind === "points") return this.drawPoints(ctx, points, m, pr)
      if (step.kind === "selected") {
        const end = Math.min(step.shapes.length, step.start + PATH_SHAPES)
        this.drawSelected(ctx, step.shapes, step.start, end, step.color, m, pr, lod, level, fill)
        stats.selected += end - step.start
        return
      }
      if (step.kind === "dots") {
        if (dotImage === null || dotCanvas === null) return
        const dotContext = dotCanvas.getContext("2d") as CanvasRenderingContext2D | null
        dotContext?.putImageData(dotImage, 0, 0)
        ctx.setTransform(1, 0, 0, 1, 0, 0)
        ctx.drawImage(dotCanvas as CanvasImageSource, 0, 0)
        return
      }
      const { bucket, start } = step
      ctx.strokeStyle = bucket.color
      ctx.fillStyle = bucket.color
      ctx.beginPath()
      // One path per PATH_SHAPES shapes, not per colour: a software rasteriser keeps every edge
      // crossing a scanline in one sorted list, and tens of thousands of overlapping outlines in one
      // path made a frame at 100k shapes take seconds (measured: 21 s p95 with one path per colour).
      if (step.kind === "outlines" || step.kind === "lines") {
        ctx.setTransform(pr * m.a, pr * m.b, pr * m.c, pr * m.d, pr * m.e, pr * m.f)
        ctx.lineWidth = STROKE_PX / scale
        const shapes = step.kind === "outlines" ? bucket.outlines : bucket.lines
        const end = Math.min(shapes.length, start + PATH_SHAPES)
        for (let i = start; i < end; i++) stats.vertices += this.trace(ctx, shapes[i]!, lod, level)
        stats.outlines += end - start
      } else {
        // In device pixels: centres on pixel centres and whole radii, so a 1 px ring is one pixel wide.
        ctx.setTransform(1, 0, 0, 1, 0, 0)
        ctx.lineWidth = STROKE_PX * pr
        const half = (STROKE_PX * pr) / 2
        const end = Math.min(bucket.circles.length, start + PATH_SHAPES)
        for (let i = start; i < end; i++) {
          const { minX, minY, maxX, maxY } = bucket.circles[i]!.bbox
          const cx = (minX + maxX) / 2
          const cy = (minY + maxY) / 2
          const x = Math.round((m.a * cx + m.c * cy + m.e) * pr - half) + half
          const y = Math.round((m.b * cx + m.d * cy + m.f) * pr - half) + half
          const r = Math.max(1.5, Math.round(((maxX - minX + maxY - minY) / 4) * scale * pr))
          ctx.moveTo(x + r, y)
          ctx.arc(x, y, r, 0, Math.PI * 2)
        }
        stats.circles += end - start
      }
      if (fill > 0 && step.kind !== "lines") {
        ctx.globalAlpha = fill
        ctx.fill()
        ctx.globalAlpha = 1
      }
      ctx.stroke()
    }

    let planned = false
    const finished = () => planned && next >= steps.length
    return {
      get done() {
        return finished()
      },
      stats,
      step(deadline: number): boolean {
        while (sorted < visible.length) {
          sortSome()
          if (performance.now() >= deadline) return false
        }
        if (!planned) {
          plan()
          planned = true
        }
        if (next >= steps.length) return true
        ctx.save()
        // Miter joins (the default): round joins cost a software rasteriser a disc per vertex.
        while (next < steps.length) {
          run(steps[next++]!)
          if (performance.now() >= deadline) break
        }
        ctx.restore()
        return next >= steps.length
      }
    }
  }

  /** Appends the shape's outline to the current path (an area's every ring); returns the vertices drawn. */
  private trace(ctx: Context2D, shape: Shape, lod: number, level: number): number {
    if (shape.kind !== "area") return this.traceRun(ctx, shape, shape.coords, shape.kind !== "polyline", lod, level)
    let rings = this.rings.get(shape)
    if (rings === undefined) {
      // Split once per shape (views of its coordinates); each ring is simplified on its own.
      rings = ringsOf(shape.coords).map((coords) => ({ coords }))
      this.rings.set(shape, rings)
    }
    let drawn = 0
    for (const ring of rings) drawn += this.traceRun(ctx, ring, ring.coords, true, lod, level)
    return drawn
  }

  /** One run of vertices (a shape, or one ring of an area); `key` caches its simplified form. */
  private traceRun(ctx: Context2D, key: object, all: Float64Array, closed: boolean, lod: number, level: number): number {
    let coords = all
    const n0 = coords.length / 2
    if (n0 > DP_FROM) {
      let cached = this.simplified.get(key)
      if (cached === undefined || cached.level !== level) {
        cached = { level, coords: simplify(coords, 0.5 * 2 ** level) }
        this.simplified.set(key, cached)
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
    if (closed) ctx.closePath()
    return drawn
  }

  /**
   * Selected shapes of one colour, over what is drawn already: their outline (a ring for a shape too
   * small to see, rings round each counted point) in one path, stroked with a wide blue halo and
   * then the label's colour, thicker than the rest; closed ones tinted a little more (over their own fill).
   */
  private drawSelected(
    ctx: Context2D,
    shapes: ReadonlyArray<Shape>,
    start: number,
    end: number,
    color: string,
    m: Affine,
    pr: number,
    lod: number,
    level: number,
    fill: number
  ): void {
    const scale = scaleOf(m)
    const ring = SELECTED_RING_PX / scale
    // Outlines in image pixels...
    ctx.setTransform(pr * m.a, pr * m.b, pr * m.c, pr * m.d, pr * m.e, pr * m.f)
    ctx.beginPath()
    let closed = false
    for (let i = start; i < end; i++) {
      const shape = shapes[i]!
      if (shape.kind === "points") continue
      const { minX, minY, maxX, maxY } = shape.bbox
      if (maxX - minX < ring * 2 && maxY - minY < ring * 2) {
        const r = Math.max(ring, (maxX - minX + maxY - minY) / 4)
        const cx = (minX + maxX) / 2
        const cy = (minY + maxY) / 2
        ctx.moveTo(cx + r, cy)
        ctx.arc(cx, cy, r, 0, Math.PI * 2)
      } else this.trace(ctx, shape, lod, level)
      closed ||= shape.kind !== "polyline"
    }
    if (closed && fill > 0) {
      ctx.globalAlpha = Math.min(1, fill * 0.8)
      ctx.fillStyle = color
      ctx.fill()
      ctx.globalAlpha = 1
    }
    this.strokeSelected(ctx, color, scale)
    // ...and the counted points' rings on screen.
    ctx.setTransform(pr, 0, 0, pr, 0, 0)
    ctx.beginPath()
    let any = false
    for (let i = start; i < end; i++) {
      const shape = shapes[i]!
      if (shape.kind !== "points") continue
      any = true
      const { coords } = shape
      for (let j = 0; j < coords.length; j += 2) {
        const x = m.a * coords[j]! + m.c * coords[j + 1]! + m.e
        const y = m.b * coords[j]! + m.d * coords[j + 1]! + m.f
        const r = POINT_RADIUS_PX + 3
        ctx.moveTo(x + r, y)
        ctx.arc(x, y, r, 0, Math.PI * 2)
      }
    }
    if (any) this.strokeSelected(ctx, color, 1)
  }

  private strokeSelected(ctx: Context2D, color: string, scale: number): void {
    ctx.lineJoin = "round"
    ctx.strokeStyle = SELECTION_COLOR
    ctx.globalAlpha = 0.85
    ctx.lineWidth = HALO_PX / scale
    ctx.stroke()
    ctx.globalAlpha = 1
    ctx.strokeStyle = color
    ctx.lineWidth = SELECTED_STROKE_PX / scale
    ctx.stroke()
    ctx.lineJoin = "miter"
  }

  /**
   * Counter points: a filled disc of constant screen size, outlined dark so it shows on any stain. A
   * comment is a point too, drawn as a speech bubble centred on it, so a pin is never read as a counted cell.
   * A locked point (an analysis' detection is one: server/services/ai) is drawn lighter, half see-through
   * with a faint outline, as QuPath draws detections, so thousands of them leave the stain readable.
   */
  private drawPoints(ctx: Context2D, shapes: ReadonlyArray<Shape>, m: Affine, pr: number): void {
    ctx.setTransform(pr, 0, 0, pr, 0, 0)
    for (const shape of shapes) {
      if (shape.comments.length > 0) {
        this.drawCommentPin(ctx, shape, m)
        continue
      }
      ctx.beginPath()
      const { coords } = shape
      for (let i = 0; i < coords.length; i += 2) {
        const x = m.a * coords[i]! + m.c * coords[i + 1]! + m.e
        const y = m.b * coords[i]! + m.d * coords[i + 1]! + m.f
        ctx.moveTo(x + POINT_RADIUS_PX, y)
        ctx.arc(x, y, POINT_RADIUS_PX, 0, Math.PI * 2)
      }
      const light = shape.props?.locked === true
      ctx.globalAlpha = light ? 0.55 : 1
      ctx.fillStyle = shape.color
      ctx.fill()
      ctx.lineWidth = light ? 1 : 1.5
      ctx.strokeStyle = light ? "rgba(0, 0, 0, 0.45)" : "rgba(0, 0, 0, 0.7)"
      ctx.stroke()
    }
    ctx.globalAlpha = 1
  }

  private drawCommentPin(ctx: Context2D, shape: Shape, m: Affine): void {
    const { coords } = shape
    const x = m.a * coords[0]! + m.c * coords[1]! + m.e
    const y = m.b * coords[0]! + m.d * coords[1]! + m.f
    const [w, h, r] = [PIN_PX * 2, PIN_PX * 1.5, 3]
    const left = x - w / 2
    const top = y - h / 2
    ctx.beginPath()
    ctx.moveTo(left + r, top)
    ctx.arcTo(left + w, top, left + w, top + h, r)
    ctx.arcTo(left + w, top + h, left, top + h, r)
    // The tail, down and to the left, under the bubble.
    ctx.lineTo(left + w * 0.45, top + h)
    ctx.lineTo(left + w * 0.2, top + h + 5)
    ctx.lineTo(left + w * 0.25, top + h)
    ctx.arcTo(left, top + h, left, top, r)
    ctx.arcTo(left, top, left + w, top, r)
    ctx.closePath()
    ctx.fillStyle = shape.color
    ctx.fill()
    ctx.lineWidth = 1.5
    ctx.strokeStyle = "rgba(0, 0, 0, 0.7)"
    ctx.stroke()
    // Three dots: the sign of a comment on any label colour.
    ctx.beginPath()
    for (const dx of [-4, 0, 4]) {
      ctx.moveTo(x + dx + 1.3, y)
      ctx.arc(x + dx, y, 1.3, 0, Math.PI * 2)
    }
    ctx.fillStyle = "rgba(0, 0, 0, 0.75)"
    ctx.fill()
  }

  private dotBufferOf(width: number, height: number): Uint32Array {
    if (this.dotCanvas === null || this.dotImage === null || this.dotImage.width !== width || this.dotImage.height !== height) {
      this.dotCanvas = this.createCanvas(width, height)
      this.dotImage = new ImageData(width, height)
      this.dotPixels = new Uint32Array(this.dotImage.data.buffer)
    } else this.dotPixels!.fill(0)
    return this.dotPixels!
  }

  /** A dot of the shape's size (at least 2 device px); from 3 px on, its corners are left out, so it reads round. */
  private stamp(buffer: Uint32Array, bw: number, bh: number, m: Affine, pr: number, shape: Shape, scale: number): void {
    const { minX, minY, maxX, maxY } = shape.bbox
    const cx = (minX + maxX) / 2
    const cy = (minY + maxY) / 2
    const x = Math.round((m.a * cx + m.c * cy + m.e) * pr)
    const y = Math.round((m.b * cx + m.d * cy + m.f) * pr)
    const size = Math.max(2, Math.round(Math.max(maxX - minX, maxY - minY) * scale * pr))
    const half = size >> 1
    let word = this.words.get(shape.color)
    if (word === undefined) {
      word = rgbaWord(shape.color)
      this.words.set(shape.color, word)
    }
    const left = x - half
    const top = y - half
    const y0 = Math.max(0, top)
    const y1 = Math.min(bh, top + size)
    const corner = size >= 3 ? 1 : 0
    for (let row = y0; row < y1; row++) {
      const inset = corner > 0 && (row === top || row === top + size - 1) ? corner : 0
      const x0 = Math.max(0, left + inset)
      const x1 = Math.min(bw, left + size - inset)
      if (x1 > x0) buffer.fill(word, row * bw + x0, row * bw + x1)
    }
  }
}
