import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

export const labsOwnerLiveName: Migration = {
  // A broad search reads the owner's live folders, then files, in name order, either way, and
  // only their ids (lab-search.ts). Partial, so that the kind and the name follow equalities only:
  // PostgreSQL takes no order from an index past an IS NULL column (labs_owner_name's deleted_at).
  up: async (db: Kysely<unknown>) => {
    await sql`CREATE INDEX labs_owner_live_name ON labs (owner_id, is_dir, name_lower, id) WHERE deleted_at IS NULL`.execute(db)
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropIndex("labs_owner_live_name").execute()
  }
}
