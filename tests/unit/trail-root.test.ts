import { describe, expect, it } from "vitest"
import { trailRoot } from "../../src/views/labs/trail-root.ts"

describe("where a trail starts", () => {
  it("starts at All Files for the owner and for a visitor of a public lab", () => {
    expect(trailRoot("owner")).toEqual({ href: "/dashboard/labs", label: "root" })
    expect(trailRoot(null)).toEqual({ href: "/dashboard/labs", label: "root" })
  })

  it("starts at Shared Lab for a member who is not the owner", () => {
    expect(trailRoot("admin")).toEqual({ href: "/dashboard/shared", label: "shared" })
    expect(trailRoot("reviewer")).toEqual({ href: "/dashboard/shared", label: "shared" })
  })
})
