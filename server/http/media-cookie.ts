// The media cookie: a copy of the access token for what cannot send an Authorization header, namely
// <img> thumbnails and OpenSeadragon's tile requests. Every answer that hands out tokens (sign-in,
// with or without a second factor, and refresh) sets it; logout clears it.
//
// HttpOnly keeps it out of reach of scripts, Path=/v2/media keeps it off every other request (the
// API still takes only the bearer header, so the cookie cannot be used to make changes: no CSRF),
// SameSite=Strict keeps other sites from making a browser load private images with it, and Max-Age
// is the token's own remaining life, so the browser drops it when the token would be refused anyway.
import { Effect } from "effect"
import { HttpEffect, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { forwardedHop } from "../domain/forwarded.ts"
import { verifyAccessToken } from "../domain/tokens.ts"

export const MEDIA_COOKIE = "preparat_media"
export const MEDIA_COOKIE_PATH = "/v2/media"

/**
 * Whether the browser reached us over https. This server speaks plain http; behind a TLS-terminating
 * proxy the scheme comes from X-Forwarded-Proto, trusted (like X-Forwarded-For in client-info.ts)
 * only with TRUST_PROXY set, from the hop our own proxy wrote, since any client could send the header. Secure on a cookie sent over
 * plain http would make the browser drop it, so it is set only when https is known.
 */
export const overHttps = (request: HttpServerRequest.HttpServerRequest, trustProxy: number): boolean =>
  forwardedHop(request.headers["x-forwarded-proto"], trustProxy)?.toLowerCase() === "https"

const attributes = (request: HttpServerRequest.HttpServerRequest, trustProxy: number) =>
  ({ path: MEDIA_COOKIE_PATH, httpOnly: true, sameSite: "strict", secure: overHttps(request, trustProxy) }) as const

/** Sets the cookie to `accessToken` on the answer to the current request. */
export const setMediaCookie = (accessToken: string, config: { readonly secretKey: string; readonly trustProxy: number }) => {
  const claims = verifyAccessToken(config.secretKey, accessToken)
  // Only ever called with a token this server has just signed; nothing to set otherwise.
  if (!claims) return Effect.void
  const maxAge = Math.max(0, claims.exp - Math.floor(Date.now() / 1000))
  return HttpEffect.appendPreResponseHandler((request, response) =>
    Effect.succeed(
      HttpServerResponse.setCookieUnsafe(response, MEDIA_COOKIE, accessToken, {
        ...attributes(request, config.trustProxy),
        maxAge: `${maxAge} seconds`
      })
    )
  )
}

/** Expires the cookie on the answer to the current request. */
export const clearMediaCookie = (config: { readonly trustProxy: number }) =>
  HttpEffect.appendPreResponseHandler((request, response) =>
    Effect.succeed(HttpServerResponse.expireCookieUnsafe(response, MEDIA_COOKIE, attributes(request, config.trustProxy)))
  )

/**
 * The access token a media request carries: the Authorization header when there is one (an API
 * client), the cookie otherwise (a browser). Either is then checked exactly like a bearer token.
 */
export const mediaToken = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const header = request.headers.authorization
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
    return match?.[1]
  }
  const cookie = request.cookies[MEDIA_COOKIE]
  return cookie === undefined || cookie === "" ? undefined : cookie
}
