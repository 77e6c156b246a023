import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const uploadLab: Migration = {
  // The upload a file lab came from: its original file name for the download.
  up: async (db: Kysely<unknown>) => {
    await db.schema.createIndex("uploads_lab").on("uploads").column("lab_id").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropIndex("uploads_lab").execute()
  }
}
