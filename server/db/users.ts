// The user queries the account services share. Emails are stored trimmed and lower-cased, so the
// unique index makes them unique case-insensitively.
import type { Kysely, Selectable } from "kysely"
import type { Locale } from "../../src/contract/auth.ts"
import type { Database, UsersTable } from "./schema.ts"

export type UserRow = Selectable<UsersTable>

/** What a mail to a user needs: where it goes, the name it greets and the language it is in. */
export interface MailUser {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly locale: Locale
}

export const mailUserOf = (db: Kysely<Database>, userId: string): Promise<MailUser | undefined> =>
  db
    .selectFrom("users")
    .select(["id", "email", "name", "locale"])
    .where("id", "=", userId)
    .executeTakeFirst()
    .then((u) => (u ? { ...u, locale: u.locale === "id" ? "id" : "en" } : undefined))

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const findUserByEmail = (db: Kysely<Database>, email: string): Promise<UserRow | undefined> =>
  db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst()

export const findUserById = (db: Kysely<Database>, id: string): Promise<UserRow | undefined> =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst()

/** Whether another user already holds this username, compared case-insensitively. */
export const usernameTaken = async (db: Kysely<Database>, username: string, exceptId: string): Promise<boolean> => {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()))
    .where("id", "!=", exceptId)
    .executeTakeFirst()
  return row !== undefined
}

/** Ends every session of the user, e.g. after a password reset. */
/** Makes every access token the user holds unusable (AccessTokens compares generations). */
export const raiseTokenGeneration = (db: Kysely<Database>, userId: string) =>
  db
    .updateTable("users")
    .set((eb) => ({ token_generation: eb("token_generation", "+", 1) }))
    .where("id", "=", userId)
    .execute()

export const revokeAllRefreshTokens = (db: Kysely<Database>, userId: string, now: string, exceptFamily?: string) => {
  let query = db.updateTable("refresh_tokens").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null)
  if (exceptFamily !== undefined) query = query.where("family", "!=", exceptFamily)
  return query.execute()
}
