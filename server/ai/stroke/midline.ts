// The slice's axis of symmetry, tilted or not (README.md, step 3). A slice is rarely laid exactly
// upright under the camera, and a vertical midline through a tilted slice moves tissue from one
// hemisphere to the other, which the edema correction then reads as swelling. So the axis is searched
// over tilts: for each tilt the slice is cut into strips across the candidate axis, each strip's
// midpoint taken, and the axis is the median midpoint; the tilt whose strips' midpoints scatter least
// about it (the outline mapped best onto its mirror) wins. At tilt 0 this is the median of the rows'
// midpoints, the upright method.

/** A line through (x, y), tilted by `angle` radians from the image's vertical (positive: its lower end to the right). */
export interface Midline {
  readonly x: number
  readonly y: number
  readonly angle: number
}

/** Which side of the midline a point is on: negative left, positive right (image pixels). */
export const sideOf = (m: Midline, x: number, y: number): number => (x - m.x) * Math.cos(m.angle) - (y - m.y) * Math.sin(m.angle)

/** The widest tilt searched, degrees: beyond it the slice was not laid upright and the user should draw the midline. */
const MAX_TILT = 15

interface Fit {
  readonly angle: number
  readonly offset: number
  readonly mismatch: number
}

/** Strips across the axis at `angle`: their midpoints' median, and their mean distance from it (pixels). */
const fitAt = (slice: Uint8Array, width: number, height: number, angle: number, cx: number, cy: number): Fit => {
  const [sin, cos] = [Math.sin(angle), Math.cos(angle)]
  const reach = Math.ceil(Math.hypot(width, height))
  const lo = new Float64Array(2 * reach + 1).fill(Infinity)
  const hi = new Float64Array(2 * reach + 1).fill(-Infinity)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (slice[y * width + x] !== 1) continue
      const [dx, dy] = [x + 0.5 - cx, y + 0.5 - cy]
      const u = dx * cos - dy * sin
      const strip = Math.floor(dx * sin + dy * cos) + reach
      if (u - 0.5 < lo[strip]!) lo[strip] = u - 0.5
      if (u + 0.5 > hi[strip]!) hi[strip] = u + 0.5
    }
  const mids: number[] = []
  for (let s = 0; s < lo.length; s++) if (hi[s]! >= lo[s]!) mids.push((lo[s]! + hi[s]!) / 2)
  if (mids.length === 0) return { angle, offset: 0, mismatch: Infinity }
  const sorted = [...mids].sort((a, b) => a - b)
  const offset = sorted[Math.floor(sorted.length / 2)]!
  let sum = 0
  for (const m of mids) sum += Math.abs(m - offset)
  return { angle, offset, mismatch: sum / mids.length }
}

/** The slice's axis of symmetry within ±15° of vertical; null for an empty slice. */
export const findMidline = (slice: Uint8Array, width: number, height: number): Midline | null => {
  let [sx, sy, n] = [0, 0, 0]
  for (let i = 0; i < slice.length; i++)
    if (slice[i] === 1) {
      sx += (i % width) + 0.5
      sy += Math.floor(i / width) + 0.5
      n++
    }
  if (n === 0) return null
  const [cx, cy] = [sx / n, sy / n]
  const rad = Math.PI / 180
  const best = (angles: ReadonlyArray<number>, start: Fit): Fit =>
    angles.reduce((b, a) => {
      const f = fitAt(slice, width, height, a * rad, cx, cy)
      return f.mismatch < b.mismatch ? f : b
    }, start)
  // Upright unless a tilt fits clearly better: on a nearly round slice every tilt fits about as well,
  // and the upright axis is then the one the user expects.
  const upright = fitAt(slice, width, height, 0, cx, cy)
  const coarse = best(
    Array.from({ length: 2 * MAX_TILT + 1 }, (_, i) => i - MAX_TILT),
    { ...upright, mismatch: upright.mismatch - 0.25 }
  )
  const fine =
    coarse.angle === 0
      ? upright
      : best(
          [-0.75, -0.5, -0.25, 0.25, 0.5, 0.75].map((d) => coarse.angle / rad + d),
          coarse
        )
  // The axis passes through the point at `offset` across from the centroid.
  return { x: cx + fine.offset * Math.cos(fine.angle), y: cy - fine.offset * Math.sin(fine.angle), angle: fine.angle }
}

/** The midline through two points (a line annotation's ends), whichever end was drawn first. */
export const midlineThrough = (x0: number, y0: number, x1: number, y1: number): Midline => {
  // Pointing down the image, so that "left" of it is the image's left (sideOf's sign).
  const [dx, dy] = y1 >= y0 ? [x1 - x0, y1 - y0] : [x0 - x1, y0 - y1]
  return { x: x0, y: y0, angle: Math.atan2(dx, dy) }
}
