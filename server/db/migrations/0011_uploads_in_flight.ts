import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const uploadsInFlight: Migration = {
  // Uploads in flight hold their announced size against the owner's quota (upload-records.ts):
  // every quota check sums them.
  up: async (db: Kysely<unknown>) => {
    await db.schema.createIndex("uploads_owner_open").on("uploads").columns(["owner_id", "completed_at"]).execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropIndex("uploads_owner_open").execute()
  }
}
