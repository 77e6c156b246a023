// The exact Euclidean distance transform (Felzenszwalb & Huttenlocher, "Distance Transforms of
// Sampled Functions", Theory of Computing 8:415, 2012): for every foreground pixel, the distance to
// the nearest background pixel, in linear time by two passes of a 1-D lower envelope of parabolas.
// The tile's edge is not background: an object cut by the edge keeps its inner distances.

const INF = 1e20

/** 1-D squared distance transform of f (length n) into d, with scratch v and z. */
const edt1d = (f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array) => {
  let k = 0
  v[0] = 0
  z[0] = -INF
  z[1] = INF
  for (let q = 1; q < n; q++) {
    let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!)
    while (s <= z[k]!) {
      k--
      s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!)
    }
    k++
    v[k] = q
    z[k] = s
    z[k + 1] = INF
  }
  k = 0
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++
    const dq = q - v[k]!
    d[q] = dq * dq + f[v[k]!]!
  }
}

export const distanceTransform = (mask: Uint8Array, width: number, height: number): Float32Array => {
  const n = Math.max(width, height)
  const f = new Float64Array(n)
  const d = new Float64Array(n)
  const v = new Int32Array(n)
  const z = new Float64Array(n + 1)
  const grid = new Float64Array(width * height)
  for (let p = 0; p < grid.length; p++) grid[p] = mask[p] === 0 ? 0 : INF
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = grid[y * width + x]!
    edt1d(f, height, d, v, z)
    for (let y = 0; y < height; y++) grid[y * width + x] = d[y]!
  }
  const out = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) f[x] = grid[row + x]!
    edt1d(f, width, d, v, z)
    // A mask with no background at all stays at "far": a large finite number.
    for (let x = 0; x < width; x++) out[row + x] = d[x]! >= INF ? 1e6 : Math.sqrt(d[x]!)
  }
  return out
}
