import { describe, expect, it } from "vitest"
import { rateLimitAddress } from "../../server/domain/rate-limit-address.ts"

describe("rateLimitAddress", () => {
  it("keeps an IPv4 address whole", () => {
    expect(rateLimitAddress("198.51.100.7")).toBe("198.51.100.7")
  })

  it("turns IPv4 mapped into IPv6 back into IPv4, dotted or in hex", () => {
    expect(rateLimitAddress("::ffff:198.51.100.7")).toBe("198.51.100.7")
    expect(rateLimitAddress("::FFFF:c633:6407")).toBe("198.51.100.7")
    expect(rateLimitAddress("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7")
  })

  it("counts an IPv6 address as its /64, however it is written", () => {
    const key = "2001:db8:a:b::/64"
    for (const written of ["2001:db8:a:b::1", "2001:DB8:A:B:ffff:ffff:ffff:fffe", "2001:0db8:000a:000b:1:2:3:4", "2001:db8:a:b::1%eth0"])
      expect(rateLimitAddress(written)).toBe(key)
    expect(rateLimitAddress("2001:db8:a:c::1")).not.toBe(key)
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64")
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64")
    expect(rateLimitAddress("2001:db8:a:b:c:d:1.2.3.4")).toBe(key)
    expect(rateLimitAddress("::1.2.3.4")).toBe("0:0:0:0::/64")
  })

  it("leaves anything that is not an address as it is", () => {
    expect(rateLimitAddress("unknown")).toBe("unknown")
  })
})
