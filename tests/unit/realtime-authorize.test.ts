// The realtime programs against a fake fetch: the channel authoriser posts a form, as pusher-js
// would, to the contract's endpoint, and keeps channel_data (the signature covers it); the config
// is read without a session.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { Api } from "../../src/effects/Api.ts"
import { endpoints } from "../../src/effects/call.ts"
import { authorizeChannel } from "../../src/effects/realtime/authorize.ts"
import { loadRealtimeConfig } from "../../src/effects/realtime/config.ts"
import { TokenStore } from "../../src/effects/TokenStore.ts"

interface Seen {
  readonly method: string
  readonly path: string
  readonly contentType: string | null
  readonly body: string | null
  readonly authorization: string | null
}

const serverAnswering = (body: unknown) => {
  const seen: Array<Seen> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      contentType: request.headers.get("content-type"),
      body: request.method === "GET" ? null : await request.text(),
      authorization: request.headers.get("authorization")
    })
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })
  }) as typeof globalThis.fetch
  const layer = Api.layer({ baseURL: "http://api.test", fetch }).pipe(
    Layer.provideMerge(TokenStore.memory({ access: "a1", refresh: "r1" }))
  )
  return { seen, layer }
}

describe("realtime programs", () => {
  it.effect("authorise a channel with a form post and keep channel_data", () =>
    Effect.gen(function* () {
      const server = serverAnswering({ auth: "key:signature", channel_data: '{"user_id":"u1"}' })
      const grant = yield* authorizeChannel("1.2", "private-mylab_l1").pipe(Effect.provide(server.layer))
      expect(grant).toEqual({ auth: "key:signature", channel_data: '{"user_id":"u1"}' })
      const [sent] = server.seen
      expect(sent).toMatchObject({ method: "POST", path: endpoints.realtimeAuth.auth.path, authorization: "Bearer a1" })
      expect(sent?.contentType).toContain("application/x-www-form-urlencoded")
      expect(Object.fromEntries(new URLSearchParams(sent?.body ?? ""))).toEqual({ socket_id: "1.2", channel_name: "private-mylab_l1" })
    })
  )

  it.effect("answer a grant without channel_data as it is", () =>
    Effect.gen(function* () {
      const server = serverAnswering({ auth: "key:signature" })
      expect(yield* authorizeChannel("1.2", "private-mylab_l1").pipe(Effect.provide(server.layer))).toEqual({ auth: "key:signature" })
    })
  )

  it.effect("read where to connect without a session", () =>
    Effect.gen(function* () {
      const config = { key: "k", cluster: "mt1", host: null, port: null, tls: null }
      const server = serverAnswering(config)
      expect(yield* loadRealtimeConfig().pipe(Effect.provide(server.layer))).toEqual(config)
      expect(server.seen[0]).toMatchObject({ method: "GET", path: endpoints.realtimeConfig.config.path, authorization: null })
    })
  )
})
