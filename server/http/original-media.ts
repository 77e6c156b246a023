// GET /v2/media/originals/:labId/ (optionally ?associated=keep): a slide's original file for the
// browser's plain download link. Under /v2/media because the media cookie (media-cookie.ts) goes
// only there: a link can send no Authorization header, and fetching a multi-gigabyte slide into a
// Blob first would hold all of it in the tab's memory. Read-only and SameSite=Strict, like the
// tiles. Who may not download it (lab.download: owner and admins) gets the same 404 as a lab that
// does not exist, as the tiles do.
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { ORIGINAL_MEDIA_ROUTE } from "../../src/contract/slides.ts"
import { AccessTokens } from "../services/auth/AccessTokens.ts"
import { Database } from "../services/platform/Database.ts"
import { LabAccess } from "../services/labs/LabAccess.ts"
import { mediaToken } from "./media-cookie.ts"
import { originalResponse } from "./original-response.ts"

const notFound = () => HttpServerResponse.text("Not found", { status: 404, headers: { "cache-control": "no-store" } })

const LAB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export const OriginalMediaRoutes = Layer.unwrap(
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    const access = yield* LabAccess
    const { db } = yield* Database
    const handler = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const [path, search = ""] = request.url.split("?")
      const labId = /^\/v2\/media\/originals\/([^/]+)\/?$/.exec(path ?? "")?.[1]
      if (labId === undefined || !LAB_ID.test(labId)) return notFound()
      const token = mediaToken(request)
      const userId = token === undefined ? undefined : (yield* tokens.verify(token))?.sub
      if (userId === undefined) return notFound()
      const lab = yield* access.require(db, userId, labId, "lab.download").pipe(Effect.option)
      if (lab._tag === "None") return notFound()
      const keep = new URLSearchParams(search).get("associated") === "keep"
      return yield* originalResponse(lab.value.row, keep).pipe(Effect.catch(() => Effect.succeed(notFound())))
    })
    return HttpRouter.add("GET", `${ORIGINAL_MEDIA_ROUTE}/*`, handler)
  })
)
