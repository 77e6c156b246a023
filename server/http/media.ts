// GET /v2/media/avatars/:file — avatar pictures. Names are random and never reused, so browsers may
// cache them for a year; nosniff keeps a browser from reading them as anything but an image.
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { AVATAR_ROUTE } from "../domain/profile.ts"
import { Avatars } from "../services/auth/Avatars.ts"

export const MediaRoutes = Layer.unwrap(
  Effect.gen(function* () {
    const avatars = yield* Avatars
    const handler = Effect.gen(function* () {
      const { file } = yield* HttpRouter.params
      const found = file ? yield* avatars.read(file) : undefined
      if (!found) return HttpServerResponse.text("Not found", { status: 404 })
      return HttpServerResponse.uint8Array(found.bytes, {
        contentType: found.contentType,
        headers: { "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" }
      })
    })
    return HttpRouter.add("GET", `${AVATAR_ROUTE}/:file`, handler)
  })
)
