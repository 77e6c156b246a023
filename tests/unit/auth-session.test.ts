// The session programs against the Api test layer: what sign-in stores, what sign-out sends.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import type { ApiRequest } from "../../src/effects/Api.ts"
import { Api } from "../../src/effects/Api.ts"
import { ServerError } from "../../src/effects/ApiError.ts"
import { changePassword } from "../../src/effects/auth/account.ts"
import { endpoints } from "../../src/effects/call.ts"
import { login, logout, watchExpiry } from "../../src/effects/auth/session.ts"
import { TokenStore } from "../../src/effects/TokenStore.ts"
import { ada } from "../../src/testing/fixtures.ts"

const recorder = (answer: (request: ApiRequest<unknown>) => unknown) => {
  const requests: Array<ApiRequest<unknown>> = []
  const layer = Api.test((request) => {
    requests.push(request)
    const value = answer(request)
    return value instanceof ServerError ? Effect.fail(value) : Effect.succeed(value)
  })
  return { requests, layer }
}

const withTokens = (api: Layer.Layer<Api>, tokens: { access: string; refresh: string } | null) =>
  Layer.merge(api, TokenStore.memory(tokens))

describe("login", () => {
  it.effect("stores the tokens of a full answer and returns the user", () => {
    const server = recorder(() => ({
      status: "success",
      data: { mfa_required: false, access_token: "a", refresh_token: "r", user: ada }
    }))
    return Effect.gen(function* () {
      const outcome = yield* login({ email: ada.email, password: "Secret1!" })
      expect(outcome).toEqual({ _tag: "SignedIn", user: ada })
      expect(yield* TokenStore.use((t) => t.get)).toEqual({ access: "a", refresh: "r" })
      expect(server.requests[0]?.authenticated).toBe(false)
    }).pipe(Effect.provide(withTokens(server.layer, null)))
  })

  it.effect("stores nothing when the account asks for its 2FA code", () => {
    const server = recorder(() => ({ status: "success", data: { mfa_required: true } }))
    return Effect.gen(function* () {
      expect(yield* login({ email: ada.email, password: "Secret1!" })).toEqual({ _tag: "MfaRequired" })
      expect(yield* TokenStore.use((t) => t.get)).toBeNull()
    }).pipe(Effect.provide(withTokens(server.layer, null)))
  })
})

describe("logout", () => {
  it.effect("sends the refresh token and forgets the session even when the server fails", () => {
    const server = recorder(() => new ServerError({ status: 503, message: "" }))
    return Effect.gen(function* () {
      yield* logout()
      expect(server.requests[0]).toMatchObject({ method: "POST", path: endpoints.authPublic.logout.path, body: { refresh: "r1" } })
      expect(yield* TokenStore.use((t) => t.get)).toBeNull()
    }).pipe(Effect.provide(withTokens(server.layer, { access: "a1", refresh: "r1" })))
  })
})

describe("changePassword", () => {
  it.effect("sends the caller's refresh token so the server keeps this session", () => {
    const server = recorder(() => ({ status: "success", data: null }))
    return Effect.gen(function* () {
      yield* changePassword({ old_password: "Old1!old", new_password: "New1!new", new_password_confirm: "New1!new" })
      expect(server.requests[0]?.body).toMatchObject({ old_password: "Old1!old", refresh: "r1" })
    }).pipe(Effect.provide(withTokens(server.layer, { access: "a1", refresh: "r1" })))
  })
})

describe("watchExpiry", () => {
  it.effect("reports each expiry the token store announces", () =>
    Effect.gen(function* () {
      let reported = 0
      const fiber = yield* Effect.forkChild(watchExpiry(() => reported++))
      yield* Effect.yieldNow
      const store = yield* TokenStore
      yield* store.expire
      yield* store.expire
      yield* Effect.yieldNow
      expect(reported).toBe(2)
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide(TokenStore.memory({ access: "a", refresh: "r" })))
  )
})
