import { describe, expect, it } from "vitest"
import type { Member, UserSuggestion } from "../../contract/members.ts"
import { addPicked, addTyped, afterDeletion, appendPage, emailsIn, hasTypedEmails, rowsOf, withoutChosen } from "./rules.ts"

const member = (id: string, role: Member["role_member"] = "reviewer"): Member => ({
  id,
  user_id: `u-${id}`,
  email: `${id}@lab.test`,
  name: id,
  username: null,
  avatar: null,
  role_member: role,
  is_pending: false,
  lab_id: "l1",
  is_inherited: false
})
const suggestion = (email: string): UserSuggestion => ({
  id: email,
  email,
  name: email,
  username: null,
  avatar: null,
  profile: { name: email, avatar: null }
})
const invitee = (email: string) => ({ email, name: null, avatar: null, role: "reviewer" as const })

describe("invite box", () => {
  it("reads emails separated by commas, semicolons or spaces", () => {
    expect(emailsIn(" Ada@Lab.test, bob@lab.test;cy@lab.test  ")).toEqual(["ada@lab.test", "bob@lab.test", "cy@lab.test"])
    expect(emailsIn(" , ")).toEqual([])
  })

  it("adds typed emails with the chosen role, or names the first that cannot be added", () => {
    expect(addTyped([], "ada@lab.test, bob@lab.test", "admin")).toEqual({
      _tag: "Added",
      invitees: [
        { email: "ada@lab.test", name: null, avatar: null, role: "admin" },
        { email: "bob@lab.test", name: null, avatar: null, role: "admin" }
      ]
    })
    expect(addTyped([], "ada@lab.test, bob@", "admin")).toEqual({ _tag: "Invalid", email: "bob@" })
    expect(addTyped([invitee("ada@lab.test")], "ADA@lab.test", "admin")).toEqual({ _tag: "Duplicate", email: "ada@lab.test" })
    expect(hasTypedEmails("ada@lab.test")).toBe(true)
    expect(hasTypedEmails("ada")).toBe(false)
  })

  it("adds a picked user once, and suggests no one already chosen", () => {
    const once = addPicked([], suggestion("Ada@lab.test"), "reviewer")
    expect(addPicked(once, suggestion("ada@lab.test"), "admin")).toEqual(once)
    expect(withoutChosen([suggestion("ada@lab.test"), suggestion("bob@lab.test")], once).map((s) => s.email)).toEqual(["bob@lab.test"])
  })
})

describe("collaborator list", () => {
  it("shows invitees not invited yet right after the first entry", () => {
    const rows = rowsOf([member("owner", "owner"), member("m1")], [invitee("new@lab.test")])
    expect(rows.map((r) => (r.temporary ? r.invitee.email : r.member.id))).toEqual(["owner", "new@lab.test", "m1"])
    expect(rowsOf([], [invitee("new@lab.test")])).toHaveLength(1)
  })

  it("appends a page without rows it already has", () => {
    expect(appendPage([member("a"), member("b")], [member("b"), member("c")]).map((m) => m.id)).toEqual(["a", "b", "c"])
  })

  it("steps the next-page pointer back by one after every fifth deletion", () => {
    let state: { nextPage: number | null; deletions: number } = { nextPage: 3, deletions: 0 }
    for (let i = 0; i < 4; i++) state = afterDeletion(state.nextPage, state.deletions)
    expect(state).toEqual({ nextPage: 3, deletions: 4 })
    state = afterDeletion(state.nextPage, state.deletions)
    expect(state).toEqual({ nextPage: 2, deletions: 0 })
    expect(afterDeletion(null, 4)).toEqual({ nextPage: null, deletions: 0 })
    expect(afterDeletion(1, 4)).toEqual({ nextPage: 1, deletions: 0 })
  })
})
