// Polyline simplification on flat x,y arrays: a radial-distance pass, then Douglas-Peucker. Our own,
// not simplify-js: that library takes arrays of {x, y} objects, and the store keeps every shape as
// one Float64Array (100,000 polygons as objects would be 3.2 million of them); the algorithm is 40
// lines. Used by the renderer (large shapes, per zoom level) and by the pencil as it draws.

/** Drops vertices closer than `tolerance` to the last kept one. Keeps the first and the last. */
export const radial = (coords: ArrayLike<number>, tolerance: number): Float64Array => {
  const n = coords.length / 2
  if (n <= 2) return Float64Array.from(coords)
  const t2 = tolerance * tolerance
  const out = new Float64Array(coords.length)
  let px = coords[0]!
  let py = coords[1]!
  out[0] = px
  out[1] = py
  let k = 2
  for (let i = 1; i < n; i++) {
    const x = coords[i * 2]!
    const y = coords[i * 2 + 1]!
    const dx = x - px
    const dy = y - py
    if (dx * dx + dy * dy > t2 || i === n - 1) {
      out[k++] = x
      out[k++] = y
      px = x
      py = y
    }
  }
  return out.slice(0, k)
}

const segmentDistance2 = (coords: ArrayLike<number>, p: number, a: number, b: number): number => {
  const ax = coords[a * 2]!
  const ay = coords[a * 2 + 1]!
  let dx = coords[b * 2]! - ax
  let dy = coords[b * 2 + 1]! - ay
  let x = ax
  let y = ay
  if (dx !== 0 || dy !== 0) {
    const t = ((coords[p * 2]! - ax) * dx + (coords[p * 2 + 1]! - ay) * dy) / (dx * dx + dy * dy)
    if (t > 1) {
      x = coords[b * 2]!
      y = coords[b * 2 + 1]!
    } else if (t > 0) {
      x += dx * t
      y += dy * t
    }
  }
  dx = coords[p * 2]! - x
  dy = coords[p * 2 + 1]! - y
  return dx * dx + dy * dy
}

/** Douglas-Peucker: the fewest vertices within `tolerance` of the original path (iterative, no recursion). */
export const douglasPeucker = (coords: ArrayLike<number>, tolerance: number): Float64Array => {
  const n = coords.length / 2
  if (n <= 2) return Float64Array.from(coords)
  const keep = new Uint8Array(n)
  keep[0] = 1
  keep[n - 1] = 1
  const t2 = tolerance * tolerance
  const stack: Array<number> = [0, n - 1]
  while (stack.length > 0) {
    const last = stack.pop()!
    const first = stack.pop()!
    let worst = 0
    let index = -1
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(coords, i, first, last)
      if (d > worst) {
        worst = d
        index = i
      }
    }
    if (index !== -1 && worst > t2) {
      keep[index] = 1
      stack.push(first, index, index, last)
    }
  }
  let count = 0
  for (let i = 0; i < n; i++) count += keep[i]!
  const out = new Float64Array(count * 2)
  let k = 0
  for (let i = 0; i < n; i++)
    if (keep[i]) {
      out[k++] = coords[i * 2]!
      out[k++] = coords[i * 2 + 1]!
    }
  return out
}

/** Both passes, as simplify-js does: the cheap one first thins dense input for the exact one. */
export const simplify = (coords: ArrayLike<number>, tolerance: number): Float64Array => douglasPeucker(radial(coords, tolerance), tolerance)
