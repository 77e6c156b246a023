// How an analysis walks a region of a slide: cores of `size` pixels side by side covering the region,
// each read with `margin` pixels more on every side (clipped to the image), so an object cut by a
// core's edge is seen whole by the tile whose core holds its centroid. Pure.

export interface Box {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

export interface TilePlan {
  /** The part this tile answers for, in image pixels. */
  readonly core: Box
  /** The pixels read: the core and its margin, within the image. */
  readonly read: Box
}

/** The region's box in whole pixels, within the image; null when nothing of it is. */
export const clampBox = (box: Box, width: number, height: number): Box | null => {
  const x0 = Math.max(0, Math.floor(box.x))
  const y0 = Math.max(0, Math.floor(box.y))
  const x1 = Math.min(width, Math.ceil(box.x + box.w))
  const y1 = Math.min(height, Math.ceil(box.y + box.h))
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null
}

export const planTiles = (region: Box, size: number, margin: number, width: number, height: number): Array<TilePlan> => {
  const out: Array<TilePlan> = []
  for (let y = region.y; y < region.y + region.h; y += size)
    for (let x = region.x; x < region.x + region.w; x += size) {
      const core = { x, y, w: Math.min(size, region.x + region.w - x), h: Math.min(size, region.y + region.h - y) }
      const rx = Math.max(0, x - margin)
      const ry = Math.max(0, y - margin)
      const read = { x: rx, y: ry, w: Math.min(width, x + core.w + margin) - rx, h: Math.min(height, y + core.h + margin) - ry }
      out.push({ core, read })
    }
  return out
}
