// A scanner's label and macro pictures (server/images/associated-images.ts): which of them a slide's
// build kept privately (a JSON list of names, null for none), and whether its owner shows them to
// the slide's other members (never to a public link). Hidden until the owner says otherwise.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const associatedImages: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("labs").addColumn("associated", "text").execute()
    await db.schema
      .alterTable("labs")
      .addColumn("associated_shown", "integer", (c) => c.notNull().defaultTo(0))
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("labs").dropColumn("associated_shown").execute()
    await db.schema.alterTable("labs").dropColumn("associated").execute()
  }
}
