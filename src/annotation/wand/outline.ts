// The outline of a filled mask, holes kept, as rings in pixel-grid coordinates (pixel (x, y) covers
// [x, x+1] × [y, y+1]). The tracing is d3-contour's marching squares (maintained, already in the
// bundle's dependency tree through mermaid, and it stitches the segments into closed rings).
//
// Marching squares has to decide the saddle (two pixels touching only at a corner) one way: d3-contour
// keeps the pixels at or above the threshold apart there. The fill is 8-connected, so the pixels
// touching at a corner belong together: the contour is therefore taken of the complement (the
// pixels NOT filled, with a one-pixel frame of them around the mask), whose saddles d3 separates,
// which joins the mask's. That contour is the frame's outer ring, the mask's outer boundary (a hole
// of the complement) and the mask's holes (islands of the complement); leaving the frame out, the
// rest read even-odd is exactly the mask (rings.ts).
import { contours } from "d3-contour"
import type { Point } from "../geometry.ts"
import { ringArea, type Ring } from "../rings.ts"
import type { Fill } from "./fill.ts"

/**
 * Every ring of the mask's outline: its outer boundary and each hole, unsimplified, in the
 * coordinates of the image the mask was filled on. `width` is the mask's row length.
 */
export const outlineOf = (fill: Fill, width: number): Array<Ring> => {
  const { mask, minX, minY, maxX, maxY } = fill
  // The box around the fill and a frame of one pixel: the rest of the image plays no part.
  const w = maxX - minX + 3
  const h = maxY - minY + 3
  const complement = new Float64Array(w * h).fill(1)
  for (let y = minY; y <= maxY; y++)
    for (let x = minX; x <= maxX; x++) if (mask[y * width + x] === 1) complement[(y - minY + 1) * w + (x - minX + 1)] = 0
  // d3-contour's types ask for number[]; it only indexes the values, which a Float64Array serves.
  const multi = contours()
    .size([w, h])
    .contour(complement as unknown as number[], 0.5)
  const rings: Array<Ring> = []
  // GeoJSON rings repeat their first vertex at the end; ours do not. Back from the padded box to the image.
  for (const polygon of multi.coordinates)
    for (const ring of polygon) rings.push(ring.slice(0, -1).map(([x, y]): Point => [x! + minX - 1, y! + minY - 1]))
  // The frame's ring is the largest: it surrounds everything else.
  let frame = -1
  let largest = -1
  for (const [i, ring] of rings.entries()) {
    const area = ringArea(ring)
    if (area > largest) {
      largest = area
      frame = i
    }
  }
  return rings.filter((_, i) => i !== frame)
}
