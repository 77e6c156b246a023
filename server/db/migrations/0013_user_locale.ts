import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

export const userLocale: Migration = {
  // The language mails to a user are written in: the one they registered in, then the one they last
  // signed in with (the SPA's `lang` cookie). Mails someone else's action sends (an invitation) use it.
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("users")
      .addColumn("locale", "text", (c) => c.notNull().defaultTo(sql`'en'`))
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("users").dropColumn("locale").execute()
  }
}
