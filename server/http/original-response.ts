// The answer that carries a slide's original file out, shared by the API's endpoint (bearer token,
// for API clients) and the media route (the media cookie, for the browser's plain download link):
// streamed from the store, typed by its bytes, named as uploaded, and a scanner's file without its
// label and macro pictures unless `keep` asks for it exactly as uploaded.
import { buffer } from "node:stream/consumers"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { NotFound } from "../../src/contract/errors.ts"
import type { LabRow } from "../db/lab-access.ts"
import { scannerOf } from "../db/lab-wire.ts"
import { attachment, mediaTypeOf } from "../domain/original-download.ts"
import { slideMessages } from "../domain/slide-messages.ts"
import { redactedStream, redactionOf } from "../images/associated-redaction.ts"
import { SNIFF_BYTES, sniffFormat } from "../images/sniff.ts"
import { BlobStore } from "../services/platform/BlobStore.ts"
import { Database, sql } from "../services/platform/Database.ts"

/** The first bytes of a stored original (fewer when it is shorter), to name its format. */
const headOf = (blobs: BlobStore["Service"], key: string) =>
  Effect.gen(function* () {
    const head = yield* blobs.open(key, { start: 0, end: SNIFF_BYTES - 1 })
    return head ? yield* Effect.promise(() => buffer(head.stream)) : Buffer.alloc(0)
  })

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
    const redaction =
      vendor === undefined || keep
        ? { patches: [], removed: [] }
        : yield* blobs.withLocalPath(key, (path) => Effect.promise(() => redactionOf(path, vendor)))
    const original = redaction ? yield* blobs.open(key) : undefined
    if (!redaction || !original) return yield* missing
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
