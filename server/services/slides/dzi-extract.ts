// Checks a zip of a Deep Zoom pyramid and lays it out as a slide: <out>/slide.dzi (canonical),
// <out>/slide_files/<level>/<col>_<row>.<format> (the tiles as they are) and the two thumbnails.
// Everything is refused that is not exactly one descriptor and the tiles it implies: unexpected
// or unsafe names, symlinks, encrypted entries, more entries or bytes than allowed (zip bombs),
// tiles that are not of the descriptor's format, and thumbnail-level tiles of the wrong size.
import { mkdir, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"
import type { Readable } from "node:stream"
import sharp from "sharp"
import type { Entry, ZipFile } from "yauzl"
import {
  classifyEntry,
  EXPANSION_ALLOWANCE,
  expectedTiles,
  MAX_EXPANSION,
  MAX_TILES,
  MAX_ZIP_BYTES,
  MAX_ZIP_ENTRIES,
  missingOrExtra,
  onDisk,
  tileKey
} from "../../domain/dzi-archive.ts"
import {
  DZI_MAX_BYTES,
  type DziDescriptor,
  dziXml,
  isDziError,
  levelsOf,
  parseDzi,
  tileCount,
  tileDimensions
} from "../../domain/dzi-descriptor.ts"
import { PYRAMID_NAME, THUMBNAIL_LARGE_FILE, THUMBNAIL_SMALL_FILE } from "../../domain/slide-urls.ts"
import { openZip } from "../../images/open-zip.ts"
import { endsWhole, sniffFormat } from "../../images/sniff.ts"
import { THUMBNAIL_LARGE, writeThumbnails } from "../../images/thumbnails.ts"

/** The zip is not a usable pyramid; the message is for the log, the client gets the catalogue's text. */
export class DziRejected extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "DziRejected"
  }
}

/** The zip unpacks to more than the owner has room for: the quota's refusal, not the format's. */
export class DziOverQuota extends DziRejected {
  constructor() {
    super("unpacks to more than the room left")
    this.name = "DziOverQuota"
  }
}

export interface DziLimits {
  /** Disk the written files may take, each in whole blocks (the owner's room); MAX_ZIP_BYTES bounds the bytes besides. */
  readonly maxBytes: number
  readonly maxPixels: number
  /** The zip's own size, which bounds how far it may expand. */
  readonly zipBytes: number
}

/** The pyramid laid out, and the bytes it takes on disk (each file in whole blocks: onDisk). */
export interface ExtractedDzi {
  readonly descriptor: DziDescriptor
  readonly bytes: number
}

/** One tile is at most this big, whatever it claims: tiles are read whole to check them. */
const MAX_TILE_BYTES = 16 * 1024 * 1024
const S_IFMT = 0o170000
const S_IFLNK = 0o120000

interface TileEntry {
  readonly entry: Entry
  /** The descriptor path it belongs to, without ".dzi". */
  readonly base: string
  readonly ext: string
  readonly level: number
  readonly col: number
  readonly row: number
}

const refuse = (message: string): never => {
  throw new DziRejected(message)
}

const readAll = async (zip: ZipFile, entry: Entry, max: number): Promise<Buffer> => {
  if (entry.uncompressedSize > max) refuse(`${entry.fileName} is too large`)
  const stream: Readable = await zip.openReadStreamPromise(entry)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) refuse(`${entry.fileName} is too large`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, size)
}

/** Lists the entries, refusing anything unsafe or unexpected; answers the descriptor and the tiles. */
const listEntries = async (zip: ZipFile, limits: DziLimits) => {
  if (zip.entryCount > MAX_ZIP_ENTRIES) refuse(`${zip.entryCount} entries`)
  let descriptor: { entry: Entry; base: string } | undefined
  const tiles: TileEntry[] = []
  let bytes = 0
  // What the files written will take on disk: the quota counts blocks, so many tiny tiles cost what they take.
  let disk = 0
  for await (const entry of zip.eachEntry()) {
    if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) refuse(`symlink ${entry.fileName}`)
    if (entry.isEncrypted() || !entry.canDecodeFileData()) refuse(`cannot read ${entry.fileName}`)
    bytes += entry.uncompressedSize
    if (bytes > limits.zipBytes * MAX_EXPANSION + EXPANSION_ALLOWANCE) refuse(`expands more than ${MAX_EXPANSION} times`)
    const kind = classifyEntry(entry.fileName)
    if (kind.kind === "unexpected") refuse(`unexpected entry ${entry.fileName}`)
    if (kind.kind === "tile" || kind.kind === "descriptor") disk += onDisk(entry.uncompressedSize)
    if (disk > limits.maxBytes || bytes > MAX_ZIP_BYTES) throw new DziOverQuota()
    if (kind.kind === "descriptor") {
      if (descriptor) refuse("more than one descriptor")
      descriptor = { entry, base: kind.base }
    }
    if (kind.kind === "tile") tiles.push({ entry, base: kind.base, ext: kind.ext, level: kind.level, col: kind.col, row: kind.row })
  }
  if (!descriptor) return refuse("no .dzi descriptor")
  for (const tile of tiles) if (tile.base !== descriptor.base) refuse(`tile of another pyramid: ${tile.entry.fileName}`)
  return { descriptor, tiles }
}

/** Every tile the descriptor implies, and no other, each of its format. */
const checkTiles = (d: DziDescriptor, tiles: ReadonlyArray<TileEntry>) => {
  const found = new Set<string>()
  for (const tile of tiles) {
    if (tile.ext !== d.format) refuse(`tile ${tile.entry.fileName} is not .${d.format}`)
    const key = tileKey(tile)
    if (found.has(key)) refuse(`tile ${key} twice`)
    found.add(key)
  }
  const wrong = missingOrExtra(expectedTiles(d), found)
  if (wrong) refuse(wrong)
}

/** The levels the thumbnails may be cut from: up to the first one that covers the large thumbnail. */
const thumbnailLevels = (d: DziDescriptor) => {
  const levels = levelsOf(d)
  const covering = levels.findIndex((l) => l.width >= THUMBNAIL_LARGE.width && l.height >= THUMBNAIL_LARGE.height)
  return levels.slice(0, covering === -1 ? levels.length : covering + 1)
}

/** Reads the descriptor; answers it when it is one we accept. */
const readDescriptor = async (zip: ZipFile, entry: Entry, limits: DziLimits) => {
  const parsed = parseDzi((await readAll(zip, entry, DZI_MAX_BYTES)).toString("utf8"))
  if (isDziError(parsed)) return refuse(parsed.error)
  if (parsed.width * parsed.height > limits.maxPixels) refuse(`${parsed.width}x${parsed.height} is over the pixel limit`)
  if (tileCount(parsed) > MAX_TILES) refuse("more tiles than allowed")
  return parsed
}

export const extractDzi = async (zipPath: string, outDir: string, limits: DziLimits): Promise<ExtractedDzi> => {
  let zip: ZipFile
  try {
    zip = await openZip(zipPath)
  } catch (error) {
    throw new DziRejected("not a zip file", { cause: error })
  }
  try {
    const { descriptor, tiles } = await listEntries(zip, limits)
    const d = await readDescriptor(zip, descriptor.entry, limits)
    checkTiles(d, tiles)
    const filesDir = join(outDir, `${PYRAMID_NAME}_files`)
    const expectedFormat = d.format === "png" ? "png" : "jpeg"
    const levels = levelsOf(d)
    for (const level of levels) await mkdir(join(filesDir, String(level.level)), { recursive: true })
    let written = 0
    for (const tile of tiles) {
      const bytes = await readAll(zip, tile.entry, MAX_TILE_BYTES)
      if (sniffFormat(bytes) !== expectedFormat || !endsWhole(bytes, expectedFormat))
        refuse(`tile ${tile.entry.fileName} is not a whole ${expectedFormat}`)
      // A tile must decode, in full, as an image of its format and of the size its place in the
      // pyramid implies: a header followed by zeros or garbage, or a tile of the wrong size, is
      // refused, never served.
      const decoded = await sharp(bytes, { limitInputPixels: (d.tileSize + 2 * d.overlap) ** 2, failOn: "warning" })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ info }) => info)
        .catch(() => undefined)
      const want = tileDimensions(d, levels[tile.level]!, tile.col, tile.row)
      if (decoded?.width !== want.width || decoded.height !== want.height)
        refuse(`tile ${tile.entry.fileName} is not a ${want.width}x${want.height} ${expectedFormat}`)
      written += onDisk(bytes.length)
      await writeFile(join(filesDir, String(tile.level), `${tile.col}_${tile.row}.${d.format}`), bytes)
    }
    // The thumbnails stitch one small level; its tiles must be the size the descriptor implies,
    // so a hostile tile (a tiny file claiming huge dimensions) is refused before it is decoded.
    for (const level of thumbnailLevels(d)) {
      for (let col = 0; col < level.cols; col++) {
        for (let row = 0; row < level.rows; row++) {
          const meta = await sharp(join(filesDir, String(level.level), `${col}_${row}.${d.format}`))
            .metadata()
            .catch(() => undefined)
          const want = tileDimensions(d, level, col, row)
          if (meta?.width !== want.width || meta?.height !== want.height)
            refuse(`tile ${level.level}/${col}_${row} is not ${want.width}x${want.height}`)
        }
      }
    }
    await writeThumbnails(
      { filesDir, width: d.width, height: d.height, tileSize: d.tileSize, overlap: d.overlap, suffix: `.${d.format}` },
      join(outDir, THUMBNAIL_SMALL_FILE),
      join(outDir, THUMBNAIL_LARGE_FILE)
    ).catch((error: unknown) => {
      throw new DziRejected("tiles could not be read", { cause: error })
    })
    const xml = dziXml(d)
    await writeFile(join(outDir, `${PYRAMID_NAME}.dzi`), xml)
    const thumbnails = await Promise.all(
      [THUMBNAIL_SMALL_FILE, THUMBNAIL_LARGE_FILE].map((f) => stat(join(outDir, f)).then((s) => onDisk(s.size)))
    )
    return { descriptor: d, bytes: written + onDisk(Buffer.byteLength(xml)) + thumbnails.reduce((a, b) => a + b, 0) }
  } catch (error) {
    if (error instanceof DziRejected) throw error
    // yauzl's own refusals (bad names, sizes that lie, a broken archive) are the file's fault too.
    if (error instanceof Error && !("code" in error && typeof error.code === "string" && error.code.startsWith("E"))) {
      throw new DziRejected(error.message, { cause: error })
    }
    throw error
  } finally {
    zip.close()
  }
}
