import { describe, expect, it } from "vitest"
import { breadcrumbTrail } from "./breadcrumb-trail.ts"
import { fastest } from "../../../tests/support/timing.ts"

describe("breadcrumbTrail", () => {
  it("starts with Home linking to the labs page", () => {
    expect(breadcrumbTrail("/dashboard/recent")).toEqual([{ label: "home", href: "/dashboard/labs" }, { label: "recent" }])
  })
  it("links 'setting' to the account page", () => {
    expect(breadcrumbTrail("/dashboard/setting/2fa")).toEqual([
      { label: "home", href: "/dashboard/labs" },
      { label: "setting", href: "/dashboard/setting/account" },
      { label: "twoFactor" }
    ])
  })
  it("puts invoices under settings, linking to billings", () => {
    expect(breadcrumbTrail("/dashboard/invoices/42")).toEqual([
      { label: "home", href: "/dashboard/labs" },
      { label: "setting", href: "/dashboard/setting/account" },
      { label: "invoices", href: "/dashboard/setting/billings" },
      { label: "invoice", params: { id: "42" } }
    ])
    expect(breadcrumbTrail("/dashboard/invoices").at(-1)).toEqual({ label: "invoices" })
  })
  it("names folders and the slide viewer under All File", () => {
    expect(breadcrumbTrail("/dashboard/labs/abc/annotations").map((c) => c.label)).toEqual(["home", "labs", "annotations"])
    expect(breadcrumbTrail("/dashboard/labs/a/b").map((c) => c.label)).toEqual(["home", "labs", "folder"])
    expect(breadcrumbTrail("/dashboard/labs/compare").map((c) => c.label)).toEqual(["home", "labs", "compare"])
    // The folder's crumb carries the id of the folder shown (the path's last segment), for its name.
    expect(breadcrumbTrail("/dashboard/labs/a/b%20c/").at(-1)).toEqual({ label: "folder", labId: "b c" })
    expect(breadcrumbTrail("/dashboard/labs/")).toEqual([{ label: "home", href: "/dashboard/labs" }, { label: "labs" }])
  })
  it("puts the account's scan requests under settings, and staff's under Staff", () => {
    expect(breadcrumbTrail("/dashboard/setting/scan-requests").map((c) => c.label)).toEqual(["home", "setting", "scanRequests"])
    expect(breadcrumbTrail("/dashboard/staff/scan-requests")).toEqual([
      { label: "home", href: "/dashboard/labs" },
      { label: "staff" },
      { label: "scanRequests" }
    ])
    expect(breadcrumbTrail("/dashboard/staff/payments").map((c) => c.label)).toEqual(["home", "staff", "payments"])
  })
  it("has nothing outside the dashboard", () => expect(breadcrumbTrail("/login")).toEqual([]))
})

// A run of slashes with something after it took /\/+$/ quadratic time to trim: a crafted link held the
// page for seconds. Against a plain path of as many segments' characters, in the same run.
describe("breadcrumbTrail of a crafted path", () => {
  it("reads a long run of slashes as fast as a plain path of the same length", () => {
    const hostile = `/dashboard/labs${"/".repeat(50_000)}x`
    const plain = `/dashboard/labs${"/a".repeat(25_000)}x`
    expect(breadcrumbTrail(`/dashboard/labs${"/".repeat(5)}`)).toEqual(breadcrumbTrail("/dashboard/labs"))
    const plainTime = fastest(() => breadcrumbTrail(plain))
    const hostileTime = fastest(() => breadcrumbTrail(hostile))
    expect(hostileTime / plainTime, `${hostileTime.toFixed(2)} ms against ${plainTime.toFixed(2)} ms`).toBeLessThan(10)
  })
})
