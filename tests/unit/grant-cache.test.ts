// The media route's memory of grants: kept for the TTL and not a moment longer, bounded in size.
import { describe, expect, it } from "vitest"
import { grantKey, makeGrantCache } from "../../server/domain/grant-cache.ts"

const clock = () => {
  let now = 1_000_000
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    }
  }
}

describe("grant cache", () => {
  it("answers a grant until its TTL has passed, then forgets it", () => {
    const time = clock()
    const cache = makeGrantCache({ ttlMs: 3000, maxEntries: 10, now: time.now })
    cache.set("a", { isPublic: true })
    expect(cache.get("a")).toEqual({ isPublic: true })
    time.advance(2999)
    expect(cache.get("a")).toEqual({ isPublic: true })
    time.advance(1)
    expect(cache.get("a")).toBeUndefined()
    expect(cache.get("never")).toBeUndefined()
  })

  it("a new grant for the same key starts a new TTL", () => {
    const time = clock()
    const cache = makeGrantCache({ ttlMs: 3000, maxEntries: 10, now: time.now })
    cache.set("a", { isPublic: false })
    time.advance(2000)
    cache.set("a", { isPublic: true })
    time.advance(2000)
    expect(cache.get("a")).toEqual({ isPublic: true })
  })

  it("drops the oldest entries when full", () => {
    const time = clock()
    const cache = makeGrantCache({ ttlMs: 3000, maxEntries: 2, now: time.now })
    cache.set("a", { isPublic: false })
    time.advance(1)
    cache.set("b", { isPublic: false })
    time.advance(1)
    cache.set("c", { isPublic: false })
    expect(cache.get("a")).toBeUndefined()
    expect(cache.get("b")).toBeDefined()
    expect(cache.get("c")).toBeDefined()
  })

  it("keys keep viewers, guests, labs and builds apart", () => {
    const keys = [
      grantKey("u1", "L1", "k1"),
      grantKey(undefined, "L1", "k1"),
      grantKey("u2", "L1", "k1"),
      grantKey("u1", "L2", "k1"),
      grantKey("u1", "L1", "k2")
    ]
    expect(new Set(keys).size).toBe(keys.length)
  })
})
