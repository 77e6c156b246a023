// Shapes under TINY_PX on screen, stamped as dots into one pixel buffer that is drawn with one
// drawImage: a 32-vertex outline 3 px across shows nothing its bounding box does not, and 100,000
// such cells drawn as paths would cost a frame seconds.
import type { Shape } from "../store/shape.ts"
import type { Affine } from "./transform.ts"

/** "#RRGGBB" as a little-endian RGBA word (ImageData's byte order), opaque. */
const rgbaWord = (color: string): number => {
  const hex = /^#?([0-9a-f]{6})$/i.exec(color)?.[1] ?? "ffff00"
  const n = Number.parseInt(hex, 16)
  return (0xff << 24) | ((n & 0xff) << 16) | (n & 0xff00) | ((n >> 16) & 0xff)
}

export class DotLayer {
  private readonly words = new Map<string, number>()
  private canvas: HTMLCanvasElement | OffscreenCanvas | null = null
  private image: ImageData | null = null
  private pixels: Uint32Array | null = null
  private readonly createCanvas: (w: number, h: number) => HTMLCanvasElement | OffscreenCanvas

  constructor(createCanvas: (w: number, h: number) => HTMLCanvasElement | OffscreenCanvas) {
    this.createCanvas = createCanvas
  }

  /** Clears the buffer for a frame of `width` x `height` device pixels (made anew when the size changed). */
  clear(width: number, height: number): void {
    if (this.canvas === null || this.image === null || this.image.width !== width || this.image.height !== height) {
      this.canvas = this.createCanvas(width, height)
      this.image = new ImageData(width, height)
      this.pixels = new Uint32Array(this.image.data.buffer)
    } else this.pixels!.fill(0)
  }

  /** A dot of the shape's size (at least 2 device px); from 3 px on, its corners are left out, so it reads round. */
  stamp(m: Affine, pr: number, shape: Shape, scale: number): void {
    const { minX, minY, maxX, maxY } = shape.bbox
    const size = Math.max(2, Math.round(Math.max(maxX - minX, maxY - minY) * scale * pr))
    this.stampAt(m, pr, (minX + maxX) / 2, (minY + maxY) / 2, size, shape.color)
  }

  /**
   * The points of shapes[start..end) as dots of `size` device pixels. A whole-slide analysis is a
   * million one-point shapes, so the transform, the buffer and the colour's word are read once per
   * batch and a dot is written in place: a call per dot cost the open about 0.8 s in the profile.
   */
  stampPointShapes(m: Affine, pr: number, shapes: ReadonlyArray<Shape>, start: number, end: number, size: number): void {
    const buffer = this.pixels
    const image = this.image
    if (buffer === null || image === null) return
    const bw = image.width
    const bh = image.height
    const { a, b, c, d, e, f } = m
    const half = size >> 1
    const corner = size >= 3 ? 1 : 0
    let color = ""
    let word = 0
    for (let s = start; s < end; s++) {
      const shape = shapes[s]!
      if (shape.color !== color) {
        color = shape.color
        word = this.wordOf(color)
      }
      const coords = shape.coords
      for (let p = 0; p < coords.length; p += 2) {
        const cx = coords[p]!
        const cy = coords[p + 1]!
        const left = Math.round((a * cx + c * cy + e) * pr) - half
        const top = Math.round((b * cx + d * cy + f) * pr) - half
        // Off the buffer: nothing to write (the viewport query pads its box).
        if (left >= bw || top >= bh || left + size <= 0 || top + size <= 0) continue
        const y1 = Math.min(bh, top + size)
        for (let row = Math.max(0, top); row < y1; row++) {
          const inset = corner > 0 && (row === top || row === top + size - 1) ? corner : 0
          const x1 = Math.min(bw, left + size - inset)
          for (let i = row * bw + Math.max(0, left + inset), stop = row * bw + x1; i < stop; i++) buffer[i] = word
        }
      }
    }
  }

  private wordOf(color: string): number {
    let word = this.words.get(color)
    if (word === undefined) {
      word = rgbaWord(color)
      this.words.set(color, word)
    }
    return word
  }

  private stampAt(m: Affine, pr: number, cx: number, cy: number, size: number, color: string): void {
    const buffer = this.pixels
    const image = this.image
    if (buffer === null || image === null) return
    const [bw, bh] = [image.width, image.height]
    const x = Math.round((m.a * cx + m.c * cy + m.e) * pr)
    const y = Math.round((m.b * cx + m.d * cy + m.f) * pr)
    const half = size >> 1
    const word = this.wordOf(color)
    const left = x - half
    const top = y - half
    const y0 = Math.max(0, top)
    const y1 = Math.min(bh, top + size)
    const corner = size >= 3 ? 1 : 0
    for (let row = y0; row < y1; row++) {
      const inset = corner > 0 && (row === top || row === top + size - 1) ? corner : 0
      const x0 = Math.max(0, left + inset)
      const x1 = Math.min(bw, left + size - inset)
      // A plain loop: a dot is a few pixels a row, and fill() per row cost a million dots 0.4 s in calls.
      for (let i = row * bw + x0, end = row * bw + x1; i < end; i++) buffer[i] = word
    }
  }

  /** Draws the stamped dots over the canvas, in device pixels, `alpha` opaque. */
  draw(ctx: CanvasRenderingContext2D, alpha = 1): void {
    if (this.image === null || this.canvas === null) return
    const dotContext = this.canvas.getContext("2d") as CanvasRenderingContext2D | null
    dotContext?.putImageData(this.image, 0, 0)
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.globalAlpha = alpha
    ctx.drawImage(this.canvas as CanvasImageSource, 0, 0)
    ctx.globalAlpha = 1
  }
}
