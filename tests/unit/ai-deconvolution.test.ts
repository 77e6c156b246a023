// Colour deconvolution against scikit-image: the matrix inverse against skimage's published
// hed_from_rgb, single pixels worked by hand from the formula, and the whole of ihc.png against
// numpy running skimage's own lines (fixtures/ihc-hed-reference.py says how the reference was made).
import { readFileSync } from "node:fs"
import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { deconvolve, HED_FROM_RGB, hedOfPixel, odOf, RGB_FROM_HED } from "../../server/ai/deconvolution/hed.ts"

const reference = JSON.parse(readFileSync(new URL("./fixtures/ihc-hed-reference.json", import.meta.url), "utf8")) as {
  width: number
  height: number
  mean: [number, number, number]
  max: [number, number, number]
  pixels: Array<{ x: number; y: number; rgb: [number, number, number]; hed: [number, number, number] }>
}

// skimage.color.hed_from_rgb as its documentation and `print(skimage.color.hed_from_rgb)` show it.
const PUBLISHED_HED_FROM_RGB = [
  [1.87798274, -1.00767869, -0.55611582],
  [-0.06590806, 1.13473037, -0.1355218],
  [-0.60190736, -0.48041419, 1.57358807]
]

describe("the HED stain matrix", () => {
  it("is the inverse skimage publishes, within 1e-8", () => {
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++) expect(Math.abs(HED_FROM_RGB[r]![c]! - PUBLISHED_HED_FROM_RGB[r]![c]!)).toBeLessThan(1e-8)
  })
  it("times rgb_from_hed is the identity", () => {
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++) {
        const v = [0, 1, 2].reduce((acc, k) => acc + RGB_FROM_HED[r]![k]! * HED_FROM_RGB[k]![c]!, 0)
        expect(v).toBeCloseTo(r === c ? 1 : 0, 12)
      }
  })
})

describe("one pixel by hand", () => {
  it("white is no stain, and black is the floor of 1e-6 on every channel", () => {
    expect(hedOfPixel(255, 255, 255)).toEqual([0, 0, 0])
    // ln(1e-6)/ln(1e-6) = 1 on each channel: the stains are the column sums of hed_from_rgb, clipped at 0.
    const [h, e, d] = hedOfPixel(0, 0, 0)
    expect(h).toBeCloseTo(1.87798274 - 0.06590806 - 0.60190736, 7)
    expect(e).toBe(0) // -1.00767869 + 1.13473037 - 0.48041419 < 0
    expect(d).toBeCloseTo(-0.55611582 - 0.1355218 + 1.57358807, 7)
  })
  it("a pure DAB colour comes back as DAB alone, as an optical density", () => {
    // DAB at OD 0.5: I = 255 x 10^(-0.5 x [0.27, 0.57, 0.78]).
    const rgb = [0.27, 0.57, 0.78].map((k) => 255 * 10 ** (-0.5 * k))
    const x = rgb.map((v) => Math.log(v / 255) / Math.log(1e-6))
    const dByHand = x[0]! * -0.55611582 + x[1]! * -0.1355218 + x[2]! * 1.57358807
    expect(odOf(dByHand)).toBeCloseTo(0.5, 6)
    // The 8-bit path rounds the colour: within a hundredth.
    const [h, , d] = hedOfPixel(...(rgb.map(Math.round) as [number, number, number]))
    expect(odOf(d)).toBeCloseTo(0.5, 1.7)
    expect(odOf(h)).toBeLessThan(0.02)
  })
})

describe("ihc.png (skimage.data.immunohistochemistry)", () => {
  it("matches skimage's rgb2hed pixel for pixel and on average", async () => {
    const { data, info } = await sharp("/work/shared/data/ihc.png").removeAlpha().raw().toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([reference.width, reference.height])
    const pixels = info.width * info.height
    const stains = deconvolve(new Uint8Array(data.buffer, data.byteOffset, data.length), info.channels, pixels)
    for (const p of reference.pixels) {
      const i = p.y * info.width + p.x
      expect([...data.subarray(i * 3, i * 3 + 3)]).toEqual(p.rgb)
      // Float32 storage: about 7 significant digits.
      expect(stains.h[i]).toBeCloseTo(p.hed[0], 6)
      expect(stains.e[i]).toBeCloseTo(p.hed[1], 6)
      expect(stains.d[i]).toBeCloseTo(p.hed[2], 6)
    }
    const mean = (a: Float32Array) => a.reduce((s, v) => s + v, 0) / a.length
    const max = (a: Float32Array) => a.reduce((m, v) => Math.max(m, v), 0)
    expect(mean(stains.h)).toBeCloseTo(reference.mean[0], 6)
    expect(mean(stains.e)).toBeCloseTo(reference.mean[1], 6)
    expect(mean(stains.d)).toBeCloseTo(reference.mean[2], 6)
    expect(max(stains.d)).toBeCloseTo(reference.max[2], 5)
  })
})
