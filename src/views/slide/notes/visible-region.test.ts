import { describe, expect, it } from "vitest"
import { clippedRegion } from "./visible-region.ts"

describe("the view as a report's region", () => {
  it("is the view in whole pixels, clipped to the slide", () => {
    expect(clippedRegion({ x: 10.4, y: 20.6, width: 100, height: 50 }, 1000, 800)).toEqual({ x: 10, y: 20, width: 101, height: 51 })
    expect(clippedRegion({ x: -200, y: -100, width: 2000, height: 2000 }, 1000, 800)).toEqual({ x: 0, y: 0, width: 1000, height: 800 })
  })

  it("is none when the view shows nothing of the slide", () => {
    expect(clippedRegion({ x: 1200, y: 0, width: 100, height: 100 }, 1000, 800)).toBeNull()
  })
})
