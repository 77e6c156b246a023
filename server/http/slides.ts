// /v2/slides: the three ways a slide gets in (one request, chunks, a Deep Zoom zip), the progress
// of a chunked upload, and the original file back out. The rules live in the services; here the
// wire is read (the target, the Content-Range, the form's fields before its file part).
import { buffer } from "node:stream/consumers"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { badRequest, NotFound } from "../../src/contract/errors.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { scannerOf } from "../db/lab-wire.ts"
import { attachment, mediaTypeOf } from "../domain/original-download.ts"
import { redactedStream, redactionOf } from "../images/associated-redaction.ts"
import { slideMessages } from "../domain/slide-messages.ts"
import { parseContentRange } from "../domain/upload-range.ts"
import { SNIFF_BYTES, sniffFormat } from "../images/sniff.ts"
import { BlobStore } from "../services/platform/BlobStore.ts"
import { Database, sql } from "../services/platform/Database.ts"
import { DziImport } from "../services/slides/DziImport.ts"
import { LabAccess } from "../services/labs/LabAccess.ts"
import { Uploads } from "../services/slides/Uploads.ts"
import { ok } from "./envelope.ts"
import { targetOf, withFilePart } from "./slides-form.ts"

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value.trim())

/** The first bytes of a stored original (fewer when it is shorter), to name its format. */
const headOf = (blobs: BlobStore["Service"], key: string) =>
  Effect.gen(function* () {
    const head = yield* blobs.open(key, { start: 0, end: SNIFF_BYTES - 1 })
    return head ? yield* Effect.promise(() => buffer(head.stream)) : Buffer.alloc(0)
  })

export const SlidesLive = HttpApiBuilder.group(
  Api,
  "slides",
  Effect.fn(function* (handlers) {
    const uploads = yield* Uploads
    const dzi = yield* DziImport
    const access = yield* LabAccess
    const blobs = yield* BlobStore
    const { db } = yield* Database

    return handlers
      .handle("upload", ({ params, payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const target = targetOf(params.labId)
          const lab = yield* withFilePart(payload, (_fields, file, bytes) => uploads.single(user.id, target, file.name, bytes))
          return ok({ lab }, slideMessages.uploaded)
        })
      )
      .handle("chunk", ({ payload, request }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const header = request.headers["content-range"]
          if (header === undefined)
            return yield* Effect.fail(badRequest({ non_field_errors: [slideMessages.rangeRequired] }, slideMessages.rangeRequired))
          const range = parseContentRange(header)
          if (!range) return yield* Effect.fail(badRequest({ non_field_errors: [slideMessages.rangeInvalid] }, slideMessages.rangeInvalid))
          const receipt = yield* withFilePart(payload, (fields, file, bytes) =>
            uploads.chunk(user.id, {
              uploadId: nonEmpty(fields.get("upload_id")),
              target: targetOf(fields.get("lab_id")),
              filename: nonEmpty(fields.get("filename")) ?? file.name,
              range,
              file: bytes
            })
          )
          return ok(receipt)
        })
      )
      .handle("progress", ({ params }) =>
        Effect.gen(function* () {
          return ok(yield* uploads.progress((yield* CurrentUser).id, params.uploadId))
        })
      )
      .handle("uploadDzi", ({ params, payload }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const target = targetOf(params.labId)
          const lab = yield* withFilePart(payload, (_fields, file, bytes) =>
            dzi.run(user.id, target, file.name.replace(/\.zip$/i, ""), bytes)
          )
          return ok({ lab }, slideMessages.uploaded)
        })
      )
      .handle("original", ({ params, query }) =>
        Effect.gen(function* () {
          const user = yield* CurrentUser
          const lab = yield* access.require(db, user.id, params.labId, "lab.download")
          if (lab.row.is_dir === 1) return yield* new NotFound({ message: slideMessages.notAFile })
          const key = lab.row.blob_key
          const missing = new NotFound({ message: slideMessages.originalMissing })
          if (!key) return yield* missing
          const upload = yield* sql(() => db.selectFrom("uploads").select("filename").where("lab_id", "=", lab.row.id).executeTakeFirst())
          const head = yield* headOf(blobs, key)
          // A scanner's file loses its label and macro on the way out, unless asked for as uploaded.
          // Finding them reads the TIFF's directories by random access, so from a path on this disk
          // (in a bucket, a copy, removed at once); the patches then apply to the stream.
          const vendor = scannerOf(lab.row.scanner)?.vendor
          const redaction =
            vendor === undefined || query.associated === "keep"
              ? { patches: [], removed: [] }
              : yield* blobs.withLocalPath(key, (path) => Effect.promise(() => redactionOf(path, vendor)))
          const original = redaction ? yield* blobs.open(key) : undefined
          if (!redaction || !original) return yield* missing
          const { size } = original
          return HttpServerResponse.raw(redactedStream(original.stream, redaction.patches), {
            contentType: mediaTypeOf(sniffFormat(head)),
            headers: {
              "content-length": String(size),
              // Which pictures were left out ("none" when the file had none or they were kept).
              "x-associated-removed": redaction.removed.length === 0 ? "none" : redaction.removed.join(","),
              "content-disposition": attachment(upload?.filename ?? lab.row.name),
              "x-content-type-options": "nosniff",
              "cache-control": "private, no-cache"
            }
          })
        })
      )
  })
)
