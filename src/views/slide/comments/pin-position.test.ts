import { describe, expect, it } from "vitest"
import { CARD_WIDTH, placeCard } from "./pin-position.ts"

describe("where a thread stands beside its pin", () => {
  it("stands right of the pin, a little above it", () => {
    expect(placeCard({ x: 100, y: 200 }, { width: 1200, height: 800 }, 300)).toEqual({
      mode: "card",
      left: 114,
      top: 172,
      side: "right",
      pointer: 28
    })
  })
  it("goes left of a pin near the right edge, and stays on the stage", () => {
    const placed = placeCard({ x: 1100, y: 10 }, { width: 1200, height: 800 }, 300)
    // The pointer stays off the card's corner, though the pin is above it.
    expect(placed).toEqual({ mode: "card", left: 1100 - 14 - CARD_WIDTH, top: 8, side: "left", pointer: 16 })
  })
  it("moves up when it would run off the bottom", () => {
    // ...and its pointer still points at the pin (780 - 492), short of the bottom corner.
    expect(placeCard({ x: 100, y: 780 }, { width: 1200, height: 800 }, 300)).toMatchObject({ top: 492, pointer: 284 })
  })
  it("is a bottom sheet on a phone", () => {
    expect(placeCard({ x: 100, y: 200 }, { width: 390, height: 600 }, 300)).toEqual({ mode: "sheet" })
  })
})
