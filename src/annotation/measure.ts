// Measurements of a shape in image pixels, and in microns where the slide records its microns per
// pixel (mpp). Pure: the viewer's measurement panel, the ruler and the QuPath export use them.
import type { Geometry, Point } from "./geometry.ts"
import { evenOddArea } from "./rings.ts"

/** Area of a simple polygon (shoelace formula), whichever way it winds. */
export const polygonArea = (points: ReadonlyArray<Point>): number => {
  let twice = 0
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!
    const [x2, y2] = points[(i + 1) % points.length]!
    twice += x1 * y2 - x2 * y1
  }
  return Math.abs(twice) / 2
}

/** Length of a path through the points, open. */
export const polylineLength = (points: ReadonlyArray<Point>): number => {
  let length = 0
  for (let i = 1; i < points.length; i++) length += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1])
  return length
}

/** Perimeter of a polygon: its path closed back to the first vertex. */
export const polygonPerimeter = (points: ReadonlyArray<Point>): number =>
  points.length < 2 ? 0 : polylineLength(points) + Math.hypot(points[0]![0] - points.at(-1)![0], points[0]![1] - points.at(-1)![1])

export const micronsOf = (pixels: number, mpp: number): number => pixels * mpp
export const squareMicronsOf = (squarePixels: number, mpp: number): number => squarePixels * mpp * mpp
export const squareMillimetresOf = (squarePixels: number, mpp: number): number => squareMicronsOf(squarePixels, mpp) / 1_000_000

export interface Measurement {
  /** Areas and perimeters of closed shapes. */
  readonly areaPx?: number
  readonly perimeterPx?: number
  /** The length of a freehand stroke. */
  readonly lengthPx?: number
  /** How many points a point annotation holds. */
  readonly count?: number
  /** With a positive, finite mpp: the same in µm, µm² and mm². */
  readonly areaUm2?: number
  readonly areaMm2?: number
  readonly perimeterUm?: number
  readonly lengthUm?: number
}

const validMpp = (mpp: number | null | undefined): mpp is number => typeof mpp === "number" && Number.isFinite(mpp) && mpp > 0

/** A closed shape's area and perimeter, in µm too with a valid mpp. */
const closed = (areaPx: number, perimeterPx: number, mpp: number | null | undefined): Measurement =>
  validMpp(mpp)
    ? {
        areaPx,
        perimeterPx,
        areaUm2: squareMicronsOf(areaPx, mpp),
        areaMm2: squareMillimetresOf(areaPx, mpp),
        perimeterUm: micronsOf(perimeterPx, mpp)
      }
    : { areaPx, perimeterPx }

export const measure = (geometry: Geometry, mpp?: number | null): Measurement => {
  const scaled = validMpp(mpp)
  switch (geometry.kind) {
    case "rectangle":
      return closed(geometry.w * geometry.h, 2 * (geometry.w + geometry.h), mpp)
    case "polygon":
      return closed(polygonArea(geometry.points), polygonPerimeter(geometry.points), mpp)
    case "area":
      // Holes subtracted; the perimeter runs round every ring, holes too (QuPath's perimeter does).
      return closed(
        evenOddArea(geometry.rings),
        geometry.rings.reduce((sum, ring) => sum + polygonPerimeter(ring), 0),
        mpp
      )
    case "polyline": {
      const lengthPx = polylineLength(geometry.points)
      return scaled ? { lengthPx, lengthUm: micronsOf(lengthPx, mpp) } : { lengthPx }
    }
    case "points":
      return { count: geometry.points.length }
  }
}
