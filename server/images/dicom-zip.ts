// A DICOM series uploaded as one zip (what an archive exports: one file per level, often a
// DICOMDIR beside them). Checked before anything is written: no symlinks or encrypted entries, a
// bounded count and size, and nothing that expands much (DICOM's JPEG frames barely compress, so a
// zip that grows tenfold is not a series). Entries are written under names of our own, never the
// archive's, and only those that are DICOM files are kept.
import { createWriteStream } from "node:fs"
import { mkdir, open } from "node:fs/promises"
import { join } from "node:path"
import { pipeline } from "node:stream/promises"
import type { ZipFile } from "yauzl"
import { isDicom } from "./dicom-wsi.ts"
import { ImageRejected } from "./image-rejected.ts"
import { openZip } from "./open-zip.ts"

/** Instances per series: a pyramid of levels plus label, overview and thumbnail; a hundred is plenty. */
const MAX_ENTRIES = 200
/** How much the entries may add up to beyond the zip's own size. */
const MAX_EXPANSION = 4
const EXPANSION_ALLOWANCE = 16 * 1024 * 1024
const S_IFMT = 0o170000
const S_IFLNK = 0o120000

const refuse = (message: string): never => {
  throw new ImageRejected("unsupported", `This zip is not a DICOM series: ${message}`)
}

const startsAsDicom = async (path: string) => {
  const file = await open(path, "r")
  try {
    const head = Buffer.alloc(132)
    const { bytesRead } = await file.read(head, 0, 132, 0)
    return isDicom(head.subarray(0, bytesRead))
  } finally {
    await file.close()
  }
}

/** Whether the zip's first file is a DICOM file: a series, not another set (read from its first bytes only). */
export const zipHoldsDicom = async (zipPath: string): Promise<boolean> => {
  let zip: ZipFile
  try {
    zip = await openZip(zipPath)
  } catch {
    return false
  }
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/")) continue
      if (entry.isEncrypted() || !entry.canDecodeFileData()) return false
      const head: Buffer[] = []
      let length = 0
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        head.push(chunk as Buffer)
        length += (chunk as Buffer).length
        if (length >= 132) break
      }
      return isDicom(Buffer.concat(head).subarray(0, 132))
    }
    return false
  } finally {
    await zip.close()
  }
}

/** Writes the zip's DICOM files into `dir`; their paths. */
export const extractDicomSeries = async (zipPath: string, zipBytes: number, dir: string): Promise<string[]> => {
  let zip: ZipFile
  try {
    zip = await openZip(zipPath)
  } catch (error) {
    throw new ImageRejected("corrupt", "Not a readable zip file", { cause: error })
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) refuse(`${zip.entryCount} entries (at most ${MAX_ENTRIES})`)
    await mkdir(dir, { recursive: true })
    const found: string[] = []
    let bytes = 0
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/")) continue
      if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) refuse(`a symlink (${entry.fileName})`)
      if (entry.isEncrypted() || !entry.canDecodeFileData()) refuse(`cannot read ${entry.fileName}`)
      bytes += entry.uncompressedSize
      if (bytes > zipBytes * MAX_EXPANSION + EXPANSION_ALLOWANCE) refuse(`it expands more than ${MAX_EXPANSION} times`)
      const path = join(dir, `instance-${found.length}.dcm`)
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(path))
      if (await startsAsDicom(path)) found.push(path)
    }
    if (found.length === 0) refuse("no DICOM file in it (a Deep Zoom zip is imported with Import Deep Zoom)")
    return found
  } finally {
    await zip.close()
  }
}
