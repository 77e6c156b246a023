// /v2/slides: getting slide images in (one request, chunked and resumable, or a ready Deep Zoom
// zip) and the original back out. Tiles and thumbnails are served under /v2/media/slides.
//
// Chunked upload, as the browser sends it: every chunk is a multipart form whose text fields come
// before the `file` part (the server streams the file part straight to disk, so it must know where
// it goes first):
//   lab_id     the target folder; empty or "null" for the uploader's root
//   filename   the file's name (the first chunk names the lab)
//   upload_id  absent on the first chunk; the first answer's `upload_id` after that
//   file       the chunk's bytes
// with `Content-Range: bytes <start>-<end>/<total>` (end inclusive) and
// `X-Requested-With: XMLHttpRequest`. Each answer holds `upload_id` and `offset` (the bytes the
// server holds); the chunk that brings the last byte also holds the new file lab. A chunk that does
// not start at the held offset is refused with UploadOffsetMismatch, which carries the offset.
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Ok } from "./envelope.ts"
import { BadRequest, Forbidden, NotFound, PayloadTooLarge, ServiceUnavailable } from "./errors.ts"
import { Lab } from "./labs.ts"
import { Authorization } from "./middleware.ts"

/**
 * The browser's download link for a slide's original: a media route, which the media cookie
 * reaches (server/http/original-media.ts), so the file streams to disk instead of into the tab's
 * memory. `keep` asks for it exactly as uploaded, a scanner's label and macro included.
 */
export const ORIGINAL_MEDIA_ROUTE = "/v2/media/originals"
export const originalDownloadUrl = (labId: string, keep = false) =>
  `${ORIGINAL_MEDIA_ROUTE}/${encodeURIComponent(labId)}/${keep ? "?associated=keep" : ""}`

/** Bytes per chunk the browser sends, one after another. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024

/** A chunk that does not start where the server's bytes end; continue from `offset`. */
export class UploadOffsetMismatch extends Schema.TaggedError<UploadOffsetMismatch>()(
  "UploadOffsetMismatch",
  { message: Schema.String, upload_id: Schema.NullOr(Schema.String), offset: Schema.Number },
  { httpApiStatus: 400 }
) {}

/** What the server holds of an upload. */
export const ChunkReceipt = Schema.Struct({
  upload_id: Schema.String,
  offset: Schema.Number,
  /** Present once the last byte arrived: the file lab, now processing. */
  lab: Schema.optionalKey(Lab)
})
export type ChunkReceipt = typeof ChunkReceipt.Type

/** GET /v2/slides/chunks/{upload_id}/: where to continue after a dropped connection or a reload. */
export const UploadProgress = Schema.Struct({
  upload_id: Schema.String,
  offset: Schema.Number,
  total: Schema.Number,
  filename: Schema.String,
  /** The target folder, null for the uploader's root. */
  lab_id: Schema.NullOr(Schema.String)
})
export type UploadProgress = typeof UploadProgress.Type

export const Uploaded = Schema.Struct({ lab: Lab })

// Documented shapes; the handlers read the parts as a stream (nothing is buffered in memory).
const FilePayload = Schema.Struct({ file: Multipart.SingleFileSchema }).pipe(HttpApiSchema.asMultipartStream({ maxParts: 4 }))
const ChunkPayload = Schema.Struct({
  lab_id: Schema.optionalKey(Schema.String),
  filename: Schema.optionalKey(Schema.String),
  upload_id: Schema.optionalKey(Schema.String),
  file: Multipart.SingleFileSchema
}).pipe(HttpApiSchema.asMultipartStream({ maxParts: 8 }))

const TargetParams = { labId: Schema.String }

/**
 * A scanner's label and macro pictures (a patient's name, a case number) are left out of the
 * original by default; `associated=keep` asks for the file exactly as uploaded.
 */
const OriginalQuery = { associated: Schema.optionalKey(Schema.Literals(["keep", "remove"])) }
const uploadErrors = [BadRequest, Forbidden, NotFound, PayloadTooLarge, ServiceUnavailable]

export class Slides extends HttpApiGroup.make("slides")
  .add(
    HttpApiEndpoint.post("upload", "/slides/upload/:labId", {
      params: TargetParams,
      payload: FilePayload,
      success: Ok(Uploaded).pipe(HttpApiSchema.status(201)),
      error: uploadErrors
    }),
    HttpApiEndpoint.post("chunk", "/slides/chunks/", {
      payload: ChunkPayload,
      success: Ok(ChunkReceipt),
      error: [...uploadErrors, UploadOffsetMismatch]
    }),
    HttpApiEndpoint.get("progress", "/slides/chunks/:uploadId/", {
      params: { uploadId: Schema.String },
      success: Ok(UploadProgress),
      error: NotFound
    }),
    HttpApiEndpoint.post("uploadDzi", "/slides/upload/dzi/:labId", {
      params: TargetParams,
      payload: FilePayload,
      success: Ok(Uploaded).pipe(HttpApiSchema.status(201)),
      error: uploadErrors
    }),
    HttpApiEndpoint.get("original", "/slides/:labId/original/", {
      params: TargetParams,
      query: OriginalQuery,
      success: HttpApiSchema.StreamUint8Array({ contentType: "application/octet-stream" }),
      error: [Forbidden, NotFound]
    })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(
    OpenApi.annotations({
      title: "Slides",
      description:
        "Uploading slide images into a folder (one request, chunked and resumable, or a Deep Zoom zip) and downloading the original. `labId` is a folder id or `root`."
    })
  ) {}
