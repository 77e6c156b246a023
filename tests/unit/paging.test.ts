// The paging rules: page and limit checks and the meta of a page.
import { describe, expect, it } from "vitest"
import { pageMeta, paging } from "../../server/domain/paging.ts"

const at = (page: number, limit: number) => ({ page, limit, offset: (page - 1) * limit })

describe("paging", () => {
  it("defaults, caps the limit at 100 and derives the offset", () => {
    expect(paging({}, 20)).toEqual({ ok: true, paging: { page: 1, limit: 20, offset: 0 } })
    expect(paging({ page: 3, limit: 500 }, 20)).toEqual({ ok: true, paging: { page: 3, limit: 100, offset: 200 } })
  })

  it("names each bad field", () => {
    const result = paging({ page: 0, limit: 2.5 }, 20)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["limit", "page"])
  })

  it("refuses a page so far out that its offset would overflow, and caps a huge limit", () => {
    expect(paging({ page: 1e20 }, 20).ok).toBe(false)
    expect(paging({ page: 1_000_001 }, 20).ok).toBe(false)
    expect(paging({ page: 1_000_000, limit: 1e20 }, 20)).toEqual({ ok: true, paging: { page: 1_000_000, limit: 100, offset: 99_999_900 } })
    expect(paging({ limit: 80 }, 20, 50)).toEqual({ ok: true, paging: { page: 1, limit: 50, offset: 0 } })
  })
})

describe("pageMeta", () => {
  it("points to the next page only while rows remain", () => {
    expect(pageMeta(45, at(2, 20))).toEqual({ count: 45, current_page: 2, next_page: 3 })
    expect(pageMeta(40, at(2, 20))).toEqual({ count: 40, current_page: 2, next_page: null })
  })
})
