// A TTC-stained coronal brain slice drawn with known areas (tests of server/ai/stroke): a dark
// background, two half-ellipses of deep red tissue (the right one may be wider: edema), speckled as
// a photograph is, and a pale infarct disc in one hemisphere; the whole optionally turned (laid askew).
import { paintTile, type RgbTile } from "../../server/ai/raster.ts"

export interface PlantedSlice {
  readonly width: number
  readonly height: number
  readonly centre: readonly [number, number]
  /** Half-widths of the left and right hemispheres, and the slice's half-height. */
  readonly left: number
  readonly right: number
  readonly half: number
  readonly infarct: { readonly x: number; readonly y: number; readonly r: number }
  /** The whole slice turned about its centre, degrees (positive: its lower end to the right), as a slice laid askew. */
  readonly tilt?: number
}

/** A deterministic speckle in [-amp, amp]. */
const speckle = (x: number, y: number, amp: number) => ((((x * 73856093) ^ (y * 19349663)) >>> 0) % (2 * amp + 1)) - amp

export const paintSlice = (s: PlantedSlice): RgbTile =>
  paintTile(s.width, s.height, (x, y) => {
    const [cx, cy] = s.centre
    // The upright slice's coordinates of this pixel: across and along the tilted axis.
    const a = ((s.tilt ?? 0) * Math.PI) / 180
    const [dx, dy] = [x + 0.5 - cx, y + 0.5 - cy]
    const px = cx + dx * Math.cos(a) - dy * Math.sin(a)
    const py = cy + dx * Math.sin(a) + dy * Math.cos(a)
    const rx = px < cx ? s.left : s.right
    const inSlice = ((px - cx) / rx) ** 2 + ((py - cy) / s.half) ** 2 <= 1
    const n = speckle(x, y, 12)
    if (!inSlice) return [14 + (n >> 2), 14 + (n >> 2), 20 + (n >> 2)]
    if ((px - s.infarct.x) ** 2 + (py - s.infarct.y) ** 2 <= s.infarct.r ** 2) return [236 + (n >> 1), 222 + (n >> 1), 214 + (n >> 1)]
    return [178 + n, 30 + (n >> 1), 38 + (n >> 1)]
  })

/** The drawn areas, pixels. */
export const plantedAreas = (s: PlantedSlice) => ({
  left: (Math.PI * s.left * s.half) / 2,
  right: (Math.PI * s.right * s.half) / 2,
  infarct: Math.PI * s.infarct.r ** 2
})
