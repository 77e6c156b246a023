// A B-mode image of a carotid far wall drawn with a known intima-media thickness (tests of
// server/ai/imt): the dark lumen, a thin bright intima at the lumen-intima interface (LI), the darker
// media, the bright adventitia from the media-adventitia interface (MA) down, and tissue below; the
// wall gently curved, the interfaces at fractions of a pixel (each pixel the mean of 8 samples down
// it), speckled as ultrasound is.
import { paintTile, type RgbTile } from "../../server/ai/raster.ts"

export interface PlantedWall {
  readonly width: number
  readonly height: number
  /** Microns per pixel. */
  readonly mpp: number
  /** The planted IMT, mm. */
  readonly imtMm: number
  /** LI's row at x (continuous). */
  readonly li: (x: number) => number
}

const speckle = (x: number, y: number, amp: number) => ((((x * 2654435761) ^ (y * 40503)) >>> 0) % (2 * amp + 1)) - amp

const level = (wall: PlantedWall, x: number, y: number): number => {
  const li = wall.li(x)
  const ma = li + (wall.imtMm * 1000) / wall.mpp
  if (y < li) return 15
  if (y < li + 2.5) return 115
  if (y < ma) return 55
  if (y < ma + 25) return 205
  return 90
}

export const paintWall = (wall: PlantedWall): RgbTile =>
  paintTile(wall.width, wall.height, (x, y) => {
    let sum = 0
    for (let k = 0; k < 8; k++) sum += level(wall, x + 0.5, y + (k + 0.5) / 8)
    const v = Math.max(0, Math.min(255, Math.round(sum / 8 + speckle(x, y, 14))))
    return [v, v, v]
  })

export const curvedWall = (width: number, height: number, mpp: number, imtMm: number): PlantedWall => ({
  width,
  height,
  mpp,
  imtMm,
  li: (x) => height * 0.45 + 6 * Math.sin((2 * Math.PI * x) / width)
})
