// The slide media path parser: exactly the URLs slideUrls makes (and the tiles OpenSeadragon derives
// from the descriptor), nothing that could name another file.
import { describe, expect, it } from "vitest"
import { parseSlideMediaPath } from "../../server/domain/slide-media-path.ts"
import { slideUrls } from "../../server/domain/slide-urls.ts"

const lab = "0b5c4f3e-8a61-4a35-9d2e-6f1d2c3b4a59"
const key = "0123456789abcdef0123456789abcdef"
const base = `/v2/media/slides/${lab}/${key}`

describe("parseSlideMediaPath", () => {
  it("reads every URL slideUrls makes", () => {
    const urls = slideUrls(lab, key)
    expect(parseSlideMediaPath(urls.tileSource)).toEqual({ labId: lab, slideKey: key, file: "slide.dzi", contentType: "application/xml" })
    expect(parseSlideMediaPath(urls.thumbnail)).toEqual({
      labId: lab,
      slideKey: key,
      file: "slide_thumb_77x77.jpg",
      contentType: "image/jpeg"
    })
    expect(parseSlideMediaPath(urls.thumbnailUrl)).toEqual({
      labId: lab,
      slideKey: key,
      file: "slide_thumb_312x281.jpg",
      contentType: "image/jpeg"
    })
  })

  it("reads tiles of any level and position, with the suffix's content type", () => {
    expect(parseSlideMediaPath(`${base}/slide_files/0/0_0.jpeg`)).toMatchObject({
      file: "slide_files/0/0_0.jpeg",
      contentType: "image/jpeg"
    })
    expect(parseSlideMediaPath(`${base}/slide_files/17/1203_877.jpg`)).toMatchObject({
      file: "slide_files/17/1203_877.jpg",
      contentType: "image/jpeg"
    })
    expect(parseSlideMediaPath(`${base}/slide_files/10/3_2.png`)).toMatchObject({
      file: "slide_files/10/3_2.png",
      contentType: "image/png"
    })
    expect(parseSlideMediaPath(`${base}/slide_files/99/9999999_9999999.jpeg`)).toMatchObject({
      file: "slide_files/99/9999999_9999999.jpeg"
    })
  })

  it("refuses traversal in every spelling", () => {
    for (const rest of [
      "../slide.dzi",
      "slide_files/../slide.dzi",
      "slide_files/..%2f..%2fsecret.key",
      "slide_files/%2e%2e/slide.dzi",
      "slide_files%2f0%2f0_0.jpeg",
      "slide_files/0/0_0.jpeg/../../slide.dzi",
      "slide_files//0/0_0.jpeg",
      "./slide.dzi",
      "slide_files\\0\\0_0.jpeg"
    ]) {
      expect(parseSlideMediaPath(`${base}/${rest}`), rest).toBeUndefined()
    }
    expect(parseSlideMediaPath(`/v2/media/slides/..%2f..%2f/${key}/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/v2/media/slides/${lab}/..%2f${key.slice(4)}/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/v2/media/slides/../${lab}/${key}/slide.dzi`)).toBeUndefined()
  })

  it("refuses other files, other suffixes and second spellings of a tile", () => {
    for (const rest of [
      "slide_files/vips-properties.xml",
      "slide_files/0/0_0.gif",
      "slide_files/0/0_0.JPEG",
      "slide_files/0/0_0.jpeg.bak",
      "slide_files/0/0_0",
      "slide_files/01/0_0.jpeg",
      "slide_files/0/00_0.jpeg",
      "slide_files/0/0_-1.jpeg",
      "slide_files/100/0_0.jpeg",
      "slide_files/0/12345678_0.jpeg",
      "slide_files/0/0_0.jpeg?x",
      "slide_files/0",
      "slide.DZI",
      "slide.dzi/",
      "slide_thumb_1x1.jpg",
      "other.dzi",
      ""
    ]) {
      expect(parseSlideMediaPath(`${base}/${rest}`), rest).toBeUndefined()
    }
  })

  it("refuses a key that is not 32 lowercase hex characters and a path off the route", () => {
    expect(parseSlideMediaPath(`/v2/media/slides/${lab}/${key.toUpperCase()}/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/v2/media/slides/${lab}/${key.slice(1)}/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/v2/media/slides/${lab}/${key}0/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/v2/media/slides/${lab}.x/${key}/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/v2/media/slides/${key}/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/v2/media/avatars/${lab}/${key}/slide.dzi`)).toBeUndefined()
    expect(parseSlideMediaPath(`/x/v2/media/slides/${lab}/${key}/slide.dzi`)).toBeUndefined()
  })
})
