import { describe, expect, it } from "vitest"
import { can, canAll } from "./permissions.ts"

describe("the SPA's mirror of the permission matrix", () => {
  it("a reviewer may look and star, not rename, move, delete, share or publish", () => {
    expect(can("reviewer", "favorite")).toBe(true)
    for (const ability of ["create", "rename", "move", "delete", "share", "publish"] as const) expect(can("reviewer", ability)).toBe(false)
  })

  it("owners and admins may do all of it; a stranger on a public lab nothing", () => {
    for (const ability of ["create", "rename", "move", "delete", "share", "publish", "favorite"] as const) {
      expect(can("owner", ability)).toBe(true)
      expect(can("admin", ability)).toBe(true)
      expect(can(null, ability)).toBe(false)
    }
  })

  it("a selection allows what every one of its labs allows", () => {
    expect(canAll([{ role: "owner" }, { role: "admin" }], "delete")).toBe(true)
    expect(canAll([{ role: "owner" }, { role: "reviewer" }], "delete")).toBe(false)
    expect(canAll([], "delete")).toBe(false)
  })
})
