import { describe, expect, it } from "vitest"
import type { Point } from "../geometry.ts"
import { depthsOf, evenOddArea, insideRing, ringsOf, pointsOfRing } from "../rings.ts"
import { floodFill, type Pixels } from "./fill.ts"
import { outlineOf } from "./outline.ts"
import { WAND_MIN_HOLE_PX2, wandRegion } from "./region.ts"

type RGB = readonly [number, number, number]
const WHITE: RGB = [255, 255, 255]
const PINK: RGB = [230, 150, 190]

/** A synthetic image: each pixel's colour from its centre. */
const image = (width: number, height: number, colour: (x: number, y: number) => RGB | null): Pixels => {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = colour(x + 0.5, y + 0.5)
      const i = (y * width + x) * 4
      if (c === null) continue
      data.set([...c, 255], i)
    }
  return { width, height, data }
}

const identity = (p: Point): Point => p
const ringsOfRegion = (coords: Float64Array) => ringsOf(coords).map(pointsOfRing)

describe("the wand's flood fill", () => {
  it("takes the disc clicked in and nothing of the background", () => {
    const disc = image(64, 64, (x, y) => (Math.hypot(x - 32, y - 32) < 20 ? PINK : WHITE))
    const fill = floodFill(disc, 32, 32, 10)!
    let expected = 0
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) if (Math.hypot(x + 0.5 - 32, y + 0.5 - 32) < 20) expected++
    expect(fill.count).toBe(expected)
    expect(fill.mask[5 * 64 + 5]).toBe(0)
    expect([fill.minX, fill.maxX, fill.minY, fill.maxY]).toEqual([12, 51, 12, 51])
  })

  it("goes through pixels touching only at a corner (8-connected)", () => {
    const diagonal = image(4, 4, (x, y) => (Math.floor(x) === Math.floor(y) ? PINK : WHITE))
    const fill = floodFill(diagonal, 0, 0, 0)!
    expect(fill.count).toBe(4)
    expect(fill.mask[3 * 4 + 3]).toBe(1)
    expect(fill.mask[1]).toBe(0)
  })

  it("at tolerance 0 takes only the clicked colour; a larger tolerance takes the near ones too", () => {
    // Left half one pink, right half a pink 10 away in red.
    const halves = image(20, 10, (x) => (x < 10 ? PINK : [PINK[0] - 10, PINK[1], PINK[2]]))
    expect(floodFill(halves, 2, 2, 0)!.count).toBe(100)
    expect(floodFill(halves, 2, 2, 9.9)!.count).toBe(100)
    expect(floodFill(halves, 2, 2, 10)!.count).toBe(200)
  })

  it("grows nothing outside the pixels or on a transparent one (off the slide)", () => {
    const half = image(10, 10, (x) => (x < 5 ? PINK : null))
    expect(floodFill(half, 12, 2, 50)).toBeNull()
    expect(floodFill(half, -1, 2, 50)).toBeNull()
    expect(floodFill(half, 7, 2, 500)).toBeNull()
    // Transparent pixels are never taken, whatever the tolerance.
    expect(floodFill(half, 2, 2, 500)!.count).toBe(50)
  })
})

describe("the wand's outline", () => {
  it("joins two pixels touching at a corner into one ring", () => {
    const diagonal = image(2, 2, (x, y) => (Math.floor(x) === Math.floor(y) ? PINK : WHITE))
    const rings = outlineOf(floodFill(diagonal, 0, 0, 0)!, 2)
    expect(rings).toHaveLength(1)
    expect(insideRing(rings[0]!, 0.5, 0.5)).toBe(true)
    expect(insideRing(rings[0]!, 1.5, 1.5)).toBe(true)
    expect(insideRing(rings[0]!, 1.5, 0.5)).toBe(false)
  })

  it("outlines a square along its pixels' edges", () => {
    const square = image(10, 10, (x, y) => (x > 2 && x < 7 && y > 3 && y < 8 ? PINK : WHITE))
    const rings = outlineOf(floodFill(square, 4, 5, 0)!, 10)
    expect(rings).toHaveLength(1)
    // Pixels 2..6 by 3..7; marching squares cuts each corner by an eighth of a pixel.
    expect(evenOddArea(rings)).toBeCloseTo(25 - 4 * 0.125)
    const xs = rings[0]!.map(([x]) => x)
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([2, 7])
  })
})

describe("the wand's region", () => {
  it("is a polygon around a disc, with the disc's area", () => {
    const disc = image(80, 80, (x, y) => (Math.hypot(x - 40, y - 40) < 25 ? PINK : WHITE))
    const region = wandRegion(disc, 40, 40, 20, identity)!
    expect(region.geometry.kind).toBe("polygon")
    expect(evenOddArea(ringsOfRegion(region.coords))).toBeGreaterThan(Math.PI * 25 * 25 * 0.97)
    expect(evenOddArea(ringsOfRegion(region.coords))).toBeLessThan(Math.PI * 25 * 25 * 1.03)
    // Simplified: far fewer vertices than the disc's boundary pixels.
    expect(region.coords.length / 2).toBeLessThan(80)
  })

  it("keeps the hole of a ring, wound against its boundary", () => {
    const ring = image(80, 80, (x, y) => {
      const r = Math.hypot(x - 40, y - 40)
      return r < 30 && r >= 12 ? PINK : WHITE
    })
    const region = wandRegion(ring, 40, 12, 20, identity)!
    expect(region.geometry.kind).toBe("area")
    const rings = ringsOfRegion(region.coords)
    expect(rings).toHaveLength(2)
    expect(depthsOf(rings).sort()).toEqual([0, 1])
    const expected = Math.PI * (30 * 30 - 12 * 12)
    expect(evenOddArea(rings)).toBeGreaterThan(expected * 0.96)
    expect(evenOddArea(rings)).toBeLessThan(expected * 1.04)
  })

  it("leaves out holes too small to be more than noise", () => {
    const speckled = image(30, 30, (x, y) => {
      if (Math.floor(x) === 10 && Math.floor(y) === 10) return WHITE
      if (x >= 18 && x < 21 && y >= 18 && y < 21) return WHITE
      return PINK
    })
    const region = wandRegion(speckled, 2, 2, 5, identity)!
    const rings = ringsOfRegion(region.coords)
    // The 3 × 3 hole stays, the single white pixel does not.
    expect(rings).toHaveLength(2)
    expect(Math.min(...rings.map((r) => evenOddArea([r])))).toBeGreaterThanOrEqual(WAND_MIN_HOLE_PX2)
    expect(insideRing(rings[1]!, 19.5, 19.5) || insideRing(rings[0]!, 19.5, 19.5)).toBe(true)
  })

  it("grows wider as the tolerance grows", () => {
    // Concentric bands 8 apart in colour: each step of tolerance takes one more band.
    const bands = image(60, 60, (x, y) => {
      const band = Math.min(4, Math.floor(Math.hypot(x - 30, y - 30) / 6))
      return [PINK[0] - band * 8, PINK[1], PINK[2]]
    })
    const areas = [0, 8, 16, 24].map((t) => evenOddArea(ringsOfRegion(wandRegion(bands, 30, 30, t, identity)!.coords)))
    for (let i = 1; i < areas.length; i++) expect(areas[i]!).toBeGreaterThan(areas[i - 1]!)
  })

  it("carries the outline to image pixels through the view's mapping", () => {
    // Pixels 2..21 by 3..22, read at a quarter of the image's resolution.
    const square = image(30, 30, (x, y) => (x > 2 && x < 22 && y > 3 && y < 23 ? PINK : WHITE))
    const region = wandRegion(square, 10, 10, 0, ([x, y]) => [1000 + x * 4, 2000 + y * 4])!
    const xs = [...region.coords].filter((_, i) => i % 2 === 0)
    const ys = [...region.coords].filter((_, i) => i % 2 === 1)
    expect(Math.min(...xs)).toBe(1000 + 2 * 4)
    expect(Math.max(...ys)).toBe(2000 + 23 * 4)
    // Thinning to half a pixel may shift an edge by up to that: about a quarter pixel on average,
    // 1 / 20 of a square 20 pixels wide (and 1 / 200 of one 200 wide, as regions on screen are).
    const area = evenOddArea(ringsOfRegion(region.coords))
    expect(area).toBeGreaterThan(400 * 16 * 0.94)
    expect(area).toBeLessThanOrEqual(400 * 16)
  })

  it("is null where nothing can be grown", () => {
    const empty = image(10, 10, () => null)
    expect(wandRegion(empty, 5, 5, 30, identity)).toBeNull()
  })
})
