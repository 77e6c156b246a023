// The `@` of the composer: what is being typed after it (the query the suggestions filter by), and
// the text once a member is picked. Pure, so the rules are tested alone.
export interface Mentionable {
  readonly userId: string
  readonly name: string
  readonly username: string | null
  readonly email: string
}

/** The word after an `@` that starts a word and ends at the caret; null when the caret is not in one. */
export const mentionQuery = (text: string, caret: number): { readonly start: number; readonly query: string } | null => {
  const before = text.slice(0, caret)
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(before)
  if (!match) return null
  return { start: caret - match[2]!.length - 1, query: match[2]! }
}

/** The members whose name, username or email holds the query, the sender left out, at most `limit`. */
export const suggestions = (
  members: ReadonlyArray<Mentionable>,
  query: string,
  me: string | null,
  limit = 6
): ReadonlyArray<Mentionable> => {
  const q = query.toLowerCase()
  return members
    .filter((m) => m.userId !== me)
    .filter((m) => m.name.toLowerCase().includes(q) || (m.username ?? "").toLowerCase().includes(q) || m.email.toLowerCase().includes(q))
    .slice(0, limit)
}

/** The text with `@query` replaced by `@Name `, and where the caret goes. */
export const insertMention = (text: string, caret: number, start: number, member: Mentionable): { text: string; caret: number } => {
  const inserted = `@${member.name} `
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length }
}

/** The picked members still named in the text: a mention deleted from the text is no mention. */
export const mentionedIn = (text: string, picked: ReadonlyArray<Mentionable>): ReadonlyArray<string> => [
  ...new Set(picked.filter((m) => text.includes(`@${m.name}`)).map((m) => m.userId))
]
