import { describe, expect, it } from "vitest"
import { centredOffsets, follow, NO_OFFSET, offsetsOf, scalesOf, toImage, toPhysical } from "./compare-sync.ts"

const he = { width: 4000, height: 3000, mpp: 0.25 }
const ihc = { width: 2000, height: 1500, mpp: 0.5 }
const photo = { width: 1000, height: 800, mpp: null }

describe("compare sync", () => {
  it("shows the same length of tissue per screen pixel on slides of different resolutions", () => {
    const [a, b] = scalesOf([he, ihc])
    // The H&E at 1 screen px per image px: 4 px per µm.
    const leader = toPhysical({ x: 2000, y: 1500, zoom: 1, rotation: 0 }, a!)
    const shown = toImage(follow(leader, NO_OFFSET, NO_OFFSET), b!)
    expect(shown.zoom).toBeCloseTo(2)
    // Both centres are the same point of tissue: 500 µm across, 375 µm down.
    expect(shown.x * 0.5).toBeCloseTo(500)
    expect(shown.y * 0.5).toBeCloseTo(375)
    // 100 screen px: 25 µm on either slide.
    expect(100 / toPhysical({ x: 0, y: 0, zoom: 1, rotation: 0 }, a!).zoom).toBeCloseTo(100 / (shown.zoom / 0.5))
  })

  it("measures a slide without a resolution against the reference slide's width", () => {
    const scales = scalesOf([photo, he])
    expect(scales[0]).toEqual({ micronsPerPixel: 1, relative: true })
    expect(scales[1]).toEqual({ micronsPerPixel: 0.25, relative: false })
    // With no resolution anywhere, widths count as one unit each: the same share of every image.
    const [p, q] = scalesOf([photo, { ...ihc, mpp: null }])
    expect(p!.micronsPerPixel * photo.width).toBeCloseTo(q!.micronsPerPixel * ihc.width)
  })

  it("ignores a resolution that is not a positive number", () => {
    expect(scalesOf([{ ...he, mpp: 0 }])[0]?.relative).toBe(true)
  })

  it("first puts slides centre on centre", () => {
    const [first, second] = centredOffsets([he, ihc])
    expect(first).toEqual(NO_OFFSET)
    // Same physical size (1000 × 750 µm): the centres coincide.
    expect(second).toEqual(NO_OFFSET)
    const [, smaller] = centredOffsets([he, { width: 1000, height: 1000, mpp: 0.25 }])
    expect(smaller?.dx).toBeCloseTo(125 - 500)
    expect(smaller?.dy).toBeCloseTo(125 - 375)
  })

  it("keeps each pane's offset from the one being moved", () => {
    const views = [
      { x: 100, y: 100, zoom: 2, rotation: 0 },
      { x: 130, y: 90, zoom: 4, rotation: 90 }
    ]
    const [a, b] = offsetsOf(views)
    expect(b).toEqual({ dx: 30, dy: -10, zoomRatio: 2, rotation: 90 })
    // Pan and zoom the first: the second moves by as much and keeps its shift, zoom ratio and turn.
    const moved = follow({ x: 400, y: 250, zoom: 3, rotation: 180 }, a!, b!)
    expect(moved).toEqual({ x: 430, y: 240, zoom: 6, rotation: 270 })
    // And moving the second takes the first back where it belongs.
    expect(follow(moved, b!, a!)).toEqual({ x: 400, y: 250, zoom: 3, rotation: 180 })
  })

  it("has no offsets for no views", () => {
    expect(offsetsOf([])).toEqual([])
  })
})
