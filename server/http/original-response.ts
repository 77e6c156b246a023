// The answer that carries a slide's original file out, shared by the API's endpoint (bearer token,
// for API clients) and the media route (the media cookie, for the browser's plain download link):
// streamed from the store, typed by its bytes, named as uploaded, and a scanner's file without its
// label and macro pictures unless `keep` asks for it exactly as uploaded.
import { createReadStream } from "node:fs"
import { buffer } from "node:stream/consumers"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { NotFound } from "../../src/contract/errors.ts"
import type { LabRow } from "../db/lab-access.ts"
import { scannerOf } from "../db/lab-wire.ts"
import { attachment, mediaTypeOf } from "../domain/original-download.ts"
import { slideMessages } from "../domain/slide-messages.ts"
import { type Redaction, redactedStream, redactionOf } from "../images/associated-redaction.ts"
import { dicomSeriesDownload } from "../images/dicom-download.ts"
import { type RebuiltSet, rebuiltSetDownload } from "../images/set-download.ts"
import { SNIFF_BYTES, type SlideFormat, sniffFormat } from "../images/sniff.ts"
import { BlobStore } from "../services/platform/BlobStore.ts"
import { Database, sql } from "../services/platform/Database.ts"

/** The first bytes of a stored original (fewer when it is shorter), to name its format. */
const headOf = (blobs: BlobStore["Service"], key: string) =>
  Effect.gen(function* () {
    const head = yield* blobs.open(key, { start: 0, end: SNIFF_BYTES - 1 })
    return head ? yield* Effect.promise(() => buffer(head.stream)) : Buffer.alloc(0)
  })

/**
 * What leaves the label and macro out: patches over the stored file, or over a set zipped again
 * (set-download.ts), or a DICOM series zipped again without its label and overview instances
 * (dicom-download.ts).
 */
const downloadPlan = async (
  path: string,
  vendor: string,
  format: SlideFormat | undefined
): Promise<{ redaction: Redaction; rebuilt?: RebuiltSet }> => {
  const redaction = await redactionOf(path, vendor)
  if (redaction.removed.length > 0 || format !== "zip") return { redaction }
  const rebuilt = (await rebuiltSetDownload(path).catch(() => null)) ?? (await dicomSeriesDownload(path).catch(() => null))
  return rebuilt ? { redaction: rebuilt.redaction, rebuilt } : { redaction }
}

/** The original of `lab` (a file the asker may download), or NotFound when it is a folder or has none. */
export const originalResponse = (lab: Pick<LabRow, "id" | "name" | "is_dir" | "blob_key" | "scanner">, keep: boolean) =>
  Effect.gen(function* () {
    const blobs = yield* BlobStore
    const { db } = yield* Database
    if (lab.is_dir === 1) return yield* new NotFound({ message: slideMessages.notAFile })
    const key = lab.blob_key
    const missing = new NotFound({ message: slideMessages.originalMissing })
    if (!key) return yield* missing
    const upload = yield* sql(() => db.selectFrom("uploads").select("filename").where("lab_id", "=", lab.id).executeTakeFirst())
    const head = yield* headOf(blobs, key)
    // Finding a scanner's label and macro reads the TIFF's directories by random access, so from a
    // path on this disk (in a bucket, a copy, removed at once); the patches then apply to the stream.
    const vendor = scannerOf(lab.scanner)?.vendor
    const plan =
      vendor === undefined || keep
        ? { redaction: { patches: [], removed: [] } }
        : yield* blobs.withLocalPath(key, (path) => Effect.promise(() => downloadPlan(path, vendor, sniffFormat(head))))
    if (!plan) return yield* missing
    const { redaction, rebuilt } = plan
    // A zipped set blanked only once stored again streams from that copy, removed when it has streamed.
    const original = rebuilt
      ? { stream: createReadStream(rebuilt.file).once("close", () => void rebuilt.dispose()), size: rebuilt.size }
      : yield* blobs.open(key)
    if (!original) return yield* missing
    return HttpServerResponse.raw(redactedStream(original.stream, redaction.patches), {
      contentType: mediaTypeOf(sniffFormat(head)),
      headers: {
        "content-length": String(original.size),
        // Which pictures were left out ("none" when the file had none or they were kept).
        "x-associated-removed": redaction.removed.length === 0 ? "none" : redaction.removed.join(","),
        "content-disposition": attachment(upload?.filename ?? lab.name),
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-cache"
      }
    })
  })
