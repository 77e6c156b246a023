// Pure decisions of the drawing tools, tested alone: when a press became a drag, when a click closes
// a polygon, how a pencil stroke is thinned, what a draft is as a shape. Distances are given in
// screen pixels and compared in image pixels through the scale the pointer event carries.
import { ellipsePoints } from "../../annotation/geometry.ts"
import { douglasPeucker } from "../../annotation/render/simplify.ts"

/** A press that moves this far (screen px) is a drag, not a click. */
export const DRAG_PX = 4
/** A click this near (screen px) the first vertex closes the polygon. */
export const CLOSE_PX = 8
/** The pencil keeps a sample only this far (screen px) from the last kept one... */
export const PENCIL_STEP_PX = 1.5
/** ...and its stroke is simplified to within this (screen px) when it ends. */
export const PENCIL_TOLERANCE_PX = 0.75

export type XY = readonly [number, number]

export const distance = (a: XY, b: XY): number => Math.hypot(a[0] - b[0], a[1] - b[1])

/** `scale`: screen px per image px. */
export const isDrag = (from: XY, to: XY, scale: number): boolean => distance(from, to) * scale >= DRAG_PX

export const closesPolygon = (coords: ReadonlyArray<number>, at: XY, scale: number): boolean =>
  coords.length >= 6 && distance([coords[0]!, coords[1]!], at) * scale <= CLOSE_PX

/** The vertices without trailing repeats (a double click adds its two clicks at one place first). */
export const withoutRepeats = (coords: ReadonlyArray<number>, scale: number): ReadonlyArray<number> => {
  const out = [...coords]
  while (out.length >= 4 && distance([out.at(-4)!, out.at(-3)!], [out.at(-2)!, out.at(-1)!]) * scale < DRAG_PX) out.splice(-2, 2)
  return out
}

/** Adds the samples of a pencil move, each only if far enough from the last kept one. */
export const pencilAppend = (coords: ReadonlyArray<number>, samples: ReadonlyArray<number>, scale: number): ReadonlyArray<number> => {
  const out = [...coords]
  const step = PENCIL_STEP_PX / scale
  for (let i = 0; i + 1 < samples.length; i += 2) {
    const x = samples[i]!
    const y = samples[i + 1]!
    if (out.length >= 2 && distance([out.at(-2)!, out.at(-1)!], [x, y]) < step) continue
    out.push(x, y)
  }
  return out
}

export const pencilFinish = (coords: ReadonlyArray<number>, scale: number): ReadonlyArray<number> => [
  ...douglasPeucker(coords, PENCIL_TOLERANCE_PX / scale)
]

/**
 * The ellipse inscribed in the box two corners span, as a polygon of ELLIPSE_VERTICES (what a
 * stored ellipse is, geometry.ts); a degenerate box gives a flat one, which the save refuses.
 */
export const ellipseOf = (a: XY, b: XY): ReadonlyArray<number> => {
  const [x0, x1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])]
  const [y0, y1] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])]
  return ellipsePoints((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2).flat()
}

/** A closed freehand outline: the stroke simplified as the pencil's, closed back to its start. */
export const outlineFinish = (coords: ReadonlyArray<number>, scale: number): ReadonlyArray<number> => {
  const simplified = pencilFinish(coords, scale)
  // The last vertex on the first (a stroke that ends where it began) would be a repeated vertex.
  const closing =
    simplified.length >= 4 && distance([simplified[0]!, simplified[1]!], [simplified.at(-2)!, simplified.at(-1)!]) < PENCIL_STEP_PX / scale
  return closing ? simplified.slice(0, -2) : simplified
}

/** The rectangle spanned by two corners, as its four vertices. */
export const rectangleOf = (a: XY, b: XY): ReadonlyArray<number> => {
  const [x0, x1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])]
  const [y0, y1] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])]
  return [x0, y0, x1, y0, x1, y1, x0, y1]
}
