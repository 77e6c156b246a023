// The Deep Zoom descriptor (.dzi) of an imported pyramid: read strictly, and the levels and tiles
// it implies. Pure, so the rules are tested alone. Only single images are accepted (no sparse
// DisplayRects, no collections), and nothing an XML parser could be tricked with (DOCTYPE, entities).

export type TileFormat = "jpeg" | "jpg" | "png"

export interface DziDescriptor {
  readonly tileSize: number
  readonly overlap: number
  readonly format: TileFormat
  readonly width: number
  readonly height: number
}

export interface DziLevel {
  readonly level: number
  readonly width: number
  readonly height: number
  readonly cols: number
  readonly rows: number
}

/** A descriptor is a few hundred bytes; anything long is not one. */
export const DZI_MAX_BYTES = 64 * 1024
/**
 * Smallest tile side accepted. Every tile is a file, and what a file costs (a 4 KiB disk block at
 * least, an inode, a zip entry to read, a decode) does not shrink with it: tiles of one pixel made a
 * 13.5 MB zip of 53,000 files that took 210 MiB of disk and 154 s of CPU. Real producers write 254
 * or 256 (libvips, OpenSeadragon's and Microsoft's tools), some 510 or 512; 64 leaves them all
 * room, and a 64 px JPEG tile (1 to 4 KB) still about fills the block it takes.
 */
export const MIN_TILE_SIZE = 64
export const MAX_TILE_SIZE = 4096
export const MAX_OVERLAP = 64
/** Sides beyond this are not slides (the pixel limit of the configuration applies as well). */
export const MAX_SIDE = 2 ** 24

const attribute = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1]

const integer = (value: string | undefined, min: number, max: number): number | undefined => {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return undefined
  const n = Number(value.trim())
  return n >= min && n <= max ? n : undefined
}

/** The descriptor, or why it is refused. */
export const parseDzi = (xml: string): DziDescriptor | { readonly error: string } => {
  if (xml.length > DZI_MAX_BYTES) return { error: "descriptor too long" }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { error: "DOCTYPE or entity in descriptor" }
  // A tag ends at the first "<" as well as at ">" (no attribute value holds a "<"): with only ">"
  // ending it, each of many "<Image" without one was read to the end of the text, quadratic in it.
  const images = xml.match(/<Image\b[^<>]*>/g) ?? []
  const sizes = xml.match(/<Size\b[^<>]*>/g) ?? []
  if (images.length !== 1 || sizes.length !== 1) return { error: "expected one Image with one Size" }
  if (/<DisplayRects?\b|<Collection\b/.test(xml)) return { error: "sparse images and collections are not supported" }
  const image = images[0]!
  const size = sizes[0]!
  const tileSize = integer(attribute(image, "TileSize"), 1, MAX_TILE_SIZE)
  if (tileSize !== undefined && tileSize < MIN_TILE_SIZE) return { error: `tile size ${tileSize} below ${MIN_TILE_SIZE}` }
  const overlap = integer(attribute(image, "Overlap"), 0, MAX_OVERLAP)
  const format = attribute(image, "Format")?.trim().toLowerCase()
  const width = integer(attribute(size, "Width"), 1, MAX_SIDE)
  const height = integer(attribute(size, "Height"), 1, MAX_SIDE)
  if (tileSize === undefined || overlap === undefined || width === undefined || height === undefined)
    return { error: "missing or invalid numbers" }
  if (format !== "jpeg" && format !== "jpg" && format !== "png") return { error: `unsupported tile format ${format}` }
  if (overlap * 2 >= tileSize) return { error: "overlap too large for the tile size" }
  return { tileSize, overlap, format, width, height }
}

export const isDziError = (parsed: DziDescriptor | { readonly error: string }): parsed is { readonly error: string } => "error" in parsed

/** The canonical descriptor we serve, whatever the imported one looked like. */
export const dziXml = (d: DziDescriptor): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Image xmlns="http://schemas.microsoft.com/deepzoom/2008" Format="${d.format}" Overlap="${d.overlap}" TileSize="${d.tileSize}">\n  <Size Height="${d.height}" Width="${d.width}"/>\n</Image>\n`

/** The top level: the smallest k with 2^k >= the longer side (level 0 is one pixel). */
export const maxLevel = (width: number, height: number): number => {
  const side = Math.max(width, height)
  let k = 0
  while (2 ** k < side) k++
  return k
}

/** Every level from 0 (1x1) to full resolution, each halving rounded up. */
export const levelsOf = (d: DziDescriptor): ReadonlyArray<DziLevel> => {
  const top = maxLevel(d.width, d.height)
  const levels: DziLevel[] = []
  for (let level = 0; level <= top; level++) {
    const scale = 2 ** (top - level)
    const width = Math.ceil(d.width / scale)
    const height = Math.ceil(d.height / scale)
    levels.push({ level, width, height, cols: Math.ceil(width / d.tileSize), rows: Math.ceil(height / d.tileSize) })
  }
  return levels
}

export const tileCount = (d: DziDescriptor): number => levelsOf(d).reduce((sum, l) => sum + l.cols * l.rows, 0)

/** Pixel size of one tile: its share of the level plus the overlap on each inner edge. */
export const tileDimensions = (d: DziDescriptor, level: DziLevel, col: number, row: number) => {
  const side = (index: number, extent: number) => {
    const from = Math.max(0, index * d.tileSize - d.overlap)
    const to = Math.min(extent, (index + 1) * d.tileSize + d.overlap)
    return to - from
  }
  return { width: side(col, level.width), height: side(row, level.height) }
}
