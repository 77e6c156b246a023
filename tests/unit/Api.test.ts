// The Api service against a fake fetch: bearer tokens, one shared renewal on 401, the end of a
// session when the server refuses to renew, and the wire errors as typed failures.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer, Schema, Stream } from "effect"
import { Api, REFRESH_PATH } from "../../src/effects/Api.ts"
import { TokenStore } from "../../src/effects/TokenStore.ts"

interface Call {
  readonly path: string
  readonly method: string
  readonly authorization: string | null
  readonly accept: string | null
  readonly body: unknown
  readonly signal: AbortSignal | null
}

type Handler = (call: Call) => Response | Promise<Response>

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

/** A fetch that records every call and answers with `handler`. */
const fakeFetch = (handler: Handler) => {
  const calls: Array<Call> = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url)
    const headers = new Headers(init?.headers)
    const call: Call = {
      path: url.pathname,
      method: init?.method ?? "GET",
      authorization: headers.get("authorization"),
      accept: headers.get("accept"),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
      signal: init?.signal ?? null
    }
    calls.push(call)
    return handler(call)
  }
  return { calls, fetch: fetch as typeof globalThis.fetch }
}

const layerWith = (fetch: typeof globalThis.fetch, tokens: { access: string; refresh: string } | null) =>
  Api.layer({ baseURL: "http://api.test", fetch }).pipe(Layer.provideMerge(TokenStore.memory(tokens)))

const Greeting = Schema.Struct({ status: Schema.Literal("success"), data: Schema.String })
const hello = Api.use((api) => api.request({ method: "GET", path: "/v2/hello/", success: Greeting })).pipe(
  Effect.map((answer) => answer.data)
)

const signedIn = { access: "a1", refresh: "r1" }

/** A server whose current access token is `a2` after one renewal of `r1`. */
const rotatingServer = () => {
  let renewals = 0
  const handler: Handler = (call) => {
    if (call.path === REFRESH_PATH) {
      renewals++
      const body = call.body as { refresh: string }
      return body.refresh === "r1"
        ? json(200, { status: "success", data: { access_token: "a2", refresh_token: "r2" } })
        : json(401, { message: "Invalid or expired refresh token." })
    }
    return call.authorization === "Bearer a2" ? json(200, { status: "success", data: "hi" }) : json(401, { message: "Token expired." })
  }
  return { handler, renewals: () => renewals }
}

describe("Api", () => {
  it.effect("sends the JSON accept header and the bearer token, and decodes the answer", () => {
    const server = fakeFetch(() => json(200, { status: "success", data: "hi" }))
    return Effect.gen(function* () {
      expect(yield* hello).toBe("hi")
      expect(server.calls).toHaveLength(1)
      expect(server.calls[0]?.authorization).toBe("Bearer a1")
      expect(server.calls[0]?.accept).toBe("application/json")
    }).pipe(Effect.provide(layerWith(server.fetch, signedIn)))
  })

  it.effect("renews an expired access token once and retries the request with the new one", () => {
    const server = rotatingServer()
    const fake = fakeFetch(server.handler)
    return Effect.gen(function* () {
      expect(yield* hello).toBe("hi")
      expect(fake.calls.map((c) => c.path)).toEqual(["/v2/hello/", REFRESH_PATH, "/v2/hello/"])
      expect(fake.calls[2]?.authorization).toBe("Bearer a2")
      expect(yield* TokenStore.use((t) => t.get)).toEqual({ access: "a2", refresh: "r2" })
    }).pipe(Effect.provide(layerWith(fake.fetch, signedIn)))
  })

  it.effect("shares one renewal between concurrent requests that all got 401", () => {
    const server = rotatingServer()
    const fake = fakeFetch(server.handler)
    return Effect.gen(function* () {
      const answers = yield* Effect.all([hello, hello, hello, hello], { concurrency: "unbounded" })
      expect(answers).toEqual(["hi", "hi", "hi", "hi"])
      // A second renewal would reuse r1, which a rotating server treats as theft and revokes.
      expect(server.renewals()).toBe(1)
    }).pipe(Effect.provide(layerWith(fake.fetch, signedIn)))
  })

  it.effect("two tabs renewing one token at once make one refresh: the second finds what the first obtained", () => {
    const server = rotatingServer()
    // A slow refresh, so that both tabs are inside their renewal together.
    const fake = fakeFetch(async (call) => {
      if (call.path === REFRESH_PATH) await new Promise((r) => setTimeout(r, 20))
      return server.handler(call)
    })
    // Two tabs: an Api and a TokenStore each (each its own in-tab semaphore), one localStorage.
    const items = new Map([["preparat.tokens", JSON.stringify(signedIn)]])
    const localStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key)
    }
    const tab = Effect.flatMap(TokenStore.make(localStorage), (tokens) =>
      Api.make({ baseURL: "http://api.test", fetch: fake.fetch }).pipe(Effect.provideService(TokenStore, tokens))
    )
    return Effect.gen(function* () {
      const [one, two] = yield* Effect.all([tab, tab])
      const renewed = yield* Effect.all([one.renew("a1"), two.renew("a1")], { concurrency: "unbounded" })
      expect(renewed).toEqual(["a2", "a2"])
      expect(server.renewals()).toBe(1)
      expect(JSON.parse(items.get("preparat.tokens") ?? "null")).toEqual({ access: "a2", refresh: "r2" })
    })
  })

  it.effect("ends the session when the server refuses to renew: Unauthorized, tokens gone, expiry announced", () => {
    const fake = fakeFetch((call) => (call.path === REFRESH_PATH ? json(401, { message: "revoked" }) : json(401, { message: "expired" })))
    return Effect.gen(function* () {
      const store = yield* TokenStore
      const announced = yield* store.expired.pipe(Stream.take(1), Stream.runCollect, Effect.forkChild)
      yield* Effect.yieldNow
      const exit = yield* Effect.exit(hello)
      expect(Exit.isFailure(exit) && exit.cause.toString()).toContain("Unauthorized")
      expect(yield* store.get).toBeNull()
      expect(yield* Fiber.join(announced)).toHaveLength(1)
      expect(fake.calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1)
    }).pipe(Effect.provide(layerWith(fake.fetch, signedIn)))
  })

  it.effect("retries exactly once: a renewed token that is still refused ends the session", () => {
    const fake = fakeFetch((call) =>
      call.path === REFRESH_PATH
        ? json(200, { status: "success", data: { access_token: "a2", refresh_token: "r2" } })
        : json(401, { message: "no" })
    )
    return Effect.gen(function* () {
      const error = yield* Effect.flip(hello)
      expect(error._tag).toBe("Unauthorized")
      expect(fake.calls.map((c) => c.path)).toEqual(["/v2/hello/", REFRESH_PATH, "/v2/hello/"])
      expect(yield* TokenStore.use((t) => t.get)).toBeNull()
    }).pipe(Effect.provide(layerWith(fake.fetch, signedIn)))
  })

  it.effect("keeps the tokens when the renewal fails for lack of network", () => {
    const fake = fakeFetch((call) => {
      if (call.path === REFRESH_PATH) throw new TypeError("Failed to fetch")
      return json(401, { message: "expired" })
    })
    return Effect.gen(function* () {
      const error = yield* Effect.flip(hello)
      expect(error._tag).toBe("NetworkError")
      expect(yield* TokenStore.use((t) => t.get)).toEqual(signedIn)
    }).pipe(Effect.provide(layerWith(fake.fetch, signedIn)))
  })

  it.effect("without a session a 401 is passed on and nothing is renewed", () => {
    const fake = fakeFetch(() => json(401, { message: "Sign in first." }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(hello)
      expect(error).toMatchObject({ _tag: "Unauthorized", message: "Sign in first." })
      expect(fake.calls).toHaveLength(1)
      expect(fake.calls[0]?.authorization).toBeNull()
    }).pipe(Effect.provide(layerWith(fake.fetch, null)))
  })

  it.effect("calls marked unauthenticated carry no bearer token", () => {
    const fake = fakeFetch(() => json(200, { status: "success", data: "hi" }))
    return Effect.gen(function* () {
      yield* Api.use((api) => api.request({ method: "POST", path: "/v2/auth/login/", body: {}, success: Greeting, authenticated: false }))
      expect(fake.calls[0]?.authorization).toBeNull()
    }).pipe(Effect.provide(layerWith(fake.fetch, signedIn)))
  })

  describe("wire errors become typed failures", () => {
    const failWith = (response: () => Response) => {
      const fake = fakeFetch(response)
      return Effect.flip(hello).pipe(Effect.provide(layerWith(fake.fetch, null)))
    }

    it.effect("400 keeps the field lists and the message", () =>
      Effect.gen(function* () {
        const error = yield* failWith(() =>
          json(400, { _tag: "BadRequest", message: "Check the form.", email: ["Taken."], password: ["Short.", "Weak."] })
        )
        // The contract's 400: the field lists beside the message, as the server sends them.
        expect(error).toEqual({ _tag: "BadRequest", message: "Check the form.", email: ["Taken."], password: ["Short.", "Weak."] })
      })
    )

    it.effect("403 keeps its code", () =>
      Effect.gen(function* () {
        const error = yield* failWith(() => json(403, { message: "Not active.", code: "account_inactive" }))
        expect(error).toMatchObject({ _tag: "Forbidden", code: "account_inactive" })
      })
    )

    it.effect("429 keeps retry_after", () =>
      Effect.gen(function* () {
        const error = yield* failWith(() => json(429, { message: "Slow down.", retry_after: 120 }))
        expect(error).toMatchObject({ _tag: "TooManyRequests", retry_after: 120 })
      })
    )

    it.effect.each([
      [402, "PaymentRequired"],
      [404, "NotFound"],
      [409, "Conflict"],
      [413, "PayloadTooLarge"],
      [500, "ServerError"],
      [503, "ServerError"]
    ] as const)("%i is %s", ([status, tag]) =>
      Effect.gen(function* () {
        const error = yield* failWith(() => json(status, { message: "x" }))
        expect(error._tag).toBe(tag)
      })
    )

    it.effect("no answer is a NetworkError", () =>
      Effect.gen(function* () {
        const error = yield* failWith(() => {
          throw new TypeError("Failed to fetch")
        })
        expect(error._tag).toBe("NetworkError")
      })
    )

    it.effect("an answer of the wrong shape is a DecodeError", () =>
      Effect.gen(function* () {
        const error = yield* failWith(() => json(200, { status: "success", data: 42 }))
        expect(error).toMatchObject({ _tag: "DecodeError", path: "/v2/hello/" })
      })
    )
  })

  // Live clock: the request must really be in flight before the interruption.
  it.live("interrupting the program aborts the HTTP request", () => {
    let seen: AbortSignal | null = null
    const fake = fakeFetch((call) => {
      seen = call.signal
      return new Promise<Response>(() => {})
    })
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(hello)
      yield* Effect.sleep("10 millis")
      yield* Fiber.interrupt(fiber)
      expect(seen).not.toBeNull()
      expect((seen as AbortSignal | null)?.aborted).toBe(true)
    }).pipe(Effect.provide(layerWith(fake.fetch, null)))
  })
})
