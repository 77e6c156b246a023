import { describe, expect, it } from "vitest"
import { nearestRotation, normalizeDegrees } from "./rotation.ts"

describe("normalizeDegrees", () => {
  it("maps any angle into [0, 360)", () => {
    expect([0, 90, 360, 450, -90, -360, -450].map(normalizeDegrees)).toEqual([0, 90, 0, 90, 270, 0, 270])
  })
})

describe("nearestRotation", () => {
  it("turns a quarter the short way round", () => {
    expect(nearestRotation(270, 0)).toBe(360)
    expect(nearestRotation(360, 270)).toBe(270)
    expect(nearestRotation(0, 270)).toBe(-90)
    expect(nearestRotation(-90, 0)).toBe(0)
    expect(nearestRotation(90, 180)).toBe(180)
  })

  it("keeps an angle that is already there", () => {
    expect(nearestRotation(720, 0)).toBe(720)
  })
})
