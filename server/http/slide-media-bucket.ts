// A slide's file answered from the bucket (S3_BUCKET set), after slide-media.ts's permission check:
// streamed through this server, or, with S3_TILES=redirect, a redirect to a presigned URL.
//
// Streaming is the default. tests/bench/s3-tiles.bench.ts (one 35 KB tile, 20 in flight, s3rver and
// two app servers, one per mode, each in a process, rounds alternating the modes) measured on a
// 2-core machine that others were loading: streamed 280, 242, 187 requests/s (median 242), p99
// 202-370 ms; redirected 319, 246, 162 (median 246), p99 185-371 ms. The same, within the noise:
// a first visit by redirect is two round trips (the 302, then the store) where streaming is one
// plus the store's behind it. (Single passes, one mode after the other, ranged from streaming
// twice as fast to redirecting twice as fast: hence the rounds.) What a redirect saves is the app
// servers' bandwidth, which matters only once tiles saturate their links rather than their CPUs;
// S3_TILES then switches. What it costs decided the default: the URL a browser caches is the app's for a
// year (immutable, since a build never changes), whereas a redirect may be kept only while its
// signature lasts, so every revisit asks again; the bucket must answer the SPA's origin with CORS
// for OpenSeadragon to draw on a canvas; and the bucket must be reachable from every browser, not
// only from the app servers.
import { matchesEtag } from "../domain/etag.ts"
import { GetObjectCommand } from "@aws-sdk/client-s3"
import { getSignedUrl } from "@aws-sdk/s3-request-presigner"
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import type { SlideMediaPath } from "../domain/slide-media-path.ts"
import type { Bucket } from "../services/platform/S3.ts"
import type { SlideFilesBackend } from "../services/slides/slide-files-backend.ts"

/** How long a presigned tile URL works, and so how long its redirect may be kept. */
export const PRESIGNED_SECONDS = 300

/** The object's bytes through this server, with its ETag; undefined when there is no such file. */
export const streamedFromBucket = (
  slides: SlideFilesBackend,
  path: SlideMediaPath,
  headers: Record<string, string>,
  request: { readonly method: string; readonly ifNoneMatch: string | undefined }
) =>
  Effect.gen(function* () {
    const object = yield* slides.read(path.slideKey, path.file)
    if (!object) return undefined
    const etag = object.etag ?? ""
    // When the body is not wanted, close it: a body left unread would hold one of the SDK's sockets.
    if (matchesEtag(request.ifNoneMatch, object.etag)) {
      object.stream.destroy()
      return HttpServerResponse.empty({ status: 304, headers: { ...headers, etag } })
    }
    if (request.method === "HEAD") {
      object.stream.destroy()
      return HttpServerResponse.empty({
        status: 200,
        headers: { ...headers, etag, "content-type": path.contentType, "content-length": String(object.size) }
      })
    }
    return HttpServerResponse.raw(object.stream, {
      contentType: path.contentType,
      headers: { ...headers, etag, "content-length": String(object.size) }
    })
  })

/** A redirect to a presigned URL of the object, kept by the browser only while the URL works. */
export const redirectedToBucket = (bucket: Bucket, path: SlideMediaPath, isPublic: boolean) =>
  Effect.promise(() =>
    getSignedUrl(bucket.client, new GetObjectCommand({ Bucket: bucket.bucket, Key: `slides/${path.slideKey}/${path.file}` }), {
      expiresIn: PRESIGNED_SECONDS
    })
  ).pipe(
    Effect.map((url) =>
      HttpServerResponse.redirect(url, {
        status: 302,
        headers: {
          "cache-control": `${isPublic ? "public" : "private"}, max-age=${PRESIGNED_SECONDS - 60}`,
          "x-content-type-options": "nosniff"
        }
      })
    )
  )
