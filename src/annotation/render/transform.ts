// The one transform from image pixels to the overlay's CSS pixels, read off OpenSeadragon's current
// (animated) viewport each frame. It is an affine map, so rotation and flip come with it: taken from
// where three image points land on screen, it needs no knowledge of how the viewport composes them.
import type { BBox } from "../geometry.ts"

/** screen = [a c e; b d f] · [x y 1] */
export interface Affine {
  readonly a: number
  readonly b: number
  readonly c: number
  readonly d: number
  readonly e: number
  readonly f: number
}

export const IDENTITY: Affine = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }

type XY = { readonly x: number; readonly y: number }

/** The affine map that sends image (0,0), (u,0), (0,u) to p0, px, py. */
export const affineFrom = (p0: XY, px: XY, py: XY, u: number): Affine => ({
  a: (px.x - p0.x) / u,
  b: (px.y - p0.y) / u,
  c: (py.x - p0.x) / u,
  d: (py.y - p0.y) / u,
  e: p0.x,
  f: p0.y
})

/** Screen pixels per image pixel (the same along both axes: OpenSeadragon never skews). */
export const scaleOf = (m: Affine): number => Math.hypot(m.a, m.b)

export const apply = (m: Affine, x: number, y: number): readonly [number, number] => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]

export const invert = (m: Affine): Affine => {
  const det = m.a * m.d - m.b * m.c
  return {
    a: m.d / det,
    b: -m.b / det,
    c: -m.c / det,
    d: m.a / det,
    e: (m.c * m.f - m.d * m.e) / det,
    f: (m.b * m.e - m.a * m.f) / det
  }
}

/** The image box that covers a screen of this size (its four corners mapped back), with a margin in screen px. */
export const visibleImageBox = (m: Affine, width: number, height: number, margin = 0): BBox => {
  const inverse = invert(m)
  const corners = [
    apply(inverse, -margin, -margin),
    apply(inverse, width + margin, -margin),
    apply(inverse, width + margin, height + margin),
    apply(inverse, -margin, height + margin)
  ]
  return {
    minX: Math.min(...corners.map((p) => p[0])),
    minY: Math.min(...corners.map((p) => p[1])),
    maxX: Math.max(...corners.map((p) => p[0])),
    maxY: Math.max(...corners.map((p) => p[1]))
  }
}

/** Konva's node attributes (translate, rotate, scale) for the same map; scaleY < 0 when flipped. */
export const konvaAttrs = (m: Affine) => {
  const scaleX = Math.hypot(m.a, m.b)
  const rotation = (Math.atan2(m.b, m.a) * 180) / Math.PI
  const scaleY = (m.a * m.d - m.b * m.c) / scaleX
  return { x: m.e, y: m.f, rotation, scaleX, scaleY }
}

/** `n` then `m`: compose(m, n)(p) = m(n(p)). */
export const compose = (m: Affine, n: Affine): Affine => ({
  a: m.a * n.a + m.c * n.b,
  b: m.b * n.a + m.d * n.b,
  c: m.a * n.c + m.c * n.d,
  d: m.b * n.c + m.d * n.d,
  e: m.a * n.e + m.c * n.f + m.e,
  f: m.b * n.e + m.d * n.f + m.f
})

/** The same map within a hundredth of a screen pixel over a screen this size. */
export const sameAffine = (m: Affine, n: Affine, size = 4096): boolean =>
  Math.abs(m.e - n.e) < 0.01 &&
  Math.abs(m.f - n.f) < 0.01 &&
  Math.abs(m.a - n.a) * size < 0.01 &&
  Math.abs(m.b - n.b) * size < 0.01 &&
  Math.abs(m.c - n.c) * size < 0.01 &&
  Math.abs(m.d - n.d) * size < 0.01
