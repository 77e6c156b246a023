// What the wand tool reads pixels through: the view's reader (views/slide/annotation/wandPixels.ts)
// in the browser, a synthetic image in the tools machine's tests. The machine never touches the DOM:
// it asks for a reading at the press and grows from it while the drag changes the tolerance.
import type { WandRegion } from "./region.ts"

/** The pixels read at one press, grown from at any tolerance. */
export interface WandReading {
  /** The region grown from (x, y) in image pixels, or null where nothing can grow (off the slide). */
  readonly grow: (x: number, y: number, tolerance: number) => WandRegion | null
}

export interface WandSource {
  /** The pixels shown now, or null when there is nothing to read (no viewer yet, a drawer without a canvas). */
  readonly read: () => WandReading | null
}

/** A source with nothing to read: the wand grows nothing (the machine's default). */
export const NO_PIXELS: WandSource = { read: () => null }
