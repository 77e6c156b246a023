// Scanners' formats that are more than one file, uploaded as one zip: a Hamamatsu VMS (a key file
// naming its JPEGs) and a 3DHistech MRXS (an .mrxs beside a folder of the same name holding
// Slidedat.ini and .dat files). OpenSlide finds the other files by the names the key file gives, so
// unlike a DICOM series these keep their names, and every name is checked before anything is
// written: plain relative paths of at most three levels, each part of letters, digits and a few
// marks (no "..", no hidden files, nothing absolute), no symlinks or encrypted entries, a bounded
// count, and a total that does not expand past a few times the zip (JPEG and .dat data barely
// compress, so a zip that grows tenfold is a bomb, not a slide). A folder dropped whole arrives as
// one more folder level around the set; that is allowed. An MRXS folder zipped without its .mrxs
// (a Slidedat.ini, by its bytes, in one folder or at the top) is the same slide: the .mrxs, which
// OpenSlide only needs to exist, is written beside it.
import { createWriteStream } from "node:fs"
import { mkdir, open, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { pipeline } from "node:stream/promises"
import type { Entry, ZipFile } from "yauzl"
import { ImageRejected } from "./image-rejected.ts"
import { openZip } from "./open-zip.ts"

/** MRXS writes one .dat per few hundred megabytes plus an index: a few thousand is far beyond any slide. */
const MAX_ENTRIES = 5000
const MAX_DEPTH = 3
const MAX_EXPANSION = 4
const EXPANSION_ALLOWANCE = 16 * 1024 * 1024
const S_IFMT = 0o170000
const S_IFLNK = 0o120000
const PART = /^[A-Za-z0-9_][A-Za-z0-9_ .()+-]{0,127}$/

export type SlideSetKind = "vms" | "mrxs"

const kindOfName = (name: string): SlideSetKind | null => {
  const lower = name.toLowerCase()
  return lower.endsWith(".vms") ? "vms" : lower.endsWith(".mrxs") ? "mrxs" : null
}

const SLIDEDAT = "Slidedat.ini"
const isSlidedat = (name: string) => name === SLIDEDAT || name.endsWith(`/${SLIDEDAT}`)

const refuse = (message: string): never => {
  throw new ImageRejected("unsupported", `This zip is not a slide's set of files: ${message}`)
}

const entriesOf = async (zip: ZipFile): Promise<Entry[]> => {
  const entries: Entry[] = []
  for await (const entry of zip.eachEntry()) entries.push(entry)
  return entries
}

/** Whether the zip holds a VMS or MRXS key file (by name: OpenSlide needs the name; the bytes are checked on extraction). */
export const zipHoldsSlideSet = async (zipPath: string): Promise<boolean> => {
  let zip: ZipFile
  try {
    zip = await openZip(zipPath)
  } catch {
    return false
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) return false
    return (await entriesOf(zip)).some((entry) => kindOfName(entry.fileName) !== null || isSlidedat(entry.fileName))
  } catch {
    // A name yauzl refuses ("../", absolute): not a set it will unpack; the DICOM path says why.
    return false
  } finally {
    await zip.close()
  }
}

/** The key file's first bytes say what it is: a VMS is an ini with its group; an .mrxs beside its Slidedat.ini. */
const startsWith = async (path: string, text: string) => {
  const file = await open(path, "r")
  try {
    const head = Buffer.alloc(256)
    const { bytesRead } = await file.read(head, 0, 256, 0)
    return head
      .subarray(0, bytesRead)
      .toString("latin1")
      .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
      .trimStart()
      .startsWith(text)
  } finally {
    await file.close()
  }
}

/** Writes the zip's files under `dir`, names kept; the key file's path and what it is. */
export const extractSlideSet = async (zipPath: string, zipBytes: number, dir: string): Promise<{ key: string; kind: SlideSetKind }> => {
  let zip: ZipFile
  try {
    zip = await openZip(zipPath)
  } catch (error) {
    throw new ImageRejected("corrupt", "Not a readable zip file", { cause: error })
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) refuse(`${zip.entryCount} entries (at most ${MAX_ENTRIES})`)
    const entries = await entriesOf(zip).catch((error: Error) => refuse(error.message))
    // Every entry is checked before the first byte is written.
    let bytes = 0
    const files: Entry[] = []
    for (const entry of entries) {
      const parts = entry.fileName.replace(/\/$/, "").split("/")
      if (parts.length > MAX_DEPTH) refuse(`${entry.fileName} is more than ${MAX_DEPTH} folders deep`)
      if (!parts.every((part) => PART.test(part) && !part.includes(".."))) refuse(`the name ${JSON.stringify(entry.fileName)}`)
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) refuse(`a symlink (${entry.fileName})`)
      if (entry.fileName.endsWith("/")) continue
      if (entry.isEncrypted() || !entry.canDecodeFileData()) refuse(`cannot read ${entry.fileName}`)
      bytes += entry.uncompressedSize
      if (bytes > zipBytes * MAX_EXPANSION + EXPANSION_ALLOWANCE) refuse(`it expands more than ${MAX_EXPANSION} times`)
      files.push(entry)
    }
    const keys = files.filter((entry) => kindOfName(entry.fileName) !== null)
    const slidedats = files.filter((entry) => isSlidedat(entry.fileName))
    if (keys.length > 1 || (keys.length === 0 && slidedats.length > 1)) refuse("more than one slide in it")
    if (keys.length === 0 && slidedats.length === 0) refuse("no .vms or .mrxs file in it")
    // Without a key file, the folder holding Slidedat.ini is the MRXS's ("slide" when it is the zip's top).
    const bare = keys.length === 0 ? slidedats[0]!.fileName.slice(0, -SLIDEDAT.length - 1) : null
    const root = bare === "" ? "slide" : null
    for (const entry of files) {
      const path = join(dir, ...(root ? [root] : []), ...entry.fileName.split("/"))
      await mkdir(dirname(path), { recursive: true })
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(path, { flags: "wx" }))
    }
    const keyName = bare === null ? keys[0]!.fileName : `${root ?? bare}.mrxs`
    const key = join(dir, ...keyName.split("/"))
    if (bare !== null) await writeFile(key, "", { flag: "wx" })
    const kind = kindOfName(keyName)!
    const content =
      kind === "vms"
        ? await startsWith(key, "[Virtual Microscope Specimen]")
        : await startsWith(join(key.replace(/\.mrxs$/i, ""), "Slidedat.ini"), "[GENERAL]").catch(() => false)
    if (!content) refuse(kind === "vms" ? `${keyName} is not a VMS key file` : `no Slidedat.ini beside ${keyName}`)
    return { key, kind }
  } finally {
    await zip.close()
  }
}
