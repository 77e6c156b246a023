// The contract bounds what a request may carry: every list's page and limit, and text fields (length, NUL),
// refused at the contract (a 400 naming the field) before any handler or database sees them.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { MAX_PAGE, MAX_PAGE_LIMIT, PageQuery } from "../../src/contract/envelope.ts"

const decode = Schema.decodeUnknownExit(Schema.Struct(PageQuery))
const accepts = (query: Record<string, string>) => decode(query)._tag === "Success"

describe("PageQuery", () => {
  it("takes whole pages and limits within bounds", () => {
    expect(accepts({})).toBe(true)
    expect(accepts({ page: "1", limit: "20" })).toBe(true)
    expect(accepts({ page: String(MAX_PAGE), limit: String(MAX_PAGE_LIMIT) })).toBe(true)
  })

  it("refuses what would overflow, is not whole, or is not positive", () => {
    for (const page of ["1e20", String(MAX_PAGE + 1), "9007199254740993", "0", "-1", "2.5", "x"])
      expect(accepts({ page }), page).toBe(false)
    for (const limit of ["1e20", String(MAX_PAGE_LIMIT + 1), "0", "1.5"]) expect(accepts({ limit }), limit).toBe(false)
  })
})

describe("text fields", () => {
  it("refuse a NUL character on either engine's behalf, and keep their length bound", async () => {
    const { Text } = await import("../../src/contract/rules.ts")
    const text = Schema.decodeUnknownExit(Text(10))
    expect(text("plain")._tag).toBe("Success")
    expect(text("a\u0000b")._tag).toBe("Failure")
    expect(text("x".repeat(11))._tag).toBe("Failure")
  })
})
