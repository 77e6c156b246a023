// GET (and HEAD, which the router answers from GET without a body) /v2/media/slides/:labId/:slideKey/
// <file>: a ready slide's Deep Zoom descriptor, tiles and thumbnails, streamed from
// DATA_DIR/slides/<slideKey>/ (or from the bucket, slide-media-bucket.ts), to whoever may see the lab: a signed-in user by bearer token or by
// the media cookie (media-cookie.ts), anyone for a public lab.
//
// Everything else gets the same 404: unknown or deleted lab, a build key that is not the lab's
// current one, a viewer without access, a name outside the pattern, a missing file. So a URL tells
// a stranger nothing, not even whether the lab exists. A token that does not verify (expired,
// forged) counts as no token: a guest still sees public labs, as they would without it.
//
// Whatever a URL serves never changes (a rebuild makes a new key), so answers may be kept a year;
// "private" unless anyone may see the lab, so shared caches keep only public slides.
import { matchesEtag } from "../domain/etag.ts"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { resolveLab } from "../db/lab-access.ts"
import { type Grant, grantKey, makeGrantCache } from "../domain/grant-cache.ts"
import { can } from "../domain/permissions.ts"
import { parseSlideMediaPath, type SlideMediaPath } from "../domain/slide-media-path.ts"
import { SLIDE_MEDIA_ROUTE } from "../domain/slide-urls.ts"
import { AccessTokens } from "../services/auth/AccessTokens.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"
import { Database } from "../services/platform/Database.ts"
import { S3 } from "../services/platform/S3.ts"
import { SlideFiles } from "../services/slides/SlideFiles.ts"
import { mediaToken } from "./media-cookie.ts"

/** Where the pyramids live: DATA_DIR/slides/<slide_key>/ (what the slide worker writes). */
export const slidesDir = (dataDir: string) => join(dataDir, "slides")

/** A few seconds: see grant-cache.ts for why a grant may be remembered that long. */
export const GRANT_TTL_MS = 3000
const GRANT_ENTRIES = 10_000
const YEAR = 31_536_000

// no-store: a refusal must not be remembered by the browser once the viewer signs in or is invited.
const notFound = () => HttpServerResponse.text("Not found", { status: 404, headers: { "cache-control": "no-store" } })

export const SlideMediaRoutes = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const tokens = yield* AccessTokens
    const { query } = yield* Database
    const root = slidesDir(config.dataDir)
    // With S3_BUCKET set, the builds are in the bucket (slide-media-bucket.ts), not under root.
    const bucket = yield* S3
    const slides = yield* SlideFiles
    // Loaded only with a bucket: the SDK behind it is slow to import.
    const fromBucket = bucket ? yield* Effect.promise(() => import("./slide-media-bucket.ts")) : undefined
    const grants = makeGrantCache({ ttlMs: GRANT_TTL_MS, maxEntries: GRANT_ENTRIES })

    /** The one permission query: the lab with the viewer's standing, as LabAccess.canView asks it. */
    const check = (viewerId: string | undefined, path: SlideMediaPath): Effect.Effect<Grant | undefined> =>
      Effect.map(
        query((db) => resolveLab(db, path.labId, viewerId)),
        (lab) =>
          lab !== undefined &&
          lab.row.deleted_at === null &&
          lab.row.is_dir === 0 &&
          lab.row.slide_key === path.slideKey &&
          can(lab.access.standing, "lab.view", lab.access.isPublic)
            ? { isPublic: lab.access.isPublic }
            : undefined
      )

    const handler = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      // The raw path, not a parsed URL: URL parsing would resolve "..", which must simply not match.
      const path = parseSlideMediaPath(request.url.split("?")[0] ?? "")
      if (!path) return notFound()

      const token = mediaToken(request)
      const viewerId = token === undefined ? undefined : (yield* tokens.verify(token))?.sub
      const key = grantKey(viewerId, path.labId, path.slideKey)
      let grant = grants.get(key)
      if (!grant) {
        grant = yield* check(viewerId, path)
        if (!grant) return notFound()
        grants.set(key, grant)
      }

      const headers = {
        "cache-control": `${grant.isPublic ? "public" : "private"}, max-age=${YEAR}, immutable`,
        "x-content-type-options": "nosniff"
      }
      if (bucket && fromBucket) {
        if (bucket.tiles === "redirect") return yield* fromBucket.redirectedToBucket(bucket, path, grant.isPublic)
        const asked = { method: request.method, ifNoneMatch: request.headers["if-none-match"] }
        return (yield* fromBucket.streamedFromBucket(slides, path, headers, asked)) ?? notFound()
      }
      // Streamed: the platform opens the file only when the body is written, in chunks; it stats it
      // first (size, ETag from size and mtime) and fails when it is missing.
      const response = yield* HttpServerResponse.file(join(root, path.slideKey, ...path.file.split("/")), {
        contentType: path.contentType,
        headers
      }).pipe(Effect.catch(() => Effect.succeed(undefined)))
      if (!response) return notFound()
      if (matchesEtag(request.headers["if-none-match"], response.headers.etag)) {
        return HttpServerResponse.empty({ status: 304, headers: { ...headers, etag: response.headers.etag ?? "" } })
      }
      return response
    })
    return HttpRouter.add("GET", `${SLIDE_MEDIA_ROUTE}/*`, handler)
  })
)
