// Security headers on every answer. The SPA's policy allows scripts only from this origin (Vite builds
// no inline script), network connections only to this origin (the API and the embedded realtime
// socket) and to the external realtime service when one is configured, and no framing at all.
// Styles may be inline: React and OpenSeadragon set element styles, and the outbox page has a
// <style> block; an injected style cannot run code. The API docs page (/v2/docs) is built by
// Scalar from a CDN with inline script, so it gets the framing and sniffing rules only.
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import type { Config } from "../config.ts"
import { overHttps } from "./media-cookie.ts"

/** Where browsers open the realtime socket when it is not this origin. */
export const realtimeOrigin = (realtime: Config["realtime"]): string | undefined => {
  const external = realtime.external
  if (!external) return undefined
  const scheme = external.useTLS ? "wss" : "ws"
  const host = external.wsHost ?? `ws-${realtime.cluster}.pusher.com`
  return `${scheme}://${host}${external.wsPort ? `:${external.wsPort}` : ""}`
}

export const contentSecurityPolicy = (realtime: Config["realtime"]): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${realtimeOrigin(realtime) ? ` ${realtimeOrigin(realtime)}` : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'"
  ].join("; ")

export const SecurityHeaders = (config: Config) => {
  const policy = contentSecurityPolicy(config.realtime)
  return HttpRouter.middleware(
    (httpEffect) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        Effect.map(httpEffect, (response) => {
          const docs = request.url.startsWith("/v2/docs")
          const headers: Record<string, string> = {
            "content-security-policy": docs ? "frame-ancestors 'none'" : policy,
            "x-content-type-options": "nosniff",
            "referrer-policy": "same-origin",
            "x-frame-options": "DENY"
          }
          // Only when the browser reached us over TLS: HSTS over plain http is ignored at best.
          if (overHttps(request, config.trustProxy)) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains"
          return HttpServerResponse.setHeaders(response, headers)
        })
      ),
    { global: true }
  )
}
