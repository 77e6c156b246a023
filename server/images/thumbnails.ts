// The slide's two thumbnails (77x77 for lists, 312x281 for cards), cut from a small level of the
// Deep Zoom pyramid that was just written instead of decoding the slide a second time: for a
// gigapixel TIFF a second full decode would cost as much as the pyramid itself.
import { join } from "node:path"
import sharp, { type OverlayOptions } from "sharp"

export const THUMBNAIL_SMALL = { width: 77, height: 77 } as const
export const THUMBNAIL_LARGE = { width: 312, height: 281 } as const

export interface PyramidLayout {
  readonly filesDir: string
  readonly width: number
  readonly height: number
  readonly tileSize: number
  readonly overlap: number
  readonly suffix: string
}

/** Deep Zoom level count: halve (rounding up) until one pixel is left. */
export const levelCount = (width: number, height: number) => Math.ceil(Math.log2(Math.max(width, height))) + 1

/** Size of a Deep Zoom level; libvips rounds up at each halving, as does ceil(size / 2^k). */
const levelSize = (size: number, shrink: number) => Math.ceil(size / 2 ** shrink)

/** Stitches one pyramid level back into a single image (lossless PNG in memory, small by construction). */
const stitchLevel = async (layout: PyramidLayout, level: number, shrink: number) => {
  const width = levelSize(layout.width, shrink)
  const height = levelSize(layout.height, shrink)
  const { tileSize, overlap } = layout
  const tiles: OverlayOptions[] = []
  for (let row = 0; row * tileSize < height; row++) {
    for (let col = 0; col * tileSize < width; col++) {
      // Each tile but the first in a row/column starts `overlap` pixels early; those pixels
      // duplicate the neighbour's, so laying tiles over one another is exact.
      tiles.push({
        input: join(layout.filesDir, String(level), `${col}_${row}${layout.suffix}`),
        left: col === 0 ? 0 : col * tileSize - overlap,
        top: row === 0 ? 0 : row * tileSize - overlap
      })
    }
  }
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite(tiles)
    .png({ compressionLevel: 0 })
    .toBuffer()
}

/** Writes both thumbnails (cover-cropped JPEG) next to the pyramid. */
export const writeThumbnails = async (layout: PyramidLayout, small: string, large: string) => {
  const top = levelCount(layout.width, layout.height) - 1
  // The smallest level that still covers the large thumbnail in both directions, so the cover
  // crop only ever shrinks; a slide smaller than the thumbnail uses its full resolution.
  let shrink = 0
  while (
    shrink < top &&
    levelSize(layout.width, shrink + 1) >= THUMBNAIL_LARGE.width &&
    levelSize(layout.height, shrink + 1) >= THUMBNAIL_LARGE.height
  ) {
    shrink++
  }
  const source = await stitchLevel(layout, top - shrink, shrink)
  await Promise.all([
    sharp(source)
      .resize({ ...THUMBNAIL_SMALL, fit: "cover" })
      .jpeg({ quality: 85 })
      .toFile(small),
    sharp(source)
      .resize({ ...THUMBNAIL_LARGE, fit: "cover" })
      .jpeg({ quality: 85 })
      .toFile(large)
  ])
}
