// Connected components of a binary mask (8-connected, as QuPath and ImageJ trace particles), by a
// scan with an explicit stack: no recursion, so a component of millions of pixels cannot overflow.

export interface Components {
  /** 0 for background, 1..count for each component, row-major. */
  readonly labels: Int32Array
  readonly count: number
}

export const labelComponents = (mask: Uint8Array, width: number, height: number): Components => {
  const labels = new Int32Array(width * height)
  const stack = new Int32Array(width * height)
  let count = 0
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] === 0 || labels[start] !== 0) continue
    count++
    labels[start] = count
    let top = 0
    stack[top++] = start
    while (top > 0) {
      const p = stack[--top]!
      const x = p % width
      const y = (p - x) / width
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy
        if (yy < 0 || yy >= height) continue
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx
          if (xx < 0 || xx >= width) continue
          const q = yy * width + xx
          if (mask[q] !== 0 && labels[q] === 0) {
            labels[q] = count
            stack[top++] = q
          }
        }
      }
    }
  }
  return { labels, count }
}

export interface Region {
  readonly label: number
  /** Pixels. */
  readonly area: number
  /** Centroid in tile pixels (pixel centres at +0.5). */
  readonly cx: number
  readonly cy: number
  /** Sum of `values` over the region's pixels (for a mean). */
  readonly sum: number
}

/** Area, centroid and the sum of `values` of every label 1..count. */
export const regionsOf = (labels: Int32Array, count: number, width: number, values?: Float32Array): Array<Region> => {
  const area = new Float64Array(count + 1)
  const sx = new Float64Array(count + 1)
  const sy = new Float64Array(count + 1)
  const sum = new Float64Array(count + 1)
  for (let p = 0; p < labels.length; p++) {
    const l = labels[p]!
    if (l === 0) continue
    const x = p % width
    area[l]! += 1
    sx[l]! += x
    sy[l]! += (p - x) / width
    if (values) sum[l]! += values[p]!
  }
  const out: Array<Region> = []
  for (let l = 1; l <= count; l++) {
    if (area[l] === 0) continue
    out.push({ label: l, area: area[l]!, cx: sx[l]! / area[l]! + 0.5, cy: sy[l]! / area[l]! + 0.5, sum: sum[l]! })
  }
  return out
}
