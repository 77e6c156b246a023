// The member dialog's list rules, pure so each is tested alone:
// - pending invitees are shown as temporary rows right after the first entry (the owner);
// - newly invited members are inserted after the first entry, replacing their old row if present;
// - after five deletions the next-page pointer steps back by one (the server's pages moved up);
// - the invite box suggests no one already chosen.
import { Schema } from "effect"
import type { Member, MemberRole, UserSuggestion } from "../../contract/members.ts"
import { Email } from "../../contract/rules.ts"

/** Someone chosen in the invite box but not invited yet (spec: isTemporary). */
export interface Invitee {
  readonly email: string
  readonly name: string | null
  readonly avatar: string | null
  readonly role: MemberRole
}

export type Row = { readonly temporary: false; readonly member: Member } | { readonly temporary: true; readonly invitee: Invitee }

export const DELETIONS_PER_PAGE = 5

const isEmail = Schema.is(Email)

/** The emails in what was typed or pasted ("a@x.id, b@y.id"), trimmed and lower-cased. */
export const emailsIn = (text: string): ReadonlyArray<string> =>
  text
    .split(/[,;\s]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.length > 0)

export type Addition =
  | { readonly _tag: "Added"; readonly invitees: ReadonlyArray<Invitee> }
  | { readonly _tag: "Invalid"; readonly email: string }
  | { readonly _tag: "Duplicate"; readonly email: string }

/** Adds every email typed, or explains the first one that cannot be added (nothing is added then). */
export const addTyped = (invitees: ReadonlyArray<Invitee>, text: string, role: MemberRole): Addition => {
  const emails = emailsIn(text)
  const invalid = emails.find((email) => !isEmail(email))
  if (invalid !== undefined) return { _tag: "Invalid", email: invalid }
  const chosen = new Set(invitees.map((i) => i.email))
  const duplicate = emails.find((email, index) => chosen.has(email) || emails.indexOf(email) !== index)
  if (duplicate !== undefined) return { _tag: "Duplicate", email: duplicate }
  return { _tag: "Added", invitees: [...invitees, ...emails.map((email) => ({ email, name: null, avatar: null, role }))] }
}

export const addPicked = (invitees: ReadonlyArray<Invitee>, user: UserSuggestion, role: MemberRole): ReadonlyArray<Invitee> => {
  const email = user.email.toLowerCase()
  return invitees.some((i) => i.email === email) ? invitees : [...invitees, { email, name: user.name || null, avatar: user.avatar, role }]
}

/** Users already chosen are not suggested again. */
export const withoutChosen = (suggestions: ReadonlyArray<UserSuggestion>, invitees: ReadonlyArray<Invitee>) => {
  const chosen = new Set(invitees.map((i) => i.email))
  return suggestions.filter((s) => !chosen.has(s.email.toLowerCase()))
}

/** Whether the typed text can be turned into invitees as it is (an Invite click with an email typed). */
export const hasTypedEmails = (text: string) => emailsIn(text).length > 0 && emailsIn(text).every((email) => isEmail(email))

const afterFirst = <A>(list: ReadonlyArray<A>, inserted: ReadonlyArray<A>): ReadonlyArray<A> =>
  list.length === 0 ? inserted : [list[0] as A, ...inserted, ...list.slice(1)]

/** The list as shown: the owner, then the invitees not invited yet, then everyone else. */
export const rowsOf = (members: ReadonlyArray<Member>, invitees: ReadonlyArray<Invitee>): ReadonlyArray<Row> =>
  afterFirst<Row>(
    members.map((member) => ({ temporary: false, member })),
    invitees.map((invitee) => ({ temporary: true, invitee }))
  )

/** A further page, without the rows the list already has (insertions push rows down a page). */
export const appendPage = (members: ReadonlyArray<Member>, page: ReadonlyArray<Member>): ReadonlyArray<Member> => {
  const ids = new Set(members.map((m) => m.id))
  return [...members, ...page.filter((m) => !ids.has(m.id))]
}

/** One more deletion: every fifth moves the next-page pointer back by one, since the server's pages moved up. */
export const afterDeletion = (
  nextPage: number | null,
  deletions: number
): { readonly nextPage: number | null; readonly deletions: number } => {
  const counted = deletions + 1
  if (counted < DELETIONS_PER_PAGE) return { nextPage, deletions: counted }
  return { nextPage: nextPage === null ? null : Math.max(1, nextPage - 1), deletions: 0 }
}
