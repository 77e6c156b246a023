import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"

export const livePageIndexes = (engine: Engine): Migration => ({
  // PostgreSQL takes no order from an index past a column tested with IS NULL, so it read every
  // child of a folder (and every root lab of an owner) and sorted them to show 20: the cost grew
  // with the folder. Partial indexes hold only live labs, so the order (folders first, then by
  // name) follows equalities and a page reads its own rows. SQLite treats IS NULL as an equality
  // and already reads labs_children and labs_owner in order, so it needs neither.
  up: async (db: Kysely<unknown>) => {
    if (engine !== "postgres") return
    await sql`CREATE INDEX labs_live_children ON labs (parent_id, is_dir DESC, name_lower) WHERE deleted_at IS NULL`.execute(db)
    await sql`CREATE INDEX labs_live_roots ON labs (owner_id, is_dir DESC, name_lower) WHERE parent_id IS NULL AND deleted_at IS NULL`.execute(
      db
    )
  },
  down: async (db: Kysely<unknown>) => {
    if (engine !== "postgres") return
    await db.schema.dropIndex("labs_live_roots").execute()
    await db.schema.dropIndex("labs_live_children").execute()
  }
})
