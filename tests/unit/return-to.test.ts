import { describe, expect, it } from "vitest"
import { nextQuery, returnTarget, safeReturnPath, signInPathFor } from "../../src/machines/auth/return-to.ts"

describe("the place kept through sign-in", () => {
  it("keeps a path of this site with its query and fragment, without the locale prefix", () => {
    expect(safeReturnPath("/dashboard/labs/abc/annotations")).toBe("/dashboard/labs/abc/annotations")
    expect(safeReturnPath("/id/dashboard/labs?search=hati#x")).toBe("/dashboard/labs?search=hati#x")
    expect(safeReturnPath("/id")).toBe("/")
  })

  it.each([
    "//evil.com",
    "//evil.com/dashboard/labs",
    "https://evil.com",
    "http:evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    " /dashboard",
    "javascript:alert(1)",
    "dashboard/labs",
    "",
    `/${"a".repeat(3000)}`,
    "/login",
    "/id/login?next=/x",
    "/register/"
  ])("refuses %j", (raw) => {
    expect(safeReturnPath(raw)).toBeNull()
    expect(returnTarget(raw)).toBe("/dashboard/labs")
  })

  it("writes the sign-in address that keeps the place, and passes it on", () => {
    expect(signInPathFor("/dashboard/labs/abc/annotations")).toBe("/login?next=%2Fdashboard%2Flabs%2Fabc%2Fannotations")
    expect(signInPathFor("/dashboard/labs")).toBe("/login")
    expect(signInPathFor("//evil.com")).toBe("/login")
    expect(nextQuery("/dashboard/trash")).toBe("?next=%2Fdashboard%2Ftrash")
    expect(nextQuery("https://evil.com", "&")).toBe("")
  })
})
