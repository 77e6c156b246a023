// Who scanned a slide and how, for a scanner's own format (server/images/openslide.ts): vendor,
// model, objective and scan date as one JSON text, null for plain images and until the pyramid is
// built. The details panel shows it; nothing is searched by it.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const slideScanner: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("labs").addColumn("scanner", "text").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("labs").dropColumn("scanner").execute()
  }
}
