import { describe, expect, it } from "vitest"
import { can, canAll, canSeeAssociated, mayAnnotate, mayManageMember, mayTransferTo, OWNER_ROW, refusal } from "./permissions.ts"

const editing = ["lab.create", "lab.rename", "lab.move", "lab.delete", "members.invite", "lab.publish"] as const

describe("the permission matrix", () => {
  it("a reviewer may look and star, not create, rename, move, delete, share or publish", () => {
    expect(can("reviewer", "lab.favorite")).toBe(true)
    for (const action of editing) expect(can("reviewer", action)).toBe(false)
  })

  it("owners and admins may do all of it; no role (a stranger or guest) nothing", () => {
    for (const action of [...editing, "lab.favorite"] as const) {
      expect(can("owner", action)).toBe(true)
      expect(can("admin", action)).toBe(true)
      expect(can(null, action)).toBe(false)
    }
  })

  it("a public lab lets anyone look, and nothing more", () => {
    expect(refusal("guest", "lab.view", true)).toBeUndefined()
    expect(refusal("stranger", "lab.favorite", true)).toBe("forbidden")
    expect(refusal("stranger", "lab.view", false)).toBe("hidden")
  })

  it("a selection allows what every one of its labs allows", () => {
    expect(canAll([{ role: "owner" }, { role: "admin" }], "lab.delete")).toBe(true)
    expect(canAll([{ role: "owner" }, { role: "reviewer" }], "lab.delete")).toBe(false)
    expect(canAll([], "lab.delete")).toBe(false)
  })
})

describe("a scanner's label and macro", () => {
  it("the owner and admins see them; a reviewer once shown; a guest or stranger never, public or not", () => {
    for (const shown of [false, true]) {
      expect(canSeeAssociated("owner", shown)).toBe(true)
      expect(canSeeAssociated("admin", shown)).toBe(true)
      expect(canSeeAssociated("reviewer", shown)).toBe(shown)
      expect(canSeeAssociated("guest", shown)).toBe(false)
      expect(canSeeAssociated("stranger", shown)).toBe(false)
      expect(canSeeAssociated(null, shown)).toBe(false)
    }
  })

  it("only the owner shows or hides them, and a public lab lets no one", () => {
    expect(can("owner", "lab.show-associated")).toBe(true)
    expect(can("admin", "lab.show-associated")).toBe(false)
    expect(can("reviewer", "lab.show-associated")).toBe(false)
    expect(refusal("stranger", "lab.show-associated", true)).toBe("forbidden")
  })
})

describe("who may change whose membership", () => {
  const other = { id: "m1", user_id: "u2" }
  it("the owner and admins manage others, never the owner's row or themselves", () => {
    expect(mayManageMember("owner", other, "u1")).toBe(true)
    expect(mayManageMember("admin", other, "u1", "members.remove")).toBe(true)
    expect(mayManageMember("reviewer", other, "u1")).toBe(false)
    expect(mayManageMember("admin", { id: OWNER_ROW, user_id: "u0" }, "u1")).toBe(false)
    expect(mayManageMember("admin", other, "u2")).toBe(false)
  })

  it("only the owner hands a lab over, and only to someone with an account", () => {
    expect(mayTransferTo("owner", other)).toBe(true)
    expect(mayTransferTo("admin", other)).toBe(false)
    expect(mayTransferTo("owner", { id: "m2", user_id: null })).toBe(false)
  })
})

describe("who may change annotations and labels", () => {
  it("owners and admins edit any annotation, a reviewer only their own", () => {
    expect(mayAnnotate("admin", "annotation.edit")).toBe(true)
    expect(mayAnnotate("reviewer", "annotation.edit")).toBe(false)
    expect(mayAnnotate("reviewer", "annotation.edit", true)).toBe(true)
    expect(mayAnnotate(null, "annotation.edit", true)).toBe(false)
  })

  it("only owners and admins edit labels", () => {
    expect(mayAnnotate("owner", "label.edit")).toBe(true)
    expect(mayAnnotate("reviewer", "label.edit")).toBe(false)
    expect(mayAnnotate("reviewer", "label.create")).toBe(true)
  })
})
