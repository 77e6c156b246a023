// The wand's flood fill: from the clicked pixel, every pixel reachable through its eight neighbours
// whose colour lies within a tolerance of the clicked pixel's colour (a fixed range, as QuPath's wand
// and ImageJ's, not a distance to the neighbour, which would creep across a gradual edge).
//
// Our own, about forty lines: the npm flood fills (q-floodfill, floodfill.js) paint a canvas with a
// colour, four-connected, and compare channel by channel; the wand needs the mask itself, eight
// neighbours and one distance between colours, and the outline is traced from that mask (outline.ts).
// Pure: RGBA bytes in, a mask out.

/** RGBA bytes of a width × height image, row by row (what getImageData gives). */
export interface Pixels {
  readonly width: number
  readonly height: number
  readonly data: Uint8ClampedArray | Uint8Array
}

/** The pixels the fill took (1) and the box around them, inclusive. */
export interface Fill {
  readonly mask: Uint8Array
  readonly minX: number
  readonly minY: number
  readonly maxX: number
  readonly maxY: number
  /** How many pixels the fill took. */
  readonly count: number
}

/** A pixel this transparent is not part of the slide (the canvas around it): never filled, never a seed. */
const OPAQUE = 128

/**
 * The 8-connected region around (x, y) of pixels within `tolerance` (Euclidean distance in RGB, 0 to
 * 441) of the pixel at (x, y). Null when (x, y) is outside the image or on a transparent pixel.
 */
export const floodFill = (pixels: Pixels, x: number, y: number, tolerance: number): Fill | null => {
  const { width, height, data } = pixels
  const sx = Math.floor(x)
  const sy = Math.floor(y)
  if (sx < 0 || sy < 0 || sx >= width || sy >= height) return null
  const seed = (sy * width + sx) * 4
  if (data[seed + 3]! < OPAQUE) return null
  const [r, g, b] = [data[seed]!, data[seed + 1]!, data[seed + 2]!]
  const limit = Math.max(0, tolerance) ** 2
  const within = (p: number): boolean => {
    const i = p * 4
    if (data[i + 3]! < OPAQUE) return false
    const dr = data[i]! - r
    const dg = data[i + 1]! - g
    const db = data[i + 2]! - b
    return dr * dr + dg * dg + db * db <= limit
  }
  // 0 not looked at, 1 taken, 2 looked at and refused: each pixel is tested once.
  const mask = new Uint8Array(width * height)
  const stack = new Int32Array(width * height)
  let top = 0
  stack[top++] = sy * width + sx
  mask[sy * width + sx] = 1
  let [minX, minY, maxX, maxY, count] = [sx, sy, sx, sy, 0]
  while (top > 0) {
    const p = stack[--top]!
    const px = p % width
    const py = (p - px) / width
    count++
    if (px < minX) minX = px
    if (px > maxX) maxX = px
    if (py < minY) minY = py
    if (py > maxY) maxY = py
    for (let ny = Math.max(0, py - 1); ny <= Math.min(height - 1, py + 1); ny++)
      for (let nx = Math.max(0, px - 1); nx <= Math.min(width - 1, px + 1); nx++) {
        const n = ny * width + nx
        if (mask[n] !== 0) continue
        if (within(n)) {
          mask[n] = 1
          stack[top++] = n
        } else mask[n] = 2
      }
  }
  // Only the taken pixels stay in the mask.
  for (let i = 0; i < mask.length; i++) if (mask[i] === 2) mask[i] = 0
  return { mask, minX, minY, maxX, maxY, count }
}
