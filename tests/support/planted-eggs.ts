// Generated stool-sediment images with a known answer for the Fasciola analysis: yellow-brown
// ellipsoid eggs (a darker shell, a granular yolk, a paler operculum at one end) of known length,
// width and orientation on a noisy grey-beige sediment, some planted as touching pairs, among debris
// that must be rejected, each of a known reason: grey and black particles, green plant fibres (wrong
// hue), yellow-brown specks, yellow-brown objects too long, too short and too narrow for an egg.
import type { RgbTile } from "../../server/ai/raster.ts"
import { seeded } from "./planted-nuclei.ts"

export interface PlantedEgg {
  /** Centre, pixels. */
  readonly x: number
  readonly y: number
  /** Full axes, µm. */
  readonly lengthUm: number
  readonly widthUm: number
  /** Major axis direction, radians. */
  readonly angle: number
}

export interface EggPlantOptions {
  readonly width: number
  readonly height: number
  /** Microns per pixel. */
  readonly mpp: number
  /** Cells holding a touching pair instead of one egg. */
  readonly touchingPairs: number
  readonly seed?: number
}

type Rgb = readonly [number, number, number]

interface Blob {
  readonly x: number
  readonly y: number
  /** Semi-axes, pixels. */
  readonly a: number
  readonly b: number
  readonly angle: number
  readonly colour: Rgb
  /** Paint as an egg: shell, yolk granules, operculum. */
  readonly egg: boolean
}

/** The rejected objects planted, by the reason the analysis must give (../../server/ai/fasciola). */
export interface PlantedDebris {
  readonly speck: number
  readonly short: number
  readonly long: number
  readonly narrow: number
  /** Not yellow-brown at all: never an object of the analysis. */
  readonly otherColour: number
}

const EGG: Rgb = [182, 128, 46]
const SEDIMENT: Rgb = [196, 188, 170]

/**
 * A grid of cells 220 µm wide; each holds an egg, a touching pair, or one piece of debris (every
 * fourth cell), with jitter. Egg sizes are drawn within the published 130–150 × 63–90 µm.
 */
export const plantEggs = (
  options: EggPlantOptions
): {
  tile: RgbTile
  eggs: Array<PlantedEgg>
  debris: PlantedDebris
  /** Where each piece of debris lies, and its reason. */
  debrisAt: Array<{ x: number; y: number; reason: keyof PlantedDebris }>
} => {
  const random = seeded(options.seed ?? 3)
  const { width, height, mpp } = options
  const px = (um: number) => um / mpp
  const cell = Math.round(px(240))
  const eggs: PlantedEgg[] = []
  const blobs: Blob[] = []
  const debris = { speck: 0, short: 0, long: 0, narrow: 0, otherColour: 0 }
  const debrisAt: Array<{ x: number; y: number; reason: keyof PlantedDebris }> = []
  const addEgg = (x: number, y: number, lengthUm: number, widthUm: number, angle: number) => {
    eggs.push({ x, y, lengthUm, widthUm, angle })
    const shade = 0.9 + random() * 0.15
    blobs.push({
      x,
      y,
      a: px(lengthUm) / 2,
      b: px(widthUm) / 2,
      angle,
      colour: [EGG[0] * shade, EGG[1] * shade, EGG[2] * shade],
      egg: true
    })
  }
  const addDebris = (x: number, y: number, kind: number) => {
    const angle = random() * Math.PI
    const reasons = ["otherColour", "otherColour", "long", "short", "narrow", "speck"] as const
    debrisAt.push({ x, y, reason: reasons[kind % 6]! })
    const yb: Rgb = [170, 118, 40]
    switch (kind % 6) {
      case 0: // a green plant fibre, egg-sized: wrong hue
        debris.otherColour++
        return blobs.push({ x, y, a: px(80), b: px(14), angle, colour: [104, 150, 70], egg: false })
      case 1: // a dark grey particle
        debris.otherColour++
        return blobs.push({ x, y, a: px(45), b: px(35), angle, colour: [92, 90, 88], egg: false })
      case 2: // yellow-brown but far too long (a vegetable cell wall)
        debris.long++
        return blobs.push({ x, y, a: px(115), b: px(45), angle, colour: yb, egg: false })
      case 3: // yellow-brown and round: too short
        debris.short++
        return blobs.push({ x, y, a: px(50), b: px(45), angle, colour: yb, egg: false })
      case 4: // yellow-brown, egg-long but thin: too narrow
        debris.narrow++
        return blobs.push({ x, y, a: px(70), b: px(20), angle, colour: yb, egg: false })
      default: // a yellow-brown speck
        debris.speck++
        return blobs.push({ x, y, a: px(9), b: px(7), angle, colour: yb, egg: false })
    }
  }
  let pairsLeft = options.touchingPairs
  let index = 0
  let debrisKind = 0
  for (let cy = cell / 2; cy + cell / 2 <= height; cy += cell)
    for (let cx = cell / 2; cx + cell / 2 <= width; cx += cell) {
      index++
      const jx = (random() - 0.5) * px(24)
      const jy = (random() - 0.5) * px(24)
      const lengthUm = 132 + random() * 16
      const widthUm = 66 + random() * 20
      const angle = random() * Math.PI
      if (index % 4 === 0) addDebris(cx + jx, cy + jy, debrisKind++)
      else if (pairsLeft > 0) {
        pairsLeft--
        // Side by side, parallel, their shells overlapping by a few microns.
        const w2 = 66 + random() * 20
        const gap = px((widthUm + w2) / 2 - 3)
        const nx = -Math.sin(angle)
        const ny = Math.cos(angle)
        addEgg(cx - (nx * gap) / 2, cy - (ny * gap) / 2, lengthUm, widthUm, angle)
        addEgg(cx + (nx * gap) / 2, cy + (ny * gap) / 2, 132 + random() * 16, w2, angle)
      } else addEgg(cx + jx, cy + jy, lengthUm, widthUm, angle)
    }

  const data = new Uint8Array(width * height * 3)
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v))
  // Sediment: grey-beige, with noise and soft blotches of a slightly different shade.
  for (let y = 0, i = 0; y < height; y++)
    for (let x = 0; x < width; x++, i += 3) {
      const blotch = 8 * Math.sin(x / 37) * Math.cos(y / 53)
      const n = (random() - 0.5) * 20
      data[i] = clamp(SEDIMENT[0] + blotch + n)
      data[i + 1] = clamp(SEDIMENT[1] + blotch + n)
      data[i + 2] = clamp(SEDIMENT[2] + blotch * 0.8 + n)
    }
  for (const o of blobs) {
    const reach = Math.ceil(o.a) + 1
    const cos = Math.cos(o.angle)
    const sin = Math.sin(o.angle)
    for (let y = Math.max(0, Math.floor(o.y - reach)); y <= Math.min(height - 1, Math.ceil(o.y + reach)); y++)
      for (let x = Math.max(0, Math.floor(o.x - reach)); x <= Math.min(width - 1, Math.ceil(o.x + reach)); x++) {
        const dx = x + 0.5 - o.x
        const dy = y + 0.5 - o.y
        const u = (dx * cos + dy * sin) / o.a
        const v = (-dx * sin + dy * cos) / o.b
        const r = u * u + v * v
        if (r > 1) continue
        let k = 1
        if (o.egg) {
          // The shell a little darker, the yolk granular, the operculum end paler.
          if (r > 0.8) k = 0.82
          else k = 0.92 + random() * 0.16
          if (u > 0.82) k *= 1.08
        } else k = 0.95 + random() * 0.1
        const i = (y * width + x) * 3
        data[i] = clamp(o.colour[0] * k)
        data[i + 1] = clamp(o.colour[1] * k)
        data[i + 2] = clamp(o.colour[2] * k)
      }
  }
  return { tile: { width, height, channels: 3, data }, eggs, debris, debrisAt }
}
