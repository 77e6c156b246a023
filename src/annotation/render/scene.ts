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
import type { Shape } from "../store/shape.ts"
import type { AnnotationStore } from "../store/store.ts"
import { DotLayer } from "./dot-layer.ts"
import { OutlineTracer } from "./outline-tracer.ts"
import { drawPoints, LIGHT_ALPHA } from "./point-drawing.ts"
import { drawSelected } from "./selection-drawing.ts"
import { type Affine, scaleOf, visibleImageBox } from "./transform.ts"

export const TINY_PX = 3
export const ROUND_PX = 8
export const LOD_PX = 0.75
export const STROKE_PX = 1
/** Above this many outlines in view, no fill: filling thousands of small paths doubles a frame's cost. */
export const FILL_AT_MOST = 2000
/** Shapes per path (see the drawing loop). */
export const PATH_SHAPES = 128
/** Shapes sorted into dots, circles and outlines per step. */
export const SORT_SHAPES = 8192
/**
 * Above this many points in view they are stamped as dots of POINT_DOT_PX device pixels, as a
 * whole-slide analysis' nuclei are drawn zoomed out: a million discs with outlines would take a render
 * seconds, and at that density their colours are what the eye reads (QuPath draws detections so too).
 */
export const POINTS_AS_DOTS = 5000
export const POINT_DOT_PX = 3

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
  | { readonly kind: "stamp"; readonly locked: boolean; readonly start: number }
  | { readonly kind: "dots" }
  | { readonly kind: "lightDots" }
  | { readonly kind: "selected"; readonly color: string; readonly shapes: ReadonlyArray<Shape>; readonly start: number }

export class SceneRenderer {
  private readonly tracer = new OutlineTracer()
  private readonly dots: DotLayer
  /** Locked points (an analysis' detections) as dots, drawn lighter like their discs. */
  private readonly lightDots: DotLayer

  constructor(createCanvas: (w: number, h: number) => HTMLCanvasElement | OffscreenCanvas) {
    this.dots = new DotLayer(createCanvas)
    this.lightDots = new DotLayer(createCanvas)
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
    /** Points shapes not pins: counters' points, and apart from them the locked ones (detections, drawn lighter). */
    const points: Array<Shape> = []
    const lockedPoints: Array<Shape> = []
    /** Comments: pins whatever their number (a pin is never a dot, so it is never read as a cell). */
    const pins: Array<Shape> = []
    let pointCount = 0
    let lightDots = 0
    const selection = frame.selection !== undefined && frame.selection.size > 0 ? frame.selection : null
    const excluded = frame.excluded !== undefined && frame.excluded.size > 0 ? frame.excluded : null
    const selectedByColor = new Map<string, Array<Shape>>()
    let dots = 0
    const pr = frame.pixelRatio
    const bw = Math.max(1, Math.round(frame.width * pr))
    const bh = Math.max(1, Math.round(frame.height * pr))
    // Sorting the shapes into dots, circles and outlines is work too (100,000 of them): in steps of
    // SORT_SHAPES like the drawing, so a render's first slice keeps to its deadline.
    this.dots.clear(bw, bh)
    this.lightDots.clear(bw, bh)
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
          if (shape.comments.length > 0) pins.push(shape)
          else {
            ;(shape.props?.locked === true ? lockedPoints : points).push(shape)
            pointCount += shape.coords.length / 2
          }
          continue
        }
        const { minX, minY, maxX, maxY } = shape.bbox
        const w = maxX - minX
        const h = maxY - minY
        if (w < tiny && h < tiny) {
          this.dots.stamp(m, pr, shape, scale)
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
      const asDots = pointCount > POINTS_AS_DOTS
      if (asDots) {
        for (let start = 0; start < points.length; start += SORT_SHAPES) steps.push({ kind: "stamp", locked: false, start })
        for (let start = 0; start < lockedPoints.length; start += SORT_SHAPES) steps.push({ kind: "stamp", locked: true, start })
      }
      if (dots > 0 || asDots) steps.push({ kind: "dots" }, { kind: "lightDots" })
      // Few enough points are discs, under the pins.
      if (!asDots) pins.unshift(...points, ...lockedPoints)
      if (pins.length > 0) steps.push({ kind: "points" })
      for (const [color, shapes] of selectedByColor)
        for (let start = 0; start < shapes.length; start += PATH_SHAPES) steps.push({ kind: "selected", color, shapes, start })
      fill = frame.fillAlpha !== undefined && frame.fillAlpha > 0 && inView <= FILL_AT_MOST ? frame.fillAlpha : 0
      stats.dots = dots
    }

    let fill = 0
    const lod = LOD_PX / scale
    const level = Math.floor(Math.log2(1 / scale))
    const stats = { queried: visible.length, outlines: 0, circles: 0, dots: 0, vertices: 0, selected: 0 }
    let next = 0

    const run = (step: Step) => {
      if (step.kind === "points") return drawPoints(ctx, pins, m, pr)
      if (step.kind === "stamp") {
        const size = Math.max(2, Math.round(POINT_DOT_PX * pr))
        const shapes = step.locked ? lockedPoints : points
        const end = Math.min(shapes.length, step.start + SORT_SHAPES)
        ;(step.locked ? this.lightDots : this.dots).stampPointShapes(m, pr, shapes, step.start, end, size)
        if (step.locked) lightDots += end - step.start
        else dots += end - step.start
        stats.dots = dots + lightDots
        return
      }
      if (step.kind === "lightDots") return lightDots > 0 ? this.lightDots.draw(ctx, LIGHT_ALPHA) : undefined
      if (step.kind === "selected") {
        const end = Math.min(step.shapes.length, step.start + PATH_SHAPES)
        drawSelected(ctx, this.tracer, { shapes: step.shapes, start: step.start, end, color: step.color }, { m, pr, lod, level, fill })
        stats.selected += end - step.start
        return
      }
      if (step.kind === "dots") return dots > 0 ? this.dots.draw(ctx) : undefined
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
        for (let i = start; i < end; i++) stats.vertices += this.tracer.trace(ctx, shapes[i]!, lod, level)
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
}
