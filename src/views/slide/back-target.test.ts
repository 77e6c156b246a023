import { describe, expect, it } from "vitest"
import { backTarget } from "./back-target.ts"

describe("backTarget", () => {
  it("leads to the slide's folder", () => {
    const breadcrumb = [
      { id: "f1", name: "Histology" },
      { id: "f2", name: "Liver" }
    ]
    expect(backTarget({ breadcrumb, role: "owner" }, true)).toEqual({ href: "/dashboard/labs/f2", name: "Liver", root: "root" })
    expect(backTarget({ breadcrumb, role: null }, false)).toEqual({ href: "/dashboard/labs/f2", name: "Liver", root: "root" })
  })

  it("leads a signed-in reader of a top-level slide to All Files, and a visitor nowhere", () => {
    expect(backTarget({ breadcrumb: [], role: "owner" }, true)).toEqual({ href: "/dashboard/labs", name: null, root: "root" })
    expect(backTarget({ breadcrumb: [], role: null }, false)).toBeNull()
  })

  it("leads a member to Shared Lab from a slide shared with them on its own", () => {
    expect(backTarget({ breadcrumb: [], role: "reviewer" }, true)).toEqual({ href: "/dashboard/shared", name: null, root: "shared" })
  })
})
