// Tracing a stored shape's flat vertices onto a Konva context, shared by the nodes that draw shapes
// themselves (an area's rings, a dragged selection).
import type Konva from "konva"

/**
 * A shape's flat vertices as subpaths, moved by (dx, dy): a NaN pair starts the next ring (an area's,
 * rings.ts), each closed when `closed`.
 */
export const traceFlat = (context: Konva.Context, coords: Float64Array, closed: boolean, dx: number, dy: number): void => {
  let start = true
  for (let i = 0; i < coords.length; i += 2) {
    const x = coords[i]!
    if (Number.isNaN(x)) {
      if (closed) context.closePath()
      start = true
      continue
    }
    if (start) context.moveTo(x + dx, coords[i + 1]! + dy)
    else context.lineTo(x + dx, coords[i + 1]! + dy)
    start = false
  }
  if (closed) context.closePath()
}

/** Node options every tool node shares: drawn as is, never hit-tested (the view hit-tests the store). */
export const inert = { listening: false, perfectDrawEnabled: false } as const

/** Screen size of a handle's half side (px), whatever the zoom. */
export const HANDLE_PX = 4
