import { describe, expect, it } from "vitest"
import { backTarget } from "./back-target.ts"

describe("backTarget", () => {
  it("leads to the slide's folder", () => {
    const breadcrumb = [
      { id: "f1", name: "Histology" },
      { id: "f2", name: "Liver" }
    ]
    expect(backTarget({ breadcrumb }, true)).toEqual({ href: "/dashboard/labs/f2", name: "Liver" })
    expect(backTarget({ breadcrumb }, false)).toEqual({ href: "/dashboard/labs/f2", name: "Liver" })
  })

  it("leads a signed-in reader of a top-level slide to All File, and a visitor nowhere", () => {
    expect(backTarget({ breadcrumb: [] }, true)).toEqual({ href: "/dashboard/labs", name: null })
    expect(backTarget({ breadcrumb: [] }, false)).toBeNull()
  })
})
