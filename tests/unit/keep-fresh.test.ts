// The renewals that keep the media cookie alive: when they happen on the test clock, against a fake
// server through the real Api and an in-memory TokenStore.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Api, REFRESH_PATH } from "../../src/effects/Api.ts"
import { keepTokensFresh, lifeOf, RENEW_BEFORE_MS, RETRY_AFTER_MS, renewalDelay } from "../../src/effects/auth/keep-fresh.ts"
import { TokenStore } from "../../src/effects/TokenStore.ts"

const MINUTE = 60_000
const LIFE_S = 900

/** An access token shaped like the server's (only the claims matter here). */
const token = (iatSeconds: number, lifeSeconds = LIFE_S) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "u1", iat: iatSeconds, exp: iatSeconds + lifeSeconds })}.sig`
}

type Answer = "ok" | "offline" | "refused"

/**
 * A fake server and a clock shared by it and the test clock. Its refresh answers with a token
 * issued "now" by its own clock, `skewSeconds` away from the browser's.
 */
const setup = (initial: { access: string; refresh: string } | null, skewSeconds = 0) => {
  let now = 0
  let answer: Answer = "ok"
  const refreshes: Array<{ at: number; refresh: string }> = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url)
    if (url.pathname !== REFRESH_PATH) return new Response("{}", { status: 404 })
    const { refresh } = JSON.parse(String(init?.body)) as { refresh: string }
    refreshes.push({ at: now, refresh })
    if (answer === "offline") throw new TypeError("fetch failed")
    if (answer === "refused") return new Response(JSON.stringify({ message: "Invalid or expired refresh token." }), { status: 401 })
    const access = token(Math.floor(now / 1000) + skewSeconds)
    const body = { status: "success", data: { access_token: access, refresh_token: `r${refreshes.length + 1}` } }
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } })
  }
  const layer = Api.layer({ baseURL: "http://api.test", fetch: fetch as typeof globalThis.fetch }).pipe(
    Layer.provideMerge(TokenStore.memory(initial))
  )
  /** Moves both clocks on by `ms` and lets the program and its requests run. */
  const advance = (ms: number) =>
    Effect.gen(function* () {
      now += ms
      yield* TestClock.adjust(ms)
      yield* settle
    })
  const start = Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(keepTokensFresh)
    yield* settle
    return fiber
  })
  return {
    layer,
    start,
    advance,
    /** When the refreshes were made, in ms on the shared clock. */
    times: () => refreshes.map((r) => r.at),
    answer: (next: Answer) => {
      answer = next
    }
  }
}

/** Lets the fake fetch's promises resolve and the program react (real macrotasks, a few times). */
const settle = Effect.gen(function* () {
  for (let i = 0; i < 5; i++) {
    yield* Effect.promise(() => new Promise<void>((r) => setTimeout(r, 0)))
    yield* Effect.yieldNow
  }
})

const DUE = LIFE_S * 1000 - RENEW_BEFORE_MS

describe("keepTokensFresh", () => {
  it.effect("renews tokens kept from an earlier visit at once, since their cookie may be gone", () => {
    const run = setup({ access: token(0), refresh: "r1" })
    return Effect.gen(function* () {
      yield* run.start
      expect(run.times()).toEqual([0])
      expect((yield* TokenStore.use((t) => t.get))?.refresh).toBe("r2")
    }).pipe(Effect.provide(run.layer))
  })

  it.effect("renews tokens received here two minutes before they expire, and again before the next do", () => {
    const run = setup(null)
    return Effect.gen(function* () {
      yield* TokenStore.use((t) => t.set({ access: token(0), refresh: "r1" }))
      yield* run.start
      yield* run.advance(DUE - 1)
      expect(run.times()).toEqual([])
      yield* run.advance(1)
      expect(run.times()).toEqual([DUE])
      yield* run.advance(DUE - 1)
      expect(run.times()).toEqual([DUE])
      yield* run.advance(1)
      expect(run.times()).toEqual([DUE, 2 * DUE])
    }).pipe(Effect.provide(run.layer))
  })

  it.effect("does not renew what another renewal (a 401, another tab) already replaced", () => {
    const run = setup(null)
    return Effect.gen(function* () {
      yield* TokenStore.use((t) => t.set({ access: token(0), refresh: "r1" }))
      yield* run.start
      yield* run.advance(10 * MINUTE)
      yield* TokenStore.use((t) => t.set({ access: token(600), refresh: "elsewhere" }))
      yield* run.advance(DUE - 10 * MINUTE)
      expect(run.times()).toEqual([])
      yield* run.advance(10 * MINUTE)
      expect(run.times()).toEqual([10 * MINUTE + DUE])
    }).pipe(Effect.provide(run.layer))
  })

  it.effect("offline, tries again every RETRY_AFTER_MS until the server answers", () => {
    const run = setup({ access: token(0), refresh: "r1" })
    return Effect.gen(function* () {
      run.answer("offline")
      yield* run.start
      expect(run.times()).toEqual([0])
      yield* run.advance(RETRY_AFTER_MS - 1)
      expect(run.times()).toEqual([0])
      yield* run.advance(1)
      expect(run.times()).toEqual([0, RETRY_AFTER_MS])
      run.answer("ok")
      yield* run.advance(RETRY_AFTER_MS)
      expect(run.times()).toEqual([0, RETRY_AFTER_MS, 2 * RETRY_AFTER_MS])
      expect((yield* TokenStore.use((t) => t.get))?.refresh).toBe("r4")
      yield* run.advance(DUE - 1)
      expect(run.times()).toHaveLength(3)
    }).pipe(Effect.provide(run.layer))
  })

  it.effect("stops when the server refuses: the session is over", () => {
    const run = setup({ access: token(0), refresh: "r1" })
    return Effect.gen(function* () {
      run.answer("refused")
      const fiber = yield* run.start
      expect(run.times()).toEqual([0])
      expect(yield* TokenStore.use((t) => t.get)).toBeNull()
      yield* run.advance(60 * MINUTE)
      expect(run.times()).toEqual([0])
      expect(fiber.pollUnsafe()).toBeDefined()
    }).pipe(Effect.provide(run.layer))
  })

  it.effect("with a browser clock an hour ahead, renews every half token life, not in a loop", () => {
    const run = setup(null, -3600)
    return Effect.gen(function* () {
      yield* TokenStore.use((t) => t.set({ access: token(-3600), refresh: "r1" }))
      yield* run.start
      const half = (LIFE_S * 1000) / 2
      yield* run.advance(half - 1)
      expect(run.times()).toEqual([0])
      yield* run.advance(1)
      yield* run.advance(half)
      expect(run.times()).toEqual([0, half, 2 * half])
    }).pipe(Effect.provide(run.layer))
  })
})

describe("renewalDelay", () => {
  it("waits until the margin before expiry", () => {
    expect(renewalDelay(token(0), 0)).toBe(LIFE_S * 1000 - RENEW_BEFORE_MS)
    expect(renewalDelay(token(0), 5 * MINUTE)).toBe(LIFE_S * 1000 - RENEW_BEFORE_MS - 5 * MINUTE)
  })

  it("is 0 when due, expired, or unreadable", () => {
    expect(renewalDelay(token(0), LIFE_S * 1000 - RENEW_BEFORE_MS)).toBe(0)
    expect(renewalDelay(token(0), 2 * LIFE_S * 1000)).toBe(0)
    expect(renewalDelay("not-a-token", 0)).toBe(0)
    expect(renewalDelay("a.%%%.c", 0)).toBe(0)
    expect(lifeOf("a.b.c")).toBeUndefined()
  })

  it("never waits longer than the token's life less the margin, whatever this browser's clock says", () => {
    // A browser clock an hour behind the server's.
    expect(renewalDelay(token(3600), 0)).toBe(LIFE_S * 1000 - RENEW_BEFORE_MS)
  })

  it("takes a quarter of a short token's life as its margin", () => {
    expect(renewalDelay(token(0, 60), 0)).toBe(45_000)
  })
})

describe("TokenStore.issuedHere", () => {
  it.effect("is false for tokens kept from an earlier visit, true once tokens arrive here, false once cleared", () =>
    Effect.gen(function* () {
      const tokens = yield* TokenStore
      expect(yield* tokens.issuedHere).toBe(false)
      yield* tokens.set({ access: token(0), refresh: "r2" })
      expect(yield* tokens.issuedHere).toBe(true)
      yield* tokens.clear
      expect(yield* tokens.issuedHere).toBe(false)
      yield* tokens.set({ access: token(0), refresh: "r3" })
      yield* tokens.expire
      expect(yield* tokens.issuedHere).toBe(false)
    }).pipe(Effect.provide(TokenStore.memory({ access: token(0), refresh: "r1" })))
  )
})
