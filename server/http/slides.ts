// /v2/slides: the three ways a slide gets in (one request, chunks, a Deep Zoom zip), the progress
// of a chunked upload, and the original file back out (original-response.ts). The rules live in the
// services; here the wire is read (the target, the Content-Range, the form's fields before its file part).
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../../src/contract/api.ts"
import { badRequest } from "../../src/contract/errors.ts"
import { CurrentUser } from "../../src/contract/middleware.ts"
import { slideMessages } from "../domain/slide-messages.ts"
import { parseContentRange } from "../domain/upload-range.ts"
import { Database } from "../services/platform/Database.ts"
import { DziImport } from "../services/slides/DziImport.ts"
import { LabAccess } from "../services/labs/LabAccess.ts"
import { Uploads } from "../services/slides/Uploads.ts"
import { ok } from "./envelope.ts"
import { originalResponse } from "./original-response.ts"
import { targetOf, withFilePart } from "./slides-form.ts"

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value.trim())

export const SlidesLive = HttpApiBuilder.group(
  Api,
  "slides",
  Effect.fn(function* (handlers) {
    const uploads = yield* Uploads
    const dzi = yield* DziImport
    const access = yield* LabAccess
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
          return yield* originalResponse(lab.row, query.associated === "keep")
        })
      )
  })
)
