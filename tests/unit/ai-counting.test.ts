// Blob counting by colour and size on a generated image: red discs of two sizes and blue discs
// planted on white; the count of each colour and size range is exact (no noise, discs apart).
import { describe, expect, it } from "vitest"
import { countBlobs, rgbOf } from "../../server/ai/counting/counting.ts"
import { paintTile } from "../../server/ai/raster.ts"

const discs = [
  ...Array.from({ length: 12 }, (_, i) => ({ x: 30 + (i % 6) * 60, y: 40, r: 12, c: [200, 30, 40] as const })),
  ...Array.from({ length: 7 }, (_, i) => ({ x: 30 + i * 50, y: 160, r: 5, c: [205, 40, 35] as const })),
  ...Array.from({ length: 6 }, (_, i) => ({ x: 30 + i * 60, y: 240, r: 10, c: [40, 50, 200] as const }))
]
// Rows of 6 at y 40 would overlap: put the second six at y 100.
const placed = discs.map((d, i) => (i >= 6 && i < 12 ? { ...d, y: 100 } : d))
const tile = paintTile(
  400,
  300,
  (x, y) => placed.find((d) => (x + 0.5 - d.x) ** 2 + (y + 0.5 - d.y) ** 2 <= d.r * d.r)?.c ?? [250, 250, 250]
)

describe("counting blobs", () => {
  it("counts the red blobs of each size range, in square pixels without a resolution", () => {
    const base = { color: "#c81e28", tolerance: 40, split: false }
    expect(countBlobs(tile, null, { ...base, minArea: 300, maxArea: 600 }).length).toBe(12)
    expect(countBlobs(tile, null, { ...base, minArea: 40, maxArea: 120 }).length).toBe(7)
    expect(countBlobs(tile, null, { ...base, minArea: 1, maxArea: 100_000 }).length).toBe(19)
  })
  it("counts by colour: the blue ones alone, none for a colour nobody painted", () => {
    const blue = countBlobs(tile, null, { color: "#2832c8", tolerance: 40, minArea: 1, maxArea: 1e6, split: false })
    expect(blue.length).toBe(6)
    for (const b of blue) expect(b.y).toBeCloseTo(240, 0)
    expect(countBlobs(tile, null, { color: "#00ff00", tolerance: 40, minArea: 1, maxArea: 1e6, split: false })).toEqual([])
  })
  it("reads the size range in µm² when the slide has a resolution", () => {
    // r = 12 px at 0.5 µm/px: ~113 µm².
    const big = countBlobs(tile, 0.5, { color: "#c81e28", tolerance: 40, minArea: 90, maxArea: 140, split: false })
    expect(big.length).toBe(12)
    expect(big[0]!.area).toBeGreaterThan(100)
  })
  it("splits touching blobs when asked", () => {
    const pair = paintTile(100, 60, (x, y) =>
      (x - 35) ** 2 + (y - 30) ** 2 <= 144 || (x - 55) ** 2 + (y - 30) ** 2 <= 144 ? [200, 30, 40] : [250, 250, 250]
    )
    const p = { color: "#c81e28", tolerance: 40, minArea: 50, maxArea: 2000 }
    expect(countBlobs(pair, null, { ...p, split: false }).length).toBe(1)
    expect(countBlobs(pair, null, { ...p, split: true }).length).toBe(2)
  })
  it("reads colours as #RRGGBB only", () => {
    expect(rgbOf("#0a0B0c")).toEqual([10, 11, 12])
    expect(() => rgbOf("red")).toThrow()
  })
})
