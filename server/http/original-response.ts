// The answer that carries a slide's original file out, shared by the API's endpoint (bearer token,
// for API clients) and the media route (the media cookie, for the browser's plain download link):
// streamed from the store, typed by its bytes, named as uploaded, and a scanner's file without its
// label and macro pictures unless `keep` asks for it exactly as uploaded.
import { open } from "node:fs/promises"
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

/** The first bytes and size of a stored original. */
const inspect = (path: string) =>
  Effect.promise(async () => {
    const file = await open(path, "r")
    try {
      const head = Buffer.alloc(SNIFF_BYTES)
      const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0)
      return { head: head.subarray(0, bytesRead), size: (await file.stat()).size }
    } finally {
      await file.close()
    }
  })

/** The original of `lab` (a file the asker may download), or NotFound when it is a folder or has none. */
export const originalResponse = (lab: Pick<LabRow, "id" | "name" | "is_dir" | "blob_key" | "scanner">, keep: boolean) =>
  Effect.gen(function* () {
    const blobs = yield* BlobStore
    const { db } = yield* Database
    if (lab.is_dir === 1) return yield* new NotFound({ message: slideMessages.notAFile })
    const path = lab.blob_key ? blobs.pathOf(lab.blob_key) : undefined
    if (!path) return yield* new NotFound({ message: slideMessages.originalMissing })
    const upload = yield* sql(() => db.selectFrom("uploads").select("filename").where("lab_id", "=", lab.id).executeTakeFirst())
    const { head, size } = yield* inspect(path)
    const vendor = scannerOf(lab.scanner)?.vendor
    const redaction = vendor === undefined || keep ? { patches: [], removed: [] } : yield* Effect.promise(() => redactionOf(path, vendor))
    return HttpServerResponse.raw(redactedStream(path, redaction.patches), {
      contentType: mediaTypeOf(sniffFormat(head)),
      headers: {
        "content-length": String(size),
        // Which pictures were left out ("none" when the file had none or they were kept).
        "x-associated-removed": redaction.removed.length === 0 ? "none" : redaction.removed.join(","),
        "content-disposition": attachment(upload?.filename ?? lab.name),
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-cache"
      }
    })
  })
