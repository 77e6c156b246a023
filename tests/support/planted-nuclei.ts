// Generated IHC images with a known answer: round nuclei planted on a pale background, each painted
// with chosen hematoxylin and DAB optical densities through the stain matrix (Beer-Lambert:
// I = 255 x 10^-(OD_H x H + OD_DAB x DAB)), a little seeded noise on every pixel, and some nuclei
// planted in touching pairs. The Ki67 tests, the analysis server tests and the bench read them.
import { RGB_FROM_HED } from "../../server/ai/deconvolution/hed.ts"
import type { RgbTile } from "../../server/ai/raster.ts"

export interface PlantedNucleus {
  readonly x: number
  readonly y: number
  readonly radius: number
  /** Optical densities painted. */
  readonly h: number
  readonly dab: number
}

/** Mulberry32: the same image on every run. */
export const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const colourOf = (h: number, dab: number): [number, number, number] => {
  const [H, , D] = RGB_FROM_HED
  return [0, 1, 2].map((c) => 255 * 10 ** -(h * H![c]! + dab * D![c]!)) as [number, number, number]
}

export interface PlantOptions {
  readonly width: number
  readonly height: number
  /** Nucleus radius in pixels. */
  readonly radius: number
  /** Fraction of positive nuclei (DAB OD 0.5 against 0.05 for negatives). */
  readonly positiveFraction: number
  /** How many of the nuclei are planted as touching pairs (centres 1.6 radii apart). */
  readonly touchingPairs: number
  readonly seed?: number
  /** Noise amplitude, 8-bit levels either side. */
  readonly noise?: number
}

/** Nuclei on a grid with jitter (cells 3.2 radii wide), `touchingPairs` cells holding a pair instead of one. */
export const plantNuclei = (options: PlantOptions): { tile: RgbTile; nuclei: Array<PlantedNucleus> } => {
  const random = seeded(options.seed ?? 1)
  const { width, height, radius } = options
  const cell = Math.ceil(radius * 5)
  const nuclei: PlantedNucleus[] = []
  const stain = () =>
    random() < options.positiveFraction
      ? { h: 0.35, dab: 0.45 + random() * 0.3 }
      : { h: 0.55 + random() * 0.2, dab: 0.03 + random() * 0.05 }
  let pairsLeft = options.touchingPairs
  for (let cy = cell / 2; cy + cell / 2 <= height; cy += cell)
    for (let cx = cell / 2; cx + cell / 2 <= width; cx += cell) {
      const jx = (random() - 0.5) * radius * 0.6
      const jy = (random() - 0.5) * radius * 0.6
      if (pairsLeft > 0) {
        pairsLeft--
        const angle = random() * Math.PI
        const half = 0.8 * radius
        for (const sign of [-1, 1])
          nuclei.push({ x: cx + sign * half * Math.cos(angle), y: cy + sign * half * Math.sin(angle), radius: radius * 0.85, ...stain() })
      } else nuclei.push({ x: cx + jx, y: cy + jy, radius, ...stain() })
    }
  const noise = options.noise ?? 4
  const data = new Uint8Array(width * height * 3)
  const background = colourOf(0.02, 0)
  for (let p = 0; p < width * height; p++) data.set(background, p * 3)
  for (const n of nuclei) {
    const colour = colourOf(n.h, n.dab)
    for (let y = Math.floor(n.y - n.radius); y <= Math.ceil(n.y + n.radius); y++)
      for (let x = Math.floor(n.x - n.radius); x <= Math.ceil(n.x + n.radius); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue
        if ((x + 0.5 - n.x) ** 2 + (y + 0.5 - n.y) ** 2 > n.radius ** 2) continue
        data.set(colour, (y * width + x) * 3)
      }
  }
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + (random() * 2 - 1) * noise)))
  return { tile: { width, height, channels: 3, data }, nuclei }
}

export const positiveShare = (nuclei: ReadonlyArray<PlantedNucleus>): number =>
  (100 * nuclei.filter((n) => n.dab >= 0.2).length) / nuclei.length
