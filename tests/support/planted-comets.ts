// Generated comet-assay images with a known answer: on a dark, noisy fluorescence background, comets
// whose head is a projected sphere (intensity ∝ √(R² − r²), bounded, symmetric) and whose tail runs
// from the head's right side and fades along +x for a known length past the head. The intensities are
// summed as painted, split as the assay defines them (within a head radius of the centre, column by
// column, is head; beyond is tail), so each comet's % DNA in tail is known.
import type { RgbTile } from "../../server/ai/raster.ts"
import { seeded } from "./planted-nuclei.ts"

export interface PlantedComet {
  /** Head centre, pixels. */
  readonly x: number
  readonly y: number
  readonly headRadius: number
  /** Pixels from the head's right edge to the tail's end. */
  readonly tailLength: number
  /** 100 × tail / (head + tail), of the intensity painted above the background. */
  readonly tailDnaPct: number
  /** (tail centroid − head centroid along x) × tail fraction, pixels. */
  readonly oliveMoment: number
}

export interface CometPlantOptions {
  readonly width: number
  readonly height: number
  readonly seed?: number
  /** Background level and its noise amplitude (8-bit). */
  readonly background?: number
}

/** Comets on a grid of 200 × 120 px cells: head radius 14–20 px, tails of 0–90 px, brightness varied. */
export const plantComets = (options: CometPlantOptions): { tile: RgbTile; comets: Array<PlantedComet> } => {
  const random = seeded(options.seed ?? 9)
  const { width, height } = options
  const bg = options.background ?? 12
  const values = new Float32Array(width * height)
  const comets: PlantedComet[] = []
  for (let cy = 60; cy + 60 <= height; cy += 120)
    for (let cx = 40; cx + 160 <= width; cx += 200) {
      const R = 14 + random() * 6
      const x = cx + R + random() * 6
      const y = cy + (random() - 0.5) * 10
      const headPeak = 150 + random() * 80
      // Some comets with no tail at all (undamaged cells).
      const tailLength = random() < 0.15 ? 0 : Math.round(30 + random() * 60)
      const tailLevel = 60 + random() * 50
      let head = 0
      let tail = 0
      let headX = 0
      let tailX = 0
      for (let yy = Math.floor(y - R - 2); yy <= Math.ceil(y + R + 2); yy++)
        for (let xx = Math.floor(x - R - 2); xx <= Math.ceil(x + R + tailLength + 2); xx++) {
          const dx = xx + 0.5 - x
          const dy = yy + 0.5 - y
          const r2 = dx * dx + dy * dy
          let h = 0
          let t = 0
          if (r2 < R * R) h = headPeak * Math.sqrt(1 - r2 / (R * R))
          else if (tailLength > 0 && dx > 0 && dx < R + tailLength && Math.abs(dy) < R * 0.8) {
            // Beside the head and on to the tail's end, fading from tailLevel at the head's edge to
            // 60 % of it at the end; flat across.
            const along = Math.max(0, dx - R) / tailLength
            t = tailLevel * (1 - 0.4 * along)
          }
          if (h === 0 && t === 0) continue
          values[yy * width + xx] = h + t
          // The assay's definition: the head is symmetric about its centre, so whatever lies within
          // a head radius of it, column by column, is head; the rest is tail.
          if (dx <= R) {
            head += h + t
            headX += (h + t) * (xx + 0.5)
          } else {
            tail += h + t
            tailX += (h + t) * (xx + 0.5)
          }
        }
      const fraction = tail / (head + tail)
      const oliveMoment = tail > 0 ? (tailX / tail - headX / head) * fraction : 0
      comets.push({ x, y, headRadius: R, tailLength, tailDnaPct: 100 * fraction, oliveMoment })
    }
  const data = new Uint8Array(width * height * 3)
  for (let q = 0, i = 0; q < values.length; q++, i += 3) {
    // SYBR green: the signal in the green channel, a little in the others.
    const v = Math.min(255, Math.max(0, Math.round(bg + values[q]! + (random() - 0.5) * 8)))
    data[i] = Math.round(v * 0.3)
    data[i + 1] = v
    data[i + 2] = Math.round(v * 0.4)
  }
  return { tile: { width, height, channels: 3, data }, comets }
}
