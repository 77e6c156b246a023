// A zipped set whose label or macro lies in a deflated entry, which set-redaction.ts cannot blank in
// place: for the download it is unpacked (checked as on upload, slide-set-zip.ts), zipped again with
// every entry stored (the browser's writer, src/effects/uploads/folder-zip.ts, over files on disk),
// and that zip blanked in place. Names and contents are the set's; only the compression differs.
// The copy lives beside the original until the download has streamed (`dispose`).
import { randomUUID } from "node:crypto"
import { openAsBlob } from "node:fs"
import { mkdir, readdir, rm, stat } from "node:fs/promises"
import { dirname, join, relative } from "node:path"
import { pipeline } from "node:stream/promises"
import { Readable } from "node:stream"
import { createWriteStream } from "node:fs"
import { zipFolder } from "../../src/effects/uploads/folder-zip.ts"
import type { Redaction } from "./associated-redaction.ts"
import { setRedactionOf } from "./set-redaction.ts"
import { extractSlideSet, zipHoldsSlideSet } from "./slide-set-zip.ts"

export interface RebuiltSet {
  readonly file: string
  readonly size: number
  readonly redaction: Redaction
  readonly dispose: () => Promise<void>
}

/** The set at `path` zipped stored and blanked, or null when it is no set or has nothing to blank. */
export const rebuiltSetDownload = async (path: string): Promise<RebuiltSet | null> => {
  if (!(await zipHoldsSlideSet(path))) return null
  const work = join(dirname(path), `.download-${randomUUID()}`)
  const dispose = () => rm(work, { recursive: true, force: true })
  try {
    const files = join(work, "set")
    await mkdir(files, { recursive: true })
    await extractSlideSet(path, (await stat(path)).size, files)
    const names = (await readdir(files, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(files, join(entry.parentPath, entry.name)).split("\\").join("/"))
      .sort()
    const set = await Promise.all(names.map(async (name) => ({ path: name, file: await openAsBlob(join(files, name)) })))
    const zipped = await zipFolder(set, "set.zip")
    const file = join(work, "set.zip")
    await pipeline(Readable.fromWeb(zipped.stream() as import("node:stream/web").ReadableStream), createWriteStream(file))
    const redaction = await setRedactionOf(file)
    if (redaction.removed.length === 0) {
      await dispose()
      return null
    }
    return { file, size: (await stat(file)).size, redaction, dispose }
  } catch (error) {
    await dispose()
    throw error
  }
}
