import { describe, expect, it } from "vitest"
import { forwardedHop, fromThisMachine } from "../../server/domain/forwarded.ts"

describe("X-Forwarded-For behind trusted proxies", () => {
  it("takes the hop our outermost trusted proxy appended, not the client's own entries", () => {
    // The client wrote "1.1.1.1"; our one proxy appended the address it really saw.
    expect(forwardedHop("1.1.1.1, 203.0.113.7", 1)).toBe("203.0.113.7")
    expect(forwardedHop("1.1.1.1, 203.0.113.7, 10.0.0.2", 2)).toBe("203.0.113.7")
    expect(forwardedHop("203.0.113.7", 1)).toBe("203.0.113.7")
  })

  it("trusts no header without trusted proxies, and copes with fewer hops than proxies", () => {
    expect(forwardedHop("1.1.1.1", 0)).toBeUndefined()
    expect(forwardedHop(undefined, 1)).toBeUndefined()
    expect(forwardedHop("203.0.113.7", 3)).toBe("203.0.113.7")
    expect(forwardedHop(" , ", 1)).toBeUndefined()
  })
})

describe("requests from this machine", () => {
  it("are loopback sockets that no proxy forwarded", () => {
    expect(fromThisMachine("127.0.0.1", {})).toBe(true)
    expect(fromThisMachine("::1", {})).toBe(true)
    expect(fromThisMachine("::ffff:127.0.0.1", {})).toBe(true)
    expect(fromThisMachine("127.0.0.1", { "x-forwarded-for": "203.0.113.7" })).toBe(false)
    expect(fromThisMachine("127.0.0.1", { forwarded: "for=203.0.113.7" })).toBe(false)
    expect(fromThisMachine("192.0.2.2", {})).toBe(false)
    expect(fromThisMachine(undefined, {})).toBe(false)
  })
})
