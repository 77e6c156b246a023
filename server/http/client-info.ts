// Reads who is calling from the current request: address (for rate limits and the activity page),
// user agent, and the language cookie the SPA sets.
import { Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import type { Locale } from "../../src/contract/auth.ts"
import type { ClientInfo } from "../domain/client-info.ts"
import { forwardedHop } from "../domain/forwarded.ts"
import { rateLimitAddress } from "../domain/rate-limit-address.ts"

/** `trustProxy`: how many proxies in front of us append to X-Forwarded-For (server/domain/forwarded.ts). */
export const clientInfo = (trustProxy: number): Effect.Effect<ClientInfo, never, HttpServerRequest.HttpServerRequest> =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const forwarded = forwardedHop(request.headers["x-forwarded-for"], trustProxy)
    const ip = forwarded || Option.getOrElse(request.remoteAddress, () => "unknown")
    const lang = request.cookies.lang
    return {
      ip: ip.replace(/^::ffff:/, ""),
      limitKey: rateLimitAddress(ip),
      userAgent: (request.headers["user-agent"] ?? "").slice(0, 300),
      ...(lang === "en" || lang === "id" ? { locale: lang } : {})
    }
  })

/** The SPA keeps the chosen language in the `lang` cookie; Indonesian pages live under /id. */
export const cookieLocale = (request: HttpServerRequest.HttpServerRequest): Locale => (request.cookies.lang === "id" ? "id" : "en")
