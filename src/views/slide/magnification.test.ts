import { describe, expect, it } from "vitest"
import { magnificationLabel, magnificationOf, roundForDisplay } from "./magnification.ts"

describe("magnificationOf", () => {
  it("follows 0.25 µm/px = 40x", () => {
    expect(magnificationOf(1, 0.25)).toEqual({ kind: "objective", value: 40 })
    expect(magnificationOf(1, 0.5)).toEqual({ kind: "objective", value: 20 })
    expect(magnificationOf(0.5, 0.25)).toEqual({ kind: "objective", value: 20 })
    expect(magnificationOf(2, 0.25)).toEqual({ kind: "objective", value: 80 })
  })

  it("falls back to a percentage without microns per pixel", () => {
    expect(magnificationOf(0.35, null)).toEqual({ kind: "percent", value: 35 })
    expect(magnificationOf(1, 0)).toEqual({ kind: "percent", value: 100 })
  })
})

describe("magnificationLabel", () => {
  it("rounds to whole numbers from 10 and to two figures below", () => {
    expect(magnificationLabel({ kind: "objective", value: 19.6 })).toBe("20x")
    expect(magnificationLabel({ kind: "objective", value: 2.4567 })).toBe("2.5x")
    expect(magnificationLabel({ kind: "objective", value: 0.6251 })).toBe("0.63x")
    expect(magnificationLabel({ kind: "percent", value: 35.2 })).toBe("35%")
    expect(magnificationLabel({ kind: "percent", value: 3.14 })).toBe("3.1%")
  })

  it("formats the number the reader's way", () => {
    expect(magnificationLabel({ kind: "objective", value: 2.5 }, (n) => new Intl.NumberFormat("id").format(n))).toBe("2,5x")
  })

  it("never shows a nonsense number", () => {
    expect(roundForDisplay(Number.NaN)).toBe(0)
    expect(roundForDisplay(-3)).toBe(0)
  })
})
