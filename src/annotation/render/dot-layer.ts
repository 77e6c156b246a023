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
  private lastColor = ""
  private lastWord = 0
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

  /** Each of a points shape's points as a dot of `size` device pixels (a counter's or a detection's). */
  stampPoints(m: Affine, pr: number, shape: Shape, size: number): void {
    const { coords } = shape
    for (let i = 0; i < coords.length; i += 2) this.stampAt(m, pr, coords[i]!, coords[i + 1]!, size, shape.color)
  }

  private stampAt(m: Affine, pr: number, cx: number, cy: number, size: number, color: string): void {
    const buffer = this.pixels
    const image = this.image
    if (buffer === null || image === null) return
    const [bw, bh] = [image.width, image.height]
    const x = Math.round((m.a * cx + m.c * cy + m.e) * pr)
    const y = Math.round((m.b * cx + m.d * cy + m.f) * pr)
    const half = size >> 1
    // A million dots come a label at a time: the last colour's word is kept at hand.
    let word = color === this.lastColor ? this.lastWord : this.words.get(color)
    if (word === undefined) {
      word = rgbaWord(color)
      this.words.set(color, word)
    }
    this.lastColor = color
    this.lastWord = word
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
