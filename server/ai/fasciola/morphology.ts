// Binary morphology on a 0/1 mask: erosion and dilation by a square of side 2r+1 (separable: a row
// pass then a column pass, each a running count), opening and closing from them, and hole filling.
// The square rather than a disc: at the radii used (a few pixels against eggs 60+ pixels wide) the
// difference on an egg's outline is under a pixel, and the separable form is linear in the image.

/** Each pixel set when any (dilate) or every (erode) pixel within r along one axis is set. */
const pass = (src: Uint8Array, width: number, height: number, r: number, horizontal: boolean, erode: boolean) => {
  const out = new Uint8Array(src.length)
  const lines = horizontal ? height : width
  const length = horizontal ? width : height
  const step = horizontal ? 1 : width
  for (let line = 0; line < lines; line++) {
    const base = horizontal ? line * width : line
    // Set pixels in the window [i - r, i + r], clipped to the image; outside counts as unset for a
    // dilation and as set for an erosion (an object at the edge is not eaten from outside).
    let set = 0
    for (let k = 0; k <= Math.min(r, length - 1); k++) set += src[base + k * step]!
    for (let i = 0; i < length; i++) {
      const lo = Math.max(0, i - r)
      const hi = Math.min(length - 1, i + r)
      out[base + i * step] = erode ? (set === hi - lo + 1 ? 1 : 0) : set > 0 ? 1 : 0
      if (i + r + 1 < length) set += src[base + (i + r + 1) * step]!
      if (i - r >= 0) set -= src[base + (i - r) * step]!
    }
  }
  return out
}

export const dilate = (mask: Uint8Array, width: number, height: number, r: number): Uint8Array =>
  pass(pass(mask, width, height, r, true, false), width, height, r, false, false)

export const erode = (mask: Uint8Array, width: number, height: number, r: number): Uint8Array =>
  pass(pass(mask, width, height, r, true, true), width, height, r, false, true)

/** Specks and threads narrower than 2r+1 removed; the rest keeps its outline. */
export const openMask = (mask: Uint8Array, width: number, height: number, r: number): Uint8Array =>
  dilate(erode(mask, width, height, r), width, height, r)

/** Gaps narrower than 2r+1 bridged; the rest keeps its outline. */
export const closeMask = (mask: Uint8Array, width: number, height: number, r: number): Uint8Array =>
  erode(dilate(mask, width, height, r), width, height, r)

/** Background not reachable from the image's edge (4-connected, as the 8-connected objects' complement) set. */
export const fillHoles = (mask: Uint8Array, width: number, height: number): Uint8Array => {
  const outside = new Uint8Array(mask.length)
  const stack = new Int32Array(mask.length)
  let top = 0
  const seed = (p: number) => {
    if (mask[p] === 0 && outside[p] === 0) {
      outside[p] = 1
      stack[top++] = p
    }
  }
  for (let x = 0; x < width; x++) {
    seed(x)
    seed((height - 1) * width + x)
  }
  for (let y = 0; y < height; y++) {
    seed(y * width)
    seed(y * width + width - 1)
  }
  while (top > 0) {
    const p = stack[--top]!
    const x = p % width
    if (x > 0) seed(p - 1)
    if (x < width - 1) seed(p + 1)
    if (p >= width) seed(p - width)
    if (p + width < mask.length) seed(p + width)
  }
  const out = new Uint8Array(mask.length)
  for (let p = 0; p < mask.length; p++) out[p] = outside[p] === 0 ? 1 : 0
  return out
}
