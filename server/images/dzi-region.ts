// Any rectangle of a slide at full resolution, read from its Deep Zoom pyramid's deepest level: the
// tiles it overlaps, each decoded by sharp and copied into place. The pyramid is what every slide has
// whatever its original format (a scanner's file that sharp cannot read, a DICOM series), and its tiles
// give random access, where extracting from a large PNG or JPEG original would decode it from the top
// for every rectangle. Tiles are JPEG at quality 85 (server/images/pyramid.ts): close enough for
// stain densities, which are means over a nucleus' pixels.
import { readFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import sharp from "sharp"
import type { Box } from "../ai/tiles.ts"
import type { RgbTile } from "../ai/raster.ts"
import { type DziDescriptor, isDziError, maxLevel, parseDzi } from "../domain/dzi-descriptor.ts"

export interface DziSource {
  readonly descriptor: DziDescriptor
  /** <name>_files/<deepest level>/ */
  readonly levelDir: string
}

/**
 * The pyramid at `dziPath`, read at full resolution, or `halvings` levels below it (each half the
 * size of the one above): a report's snapshot of a large region reads a level near its own size.
 */
export const openDzi = async (dziPath: string, halvings = 0): Promise<DziSource> => {
  const parsed = parseDzi(await readFile(dziPath, "utf8"))
  if (isDziError(parsed)) throw new Error(`unreadable pyramid descriptor: ${parsed.error}`)
  const name = dziPath.slice(dirname(dziPath).length + 1).replace(/\.dzi$/, "")
  const level = Math.max(0, maxLevel(parsed.width, parsed.height) - halvings)
  return { descriptor: parsed, levelDir: join(dirname(dziPath), `${name}_files`, String(level)) }
}

export const readRegion = async (source: DziSource, box: Box): Promise<RgbTile> => {
  const { tileSize: size, overlap, format } = source.descriptor
  const data = new Uint8Array(box.w * box.h * 3)
  const c0 = Math.floor(box.x / size)
  const c1 = Math.floor((box.x + box.w - 1) / size)
  const r0 = Math.floor(box.y / size)
  const r1 = Math.floor((box.y + box.h - 1) / size)
  const jobs: Array<Promise<void>> = []
  for (let row = r0; row <= r1; row++)
    for (let col = c0; col <= c1; col++)
      jobs.push(
        (async () => {
          const tile = await sharp(join(source.levelDir, `${col}_${row}.${format}`))
            .removeAlpha()
            .toColourspace("srgb")
            .raw()
            .toBuffer({ resolveWithObject: true })
          // The tile's first pixel in the image: the overlap is on its left and top except at the edges.
          const ox = col * size - (col > 0 ? overlap : 0)
          const oy = row * size - (row > 0 ? overlap : 0)
          const { width: tw, height: th, channels } = tile.info
          const x0 = Math.max(box.x, col * size)
          const x1 = Math.min(box.x + box.w, (col + 1) * size, ox + tw)
          const y0 = Math.max(box.y, row * size)
          const y1 = Math.min(box.y + box.h, (row + 1) * size, oy + th)
          for (let y = y0; y < y1; y++) {
            const from = ((y - oy) * tw + (x0 - ox)) * channels
            const to = ((y - box.y) * box.w + (x0 - box.x)) * 3
            if (channels === 3) data.set(tile.data.subarray(from, from + (x1 - x0) * 3), to)
            else
              for (let x = 0; x < x1 - x0; x++) {
                data[to + x * 3] = tile.data[from + x * channels]!
                data[to + x * 3 + 1] = tile.data[from + x * channels + 1]!
                data[to + x * 3 + 2] = tile.data[from + x * channels + 2]!
              }
          }
        })()
      )
  await Promise.all(jobs)
  return { width: box.w, height: box.h, channels: 3, data }
}
