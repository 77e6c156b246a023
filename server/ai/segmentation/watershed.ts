// Touching objects split apart: the marker-controlled watershed on the distance transform
// (Beucher & Meyer 1993; what skimage's `watershed(-distance, markers, mask=mask)` and QuPath's
// "split by shape" do), then adjacent pieces merged again when the neck between them is not a neck.
//   1. markers: local maxima of the distance (the centres of round objects), at most one within
//      `minSeparation` pixels in each component (skimage's peak_local_max(min_distance=...));
//   2. flooding: every foreground pixel joins the marker whose basin reaches it first, deepest
//      (most central) pixels first;
//   3. merging: two pieces stay apart only when the distance at the lowest point of their shared
//      border (the neck's half-width) is below `neckRatio` of the smaller piece's centre distance.
//      Two discs of radius R whose centres are c apart have a neck of R·sqrt(1 - (c/2R)²): at 0.75
//      they split when c > 1.32 R; an ellipse's or a digitised disc's spurious second maximum has a
//      neck of nearly its full height and is merged back (the role of h in skimage's h_maxima).
// Written here rather than taken from a library: the registry's watersheds (image-js, opencv-js)
// bring their own image types or a 9 MB WebAssembly build for some 120 lines of typed-array code.
import { labelComponents } from "./components.ts"

export interface SplitOptions {
  /** Pixels: no two markers of one component closer than this. */
  readonly minSeparation: number
  /** See the head of this file; 0 never merges, 1 merges every touching pair. */
  readonly neckRatio: number
}

/** A binary heap of pixel indices, largest priority first. */
class MaxHeap {
  private readonly items: Int32Array
  private readonly keys: Float32Array
  size = 0
  constructor(capacity: number) {
    this.items = new Int32Array(capacity)
    this.keys = new Float32Array(capacity)
  }
  push(item: number, key: number) {
    let i = this.size++
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (this.keys[parent]! >= key) break
      this.items[i] = this.items[parent]!
      this.keys[i] = this.keys[parent]!
      i = parent
    }
    this.items[i] = item
    this.keys[i] = key
  }
  pop(): number {
    const top = this.items[0]!
    const last = this.items[--this.size]!
    const key = this.keys[this.size]!
    let i = 0
    for (;;) {
      let child = 2 * i + 1
      if (child >= this.size) break
      if (child + 1 < this.size && this.keys[child + 1]! > this.keys[child]!) child++
      if (this.keys[child]! <= key) break
      this.items[i] = this.items[child]!
      this.keys[i] = this.keys[child]!
      i = child
    }
    this.items[i] = last
    this.keys[i] = key
    return top
  }
}

/** Markers: per component, local maxima of `dist`, highest first, none within minSeparation of a kept one. */
const markersOf = (components: Int32Array, dist: Float32Array, width: number, height: number, minSeparation: number) => {
  const candidates: number[] = []
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x
      if (components[p] === 0) continue
      const v = dist[p]!
      let peak = true
      for (let dy = -1; dy <= 1 && peak; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx
          const yy = y + dy
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue
          if (dist[yy * width + xx]! > v) {
            peak = false
            break
          }
        }
      if (peak) candidates.push(p)
    }
  candidates.sort((a, b) => dist[b]! - dist[a]!)
  // Kept markers in a grid of cells minSeparation wide: a candidate checks the 9 cells around it.
  const cell = Math.max(1, minSeparation)
  const grid = new Map<number, number[]>()
  const columns = Math.ceil(width / cell) + 1
  const kept: number[] = []
  const limit = minSeparation * minSeparation
  for (const p of candidates) {
    const x = p % width
    const y = (p - x) / width
    const cx = Math.floor(x / cell)
    const cy = Math.floor(y / cell)
    let near = false
    for (let gy = cy - 1; gy <= cy + 1 && !near; gy++)
      for (let gx = cx - 1; gx <= cx + 1 && !near; gx++)
        for (const q of grid.get(gy * columns + gx) ?? []) {
          const qx = q % width
          const qy = (q - qx) / width
          if (components[q] === components[p] && (qx - x) ** 2 + (qy - y) ** 2 < limit) {
            near = true
            break
          }
        }
    if (near) continue
    kept.push(p)
    const key = cy * columns + cx
    const list = grid.get(key)
    if (list) list.push(p)
    else grid.set(key, [p])
  }
  return kept
}

const find = (parent: Int32Array, a: number): number => {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]!]!
    a = parent[a]!
  }
  return a
}

/** The mask's objects as labels 1..count, touching ones split (see the head of this file). */
export const splitTouching = (
  mask: Uint8Array,
  dist: Float32Array,
  width: number,
  height: number,
  options: SplitOptions
): { labels: Int32Array; count: number } => {
  const components = labelComponents(mask, width, height).labels
  const markers = markersOf(components, dist, width, height, options.minSeparation)
  const labels = new Int32Array(width * height)
  const heap = new MaxHeap(width * height)
  const peak = new Float32Array(markers.length + 1)
  markers.forEach((p, i) => {
    labels[p] = i + 1
    peak[i + 1] = dist[p]!
    heap.push(p, dist[p]!)
  })
  while (heap.size > 0) {
    const p = heap.pop()
    const x = p % width
    const y = (p - x) / width
    const label = labels[p]!
    // 8-connected, as the components are: a piece joined only by a corner is still reached.
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy
      if (yy < 0 || yy >= height) continue
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx
        if (xx < 0 || xx >= width) continue
        const q = yy * width + xx
        if (mask[q] === 0 || labels[q] !== 0) continue
        labels[q] = label
        heap.push(q, dist[q]!)
      }
    }
  }
  // The neck between each two adjacent pieces: the highest distance found on both sides of their border.
  const necks = new Map<number, number>()
  const n = markers.length + 1
  for (let p = 0; p < labels.length; p++) {
    const a = labels[p]!
    if (a === 0) continue
    const x = p % width
    for (const q of [x < width - 1 ? p + 1 : -1, p + width < labels.length ? p + width : -1]) {
      if (q < 0) continue
      const b = labels[q]!
      if (b === 0 || b === a) continue
      const key = a < b ? a * n + b : b * n + a
      const neck = Math.min(dist[p]!, dist[q]!)
      if (neck > (necks.get(key) ?? -1)) necks.set(key, neck)
    }
  }
  const parent = Int32Array.from({ length: n }, (_, i) => i)
  const heights = Float32Array.from(peak)
  const pairs = [...necks.entries()].sort((a, b) => b[1] - a[1])
  for (const [key, neck] of pairs) {
    const a = find(parent, Math.floor(key / n))
    const b = find(parent, key % n)
    if (a === b) continue
    if (neck >= options.neckRatio * Math.min(heights[a]!, heights[b]!)) {
      parent[b] = a
      heights[a] = Math.max(heights[a]!, heights[b]!)
    }
  }
  const renumber = new Int32Array(n)
  let count = 0
  for (let l = 1; l < n; l++) {
    const root = find(parent, l)
    if (renumber[root] === 0) renumber[root] = ++count
    renumber[l] = renumber[root]!
  }
  for (let p = 0; p < labels.length; p++) if (labels[p] !== 0) labels[p] = renumber[labels[p]!]!
  return { labels, count }
}
