import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

export const tokenGeneration: Migration = {
  // Access tokens carry their user's generation; raising it (sign-out, a password change or reset, a
  // stolen refresh token) makes every access token issued before unusable at once.
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("users")
      .addColumn("token_generation", "integer", (c) => c.notNull().defaultTo(sql`0`))
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("users").dropColumn("token_generation").execute()
  }
}
