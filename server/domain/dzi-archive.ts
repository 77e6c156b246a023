// What a zip of a Deep Zoom pyramid must hold: one descriptor "<name>.dzi" and, beside it,
// "<name>_files/<level>/<col>_<row>.<format>" for exactly the tiles the descriptor implies. Names
// are matched against this whitelist, so "..", absolute paths and anything unexpected are refused.
import type { DziDescriptor } from "./dzi-descriptor.ts"
import { levelsOf } from "./dzi-descriptor.ts"

/**
 * Tiles a descriptor may imply. Each is read, decoded and written on its own (a few ms of CPU), so
 * this bounds an import's work. 100,000 tiles of 254 px hold 4.8 gigapixels (a 40x scan of 2 x 1.5 cm
 * of tissue); a bigger slide goes through the ordinary upload of its original, which builds its own
 * pyramid.
 */
export const MAX_TILES = 100_000
/** Zip entries an import may hold: the tiles, and room for an archiver's companion of each (macOS "._" files). */
export const MAX_ZIP_ENTRIES = 2 * MAX_TILES
/** Uncompressed bytes an import may hold, beside the quota. */
export const MAX_ZIP_BYTES = 64 * 1024 ** 3
/**
 * How much larger than the zip its contents may be. Deep Zoom tiles are JPEG or PNG, which a zip
 * cannot shrink much; a zip whose entries unpack to many times its size is a bomb.
 */
export const MAX_EXPANSION = 10
/** Headroom for a tiny zip of a tiny pyramid (its descriptor and few tiles). */
export const EXPANSION_ALLOWANCE = 1024 * 1024

/**
 * What a file takes on disk, as the quota counts it: its size rounded up to the filesystem's block
 * (4 KiB, ext4's and XFS's default), and one block even when empty. Counting blocks, not bytes, is
 * what makes the number of files count: 50,000 tiny tiles take 200 MiB, whatever their bytes.
 */
export const DISK_BLOCK = 4096
export const onDisk = (bytes: number): number => Math.max(1, Math.ceil(bytes / DISK_BLOCK)) * DISK_BLOCK

export type ZipEntryKind =
  | { readonly kind: "descriptor"; readonly base: string }
  | {
      readonly kind: "tile"
      readonly base: string
      readonly level: number
      readonly col: number
      readonly row: number
      readonly ext: string
    }
  | { readonly kind: "directory" }
  /** Left out silently: what archivers and vips add (macOS resource forks, vips' properties). */
  | { readonly kind: "ignored" }
  | { readonly kind: "unexpected" }

const SEGMENT = "[A-Za-z0-9][\\w .()+-]{0,199}"
const descriptorName = new RegExp(`^((?:${SEGMENT}/){0,4})(${SEGMENT})\\.dzi$`)
const tileName = new RegExp(`^((?:${SEGMENT}/){0,4})(${SEGMENT})_files/(\\d{1,2})/(\\d{1,7})_(\\d{1,7})\\.(jpeg|jpg|png)$`)
const directoryName = new RegExp(`^(?:${SEGMENT}/){1,6}$`)
const ignoredName = /^(?:__MACOSX\/.*|(?:.*\/)?\.DS_Store|(?:.*\/)?[^/]+_files\/vips-properties\.xml)$/

/** "base" is the path of the descriptor without ".dzi": tiles belong to it when theirs is the same. */
export const classifyEntry = (fileName: string): ZipEntryKind => {
  if (ignoredName.test(fileName) && !fileName.split("/").includes("..")) return { kind: "ignored" }
  const descriptor = descriptorName.exec(fileName)
  if (descriptor) return { kind: "descriptor", base: `${descriptor[1]}${descriptor[2]}` }
  const tile = tileName.exec(fileName)
  if (tile) {
    return { kind: "tile", base: `${tile[1]}${tile[2]}`, level: Number(tile[3]), col: Number(tile[4]), row: Number(tile[5]), ext: tile[6]! }
  }
  if (directoryName.test(fileName)) return { kind: "directory" }
  return { kind: "unexpected" }
}

/** The tiles a descriptor implies, as "level/col_row" keys. */
export const expectedTiles = (d: DziDescriptor): Set<string> => {
  const keys = new Set<string>()
  for (const l of levelsOf(d))
    for (let col = 0; col < l.cols; col++) for (let row = 0; row < l.rows; row++) keys.add(`${l.level}/${col}_${row}`)
  return keys
}

export const tileKey = (tile: { readonly level: number; readonly col: number; readonly row: number }) =>
  `${tile.level}/${tile.col}_${tile.row}`

/** Compares the tiles found with those expected; answers what is wrong, if anything. */
export const missingOrExtra = (expected: ReadonlySet<string>, found: ReadonlySet<string>): string | undefined => {
  for (const key of found) if (!expected.has(key)) return `unexpected tile ${key}`
  for (const key of expected) if (!found.has(key)) return `missing tile ${key}`
  return undefined
}
