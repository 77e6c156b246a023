import { describe, expect, it } from "vitest"
import { layoutOf } from "./layout-of.ts"
import { matchRoute, routeTable } from "../contract/routes.ts"

describe("layoutOf", () => {
  it("puts settings pages in the settings frame and other dashboard pages in the dashboard", () => {
    expect(layoutOf(matchRoute("/dashboard/setting/password"))).toBe("settings")
    expect(layoutOf(matchRoute("/dashboard/labs/12/annotations"))).toBe("dashboard")
    expect(layoutOf(matchRoute("/dashboard/help-faq"))).toBe("dashboard")
  })
  it("frames every auth page with the auth layout", () => {
    for (const entry of routeTable.filter((e) => e.page.startsWith("auth/"))) expect(layoutOf(entry)).toBe("auth")
  })
  it("renders unknown routes bare (the 404 page has its own frame)", () => expect(layoutOf(undefined)).toBe("bare"))
  it("shows a folder's link to a signed-out visitor in the public frame, to a user in the dashboard", () => {
    expect(layoutOf(matchRoute("/dashboard/labs/f1"), true)).toBe("public")
    expect(layoutOf(matchRoute("/dashboard/labs/f1"), false)).toBe("dashboard")
    expect(layoutOf(matchRoute("/dashboard/labs"), true)).toBe("dashboard")
  })
  it("gives every signed-in page a dashboard frame", () => {
    for (const entry of routeTable.filter((e) => e.access === "signed-in")) expect(["dashboard", "settings"]).toContain(layoutOf(entry))
  })
})
