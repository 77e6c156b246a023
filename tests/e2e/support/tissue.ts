// A stained-tissue look-alike for the end-to-end tests' uploads, so that thumbnails and the viewer
// show something that reads as a slide rather than a test pattern.
import sharp from "sharp"

/**
 * A stained-tissue look-alike (pink stroma, violet nuclei) as raw RGB pixels, three bytes each: hand
 * them to sharp with `raw: { width, height, channels: 3 }` to write the format a test needs.
 */
export const tissue = async (width: number, height: number, seed: number): Promise<Buffer> => {
  let state = seed
  const next = () => {
    state = (state * 16807) % 2147483647
    return state / 2147483647
  }
  const blobs = Array.from(
    { length: 36 },
    () =>
      `<ellipse cx="${next() * width}" cy="${next() * height}" rx="${width * (0.04 + next() * 0.08)}" ry="${height * (0.03 + next() * 0.06)}" fill="#e58fb8" fill-opacity="0.5"/>`
  )
  const nuclei = Array.from(
    { length: 1400 },
    () => `<circle cx="${next() * width}" cy="${next() * height}" r="${3 + next() * 9}" fill="#5b2d8e" fill-opacity="0.8"/>`
  )
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#f4c6dc"/><stop offset="0.7" stop-color="#e9b5d3"/><stop offset="1" stop-color="#fbf4f8"/></radialGradient></defs>
    <rect width="${width}" height="${height}" fill="#fbf4f8"/>
    <ellipse cx="${width / 2}" cy="${height / 2}" rx="${width * 0.44}" ry="${height * 0.4}" fill="url(#g)"/>
    ${blobs.join("")}${nuclei.join("")}</svg>`
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer()
}
