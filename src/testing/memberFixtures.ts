// Collaborators and user suggestions as the wire shows them, for the member dialog's tests.
import type { Member, UserSuggestion } from "../contract/members.ts"

export const member = (id: string, overrides: Partial<Member> = {}): Member => ({
  id,
  user_id: `u-${id}`,
  email: `${id}@lab.test`,
  name: `Member ${id}`,
  username: null,
  avatar: null,
  role_member: "reviewer",
  is_pending: false,
  lab_id: "l1",
  is_inherited: false,
  ...overrides
})

export const owner = member("owner", { user_id: "u1", email: "ada@lab.test", name: "Ada Lovelace", role_member: "owner" })

export const suggestion = (email: string, name: string): UserSuggestion => ({
  id: `u-${email}`,
  email,
  name,
  username: null,
  avatar: null,
  profile: { name, avatar: null }
})

export const grace = suggestion("grace@lab.test", "Grace Hopper")
export const alan = suggestion("alan@lab.test", "Alan Turing")

const meta = (current: number, next: number | null) => ({ count: 12, current_page: current, next_page: next })

/** Pages of a lab with twelve collaborators, five at a time. */
export const membersPage1 = { results: [owner, member("m1"), member("m2"), member("m3"), member("m4")], meta: meta(1, 2) }
export const membersPage2 = { results: ["m5", "m6", "m7", "m8", "m9"].map((id) => member(id)), meta: meta(2, 3) }
export const membersPage3 = { results: [member("m10"), member("m11")], meta: meta(3, null) }
