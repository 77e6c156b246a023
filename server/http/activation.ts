// GET /v2/auth/activate/:uid/:token/ — the link in the activation mail. A browser opens it, so it
// answers with a redirect to the SPA's /verify page, or /unverified (which offers a new mail) when
// the link is unknown, expired or used; in Indonesian when the `lang` cookie says so.
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { afterActivation } from "../domain/links.ts"
import { AppConfig } from "../services/platform/AppConfig.ts"
import { Registration } from "../services/auth/Registration.ts"
import { cookieLocale } from "./client-info.ts"

export const ActivationRoute = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const registration = yield* Registration
    const handler = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const { uid, token } = yield* HttpRouter.params
      const activated = uid && token ? yield* registration.activate(uid, token) : false
      const next = new URL(request.url, "http://link").searchParams.get("next")
      return HttpServerResponse.redirect(afterActivation(config.publicUrl, cookieLocale(request), activated, next), {
        status: 302,
        headers: { "cache-control": "no-store" }
      })
    })
    return HttpRouter.add("GET", "/v2/auth/activate/:uid/:token/", handler)
  })
)
