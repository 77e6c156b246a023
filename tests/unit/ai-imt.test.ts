// The IMT method (server/ai/imt) on far walls drawn with known thickness: the mean IMT within
// 0.05 mm (the tolerance; published automated methods agree with experts to 0.023 ± 0.035 mm),
// both interfaces traced on the drawn ones within a pixel, and the range's limits respected.
import { describe, expect, it } from "vitest"
import { IMT_DEFAULTS, measureImt } from "../../server/ai/imt/imt.ts"
import { curvedWall, paintWall } from "../support/planted-wall.ts"

describe("intima-media thickness by dynamic programming", () => {
  for (const [imt, mpp] of [
    [0.6, 50],
    [0.8, 50],
    [1.2, 60]
  ] as const) {
    it(`measures a wall of ${imt} mm at ${mpp} µm/px within 0.05 mm, tracing both interfaces`, () => {
      const wall = curvedWall(400, 300, mpp, imt)
      const result = measureImt(paintWall(wall), mpp, IMT_DEFAULTS)
      expect(result).not.toBeNull()
      expect(Math.abs(result!.mean - imt)).toBeLessThan(0.05)
      expect(result!.sd).toBeLessThan(0.05)
      expect(result!.max).toBeGreaterThanOrEqual(result!.mean)
      const off = result!.li.map((y, x) => Math.abs(y - wall.li(x + 0.5)))
      expect(Math.max(...off)).toBeLessThan(1)
    })
  }

  it("finds nothing thicker than the range allows: a 0.8 mm wall searched for 0.2–0.5 mm gives a thinner, wrong LI, not the wall", () => {
    const wall = curvedWall(300, 240, 50, 0.8)
    const narrow = measureImt(paintWall(wall), 50, { minImtMm: 0.2, maxImtMm: 0.5 })
    expect(narrow!.max).toBeLessThanOrEqual(0.5 + 0.05)
  })
})
