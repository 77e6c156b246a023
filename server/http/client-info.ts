// Reads who is calling from the current request: address (for rate limits and the activity page),
// user agent, and the language cookie the SPA sets.
import { Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import type { Locale } from "../../src/contract/auth.ts"
import type { ClientInfo } from "../domain/client-info.ts"

export const clientInfo = (trustProxy: boolean): Effect.Effect<ClientInfo, never, HttpServerRequest.HttpServerRequest> =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const forwarded = trustProxy ? request.headers["x-forwarded-for"]?.split(",")[0]?.trim() : undefined
    const ip = forwarded || Option.getOrElse(request.remoteAddress, () => "unknown")
    return { ip: ip.replace(/^::ffff:/, ""), userAgent: (request.headers["user-agent"] ?? "").slice(0, 300) }
  })

/** The SPA keeps the chosen language in the `lang` cookie; Indonesian pages live under /id. */
export const cookieLocale = (request: HttpServerRequest.HttpServerRequest): Locale => (request.cookies.lang === "id" ? "id" : "en")
