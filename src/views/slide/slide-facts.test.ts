import { describe, expect, it } from "vitest"
import { slideFacts } from "./slide-facts.ts"

describe("slideFacts", () => {
  it("groups digits and gives microns per pixel to four places", () => {
    expect(slideFacts({ width: 98_304, height: 75_520, mpp: 0.25 }, "en")).toEqual({
      size: "98,304 × 75,520 px",
      resolution: "0.2500 µm/px"
    })
  })

  it("in Indonesian", () => {
    expect(slideFacts({ width: 98_304, height: 75_520, mpp: 0.2523 }, "id")).toEqual({
      size: "98.304 × 75.520 px",
      resolution: "0,2523 µm/px"
    })
  })

  it("leaves out what is not known", () => {
    expect(slideFacts({ width: null, height: null, mpp: null }, "en")).toEqual({ size: null, resolution: null })
  })
})
