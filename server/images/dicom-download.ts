// A zipped DICOM series for download without its LABEL and OVERVIEW instances: a label's picture
// (and an overview's, which shows the label too) carries the patient's name and the case number,
// and the download leaves a scanner's label and macro out unless the owner asks to keep them. The
// series is unpacked (checked as on upload, dicom-zip.ts) and its slide instances zipped again,
// stored, with the browser's writer (src/effects/uploads/folder-zip.ts); the copy lives beside
// the original until the download has streamed (`dispose`), as a rebuilt MRXS set does.
import { randomUUID } from "node:crypto"
import { createWriteStream, openAsBlob } from "node:fs"
import { mkdir, rm, stat } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { ReadableStream } from "node:stream/web"
import { zipFolder } from "../../src/effects/uploads/folder-zip.ts"
import type { AssociatedName } from "./associated-images.ts"
import { extractDicomSeries, zipHoldsDicom } from "./dicom-zip.ts"
import { readWsiInstance } from "./dicom-wsi.ts"
import type { RebuiltSet } from "./set-download.ts"

/** Which associated picture an instance is, by its ImageType's third value; null for a slide level. */
const associatedOf = (imageType: ReadonlyArray<string>): AssociatedName | null =>
  imageType.includes("LABEL") ? "label" : imageType.includes("OVERVIEW") ? "macro" : null

/** The series at `path` zipped again without its label and overview, or null when it is no series or has neither. */
export const dicomSeriesDownload = async (path: string): Promise<RebuiltSet | null> => {
  if (!(await zipHoldsDicom(path))) return null
  const work = join(dirname(path), `.download-${randomUUID()}`)
  const dispose = () => rm(work, { recursive: true, force: true })
  try {
    const files = await extractDicomSeries(path, (await stat(path)).size, join(work, "series"))
    const kept: string[] = []
    const removed = new Set<AssociatedName>()
    for (const file of files) {
      const read = await readWsiInstance(file)
      const associated = read === null ? null : associatedOf(read.instance.imageType)
      if (associated === null) kept.push(file)
      else removed.add(associated)
    }
    if (removed.size === 0) {
      await dispose()
      return null
    }
    const set = await Promise.all(kept.map(async (file) => ({ path: basename(file), file: await openAsBlob(file) })))
    const zipped = await zipFolder(set, "series.zip")
    const file = join(work, "series.zip")
    await mkdir(work, { recursive: true })
    await pipeline(Readable.fromWeb(zipped.stream() as ReadableStream), createWriteStream(file))
    const order: ReadonlyArray<AssociatedName> = ["label", "macro"]
    return { file, size: (await stat(file)).size, redaction: { patches: [], removed: order.filter((n) => removed.has(n)) }, dispose }
  } catch (error) {
    await dispose()
    throw error
  }
}
