// A zipped set of a scanner's files (MRXS, VMS) as a download hands it out: without its label and
// macro, as associated-redaction.ts does for a TIFF. The zip is not rebuilt: each picture's bytes,
// where they lie inside a stored (uncompressed) entry, are overwritten by a blank 8 x 8 JPEG and
// zeros (OpenSlide reads an MRXS label's JPEG header when it opens the slide, so zeros alone would
// make the whole set unreadable; a VMS macro file is blanked the same way), and that entry's
// CRC-32 is written again in its local header, its data descriptor and the central directory, so
// the zip keeps its size, every offset stays valid and OpenSlide still reads the set. The label
// and macro are found by OpenSlide's rules (mrxs-associated.ts; a VMS key file's MacroImage).
//
// A deflated entry cannot be patched in place: such a set is first zipped again stored
// (set-download.ts). The SPA zips a dropped folder stored, so its sets need no second copy.
import { mkdtemp, open, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buffer } from "node:stream/consumers"
import { crc32 } from "node:zlib"
import sharp from "sharp"
import type { AssociatedName } from "./associated-images.ts"
import type { Patch, Redaction } from "./associated-redaction.ts"
import { associatedLocations } from "./mrxs-associated.ts"
import { openZip } from "./open-zip.ts"

interface ZipEntryAt {
  readonly name: string
  readonly method: number
  readonly flags: number
  readonly size: number
  readonly central: number
  readonly local: number
}

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const DESCRIPTOR = 0x08074b50
const SMALL_FILE = 1 << 20

type File = Awaited<ReturnType<typeof open>>

const read = async (file: File, at: number, length: number) => {
  const bytes = Buffer.alloc(length)
  const { bytesRead } = await file.read(bytes, 0, length, at)
  return bytes.subarray(0, bytesRead)
}

/** The central directory's entries, or null for a zip64 or damaged one (not patched). */
const centralEntries = async (file: File, size: number): Promise<ZipEntryAt[] | null> => {
  const tailStart = Math.max(0, size - 65_557)
  const tail = await read(file, tailStart, size - tailStart)
  // The end record is the last thing in the file but for a comment of up to 65,535 bytes.
  let end = tail.length - 22
  while (end >= 0 && tail.readUInt32LE(end) !== EOCD) end--
  if (end < 0) return null
  const [count, cdSize, cdOffset] = [tail.readUInt16LE(end + 10), tail.readUInt32LE(end + 12), tail.readUInt32LE(end + 16)]
  if (count === 0xffff || cdOffset === 0xffffffff) return null
  const cd = await read(file, cdOffset, cdSize)
  const entries: ZipEntryAt[] = []
  for (let at = 0, n = 0; n < count; n++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL) return null
    const [nameLength, extra, comment] = [cd.readUInt16LE(at + 28), cd.readUInt16LE(at + 30), cd.readUInt16LE(at + 32)]
    const [compressed, local] = [cd.readUInt32LE(at + 20), cd.readUInt32LE(at + 42)]
    if (compressed === 0xffffffff || local === 0xffffffff) return null
    entries.push({
      name: cd.toString("utf8", at + 46, at + 46 + nameLength),
      flags: cd.readUInt16LE(at + 8),
      method: cd.readUInt16LE(at + 10),
      size: compressed,
      central: cdOffset + at,
      local
    })
    at += 46 + nameLength + extra + comment
  }
  return entries
}

const dataStartOf = async (file: File, entry: ZipEntryAt) => {
  const header = await read(file, entry.local, 30)
  return entry.local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
}

/** A small entry's bytes (a key file, Slidedat.ini, Index.dat), inflated if need be. */
const entryBytes = async (zipPath: string, name: string): Promise<Buffer | null> => {
  const zip = await openZip(zipPath)
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue
      if (entry.uncompressedSize > SMALL_FILE * 64) return null
      return await buffer(await zip.openReadStreamPromise(entry))
    }
    return null
  } finally {
    await zip.close()
  }
}

/** Where the label and macro lie: entry name, ranges inside the entry's data. */
const picturesOf = async (zipPath: string, names: ReadonlyArray<string>) => {
  const found: Array<{ name: AssociatedName; entry: string; offset: number; length: number | null }> = []
  const vms = names.find((name) => name.toLowerCase().endsWith(".vms"))
  if (vms !== undefined) {
    const key = (await entryBytes(zipPath, vms))?.toString("latin1") ?? ""
    const macro = /^MacroImage=(.+)$/m.exec(key)?.[1]?.trim()
    const folder = vms.includes("/") ? vms.slice(0, vms.lastIndexOf("/") + 1) : ""
    if (macro) found.push({ name: "macro", entry: `${folder}${macro}`, offset: 0, length: null })
    return found
  }
  const slidedat = names.find((name) => name === "Slidedat.ini" || name.endsWith("/Slidedat.ini"))
  if (slidedat === undefined) return found
  const folder = slidedat.slice(0, -"Slidedat.ini".length)
  // associatedLocations reads files: the two small ones it needs, copied out.
  const work = await mkdtemp(join(tmpdir(), "set-redaction-"))
  try {
    const ini = (await entryBytes(zipPath, slidedat)) ?? Buffer.alloc(0)
    await writeFile(join(work, "Slidedat.ini"), ini)
    const indexName = /^\s*INDEXFILE\s*=\s*(.+?)\s*$/m.exec(ini.toString("utf8"))?.[1] ?? "Index.dat"
    const index = await entryBytes(zipPath, `${folder}${indexName}`)
    if (index === null || !/^[\w .()+-]+$/.test(indexName) || indexName.startsWith(".")) return found
    await writeFile(join(work, indexName), index)
    for (const at of await associatedLocations(`${work}.mrxs`).catch(() => [])) {
      found.push({ name: at.name, entry: `${folder}${at.file.slice(work.length + 1)}`, offset: at.offset, length: at.length })
    }
    return found
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

let blankJpeg: Promise<Buffer> | undefined
/** The smallest picture that still decodes: white, 8 x 8. */
const blank = () => {
  blankJpeg ??= sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
    .jpeg({ quality: 50 })
    .toBuffer()
  return blankJpeg
}

/** A picture's bytes blanked: the blank JPEG, then zeros. */
const blanked = (jpeg: Buffer, length: number) => {
  const bytes = Buffer.alloc(length)
  if (jpeg.length <= length) jpeg.copy(bytes)
  return bytes
}

const crcBytes = (crc: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32LE(crc >>> 0)
  return bytes
}

interface Blanked {
  readonly from: number
  readonly to: number
  readonly bytes: Buffer
}

/** The entry's CRC-32 with `ranges` (relative to its data) read as their blanked bytes. */
const crcBlanked = async (file: File, start: number, size: number, ranges: ReadonlyArray<Blanked>) => {
  let crc = 0
  const chunk = 4 * 1024 * 1024
  for (let at = 0; at < size; at += chunk) {
    const bytes = await read(file, start + at, Math.min(chunk, size - at))
    for (const { from, to, bytes: blank } of ranges) {
      const [a, b] = [Math.max(from, at), Math.min(to, at + bytes.length)]
      if (a < b) blank.copy(bytes, a - at, a - from, b - from)
    }
    crc = crc32(bytes, crc)
  }
  return crc
}

/** What to overwrite in the zipped set at `path` to leave its label and macro out. */
export const setRedactionOf = async (path: string): Promise<Redaction> => {
  const none: Redaction = { patches: [], removed: [] }
  const file = await open(path, "r")
  try {
    const entries = await centralEntries(file, (await file.stat()).size)
    if (entries === null) return none
    const pictures = await picturesOf(
      path,
      entries.map((e) => e.name)
    )
    const patches: Patch[] = []
    const removed = new Set<AssociatedName>()
    for (const entry of entries) {
      const mine = pictures.filter((p) => p.entry === entry.name)
      // Only a stored entry keeps its bytes where they are.
      if (mine.length === 0 || entry.method !== 0) continue
      const start = await dataStartOf(file, entry)
      const jpeg = await blank()
      const ranges = mine.map((p) => {
        const to = Math.min(entry.size, p.offset + (p.length ?? entry.size))
        return { from: p.offset, to, bytes: blanked(jpeg, Math.max(0, to - p.offset)) }
      })
      if (ranges.some((r) => r.from >= r.to)) continue
      for (const r of ranges) patches.push({ start: start + r.from, length: r.to - r.from, bytes: r.bytes })
      const crc = crcBytes(await crcBlanked(file, start, entry.size, ranges))
      patches.push({ start: entry.local + 14, length: 4, bytes: crc }, { start: entry.central + 16, length: 4, bytes: crc })
      if (entry.flags & 0x08) {
        const after = start + entry.size
        const signed = (await read(file, after, 4)).readUInt32LE(0) === DESCRIPTOR
        patches.push({ start: after + (signed ? 4 : 0), length: 4, bytes: crc })
      }
      for (const p of mine) removed.add(p.name)
    }
    return { patches: patches.sort((a, b) => a.start - b.start), removed: [...removed] }
  } finally {
    await file.close()
  }
}
