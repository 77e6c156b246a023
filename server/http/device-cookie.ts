// The device cookie (server/domain/device-token.ts): set on every successful sign-in, read on the
// next one. HttpOnly and SameSite=Strict, sent only to the sign-in endpoint, kept for a year.
import { Effect } from "effect"
import { HttpEffect, HttpServerRequest, HttpServerResponse } from "effect/http"
import { overHttps } from "./media-cookie.ts"

export const DEVICE_COOKIE = "preparat_device"
const DEVICE_COOKIE_PATH = "/v2/auth/login/"

/** The device token the browser sent with this request, if any. */
export const deviceCookie = Effect.map(HttpServerRequest.HttpServerRequest, (request) => request.cookies[DEVICE_COOKIE])

/** Sets the device cookie on the answer to the current request. */
export const setDeviceCookie = (token: string, trustProxy: number) =>
  HttpEffect.appendPreResponseHandler((request, response) =>
    Effect.succeed(
      HttpServerResponse.setCookieUnsafe(response, DEVICE_COOKIE, token, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: overHttps(request, trustProxy),
        maxAge: "365 days"
      })
    )
  )
