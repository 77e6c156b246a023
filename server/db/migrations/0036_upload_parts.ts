// A chunked upload's parts live in the blob store (a bucket, when one is configured), not appended
// to one file on one server's disk: each accepted chunk is a part, and this table, in the database
// every app server shares, says which part holds which bytes. `completing_until` is the lease of
// the request (or sweep) that assembles the parts once every byte is in; assembling runs outside
// any transaction, so a crash leaves the lease to lapse and someone else to finish.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const uploadParts: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("upload_parts")
      .addColumn("upload_id", "text", (c) => c.notNull().references("uploads.id").onDelete("cascade"))
      .addColumn("start", "bigint", (c) => c.notNull())
      .addColumn("size", "bigint", (c) => c.notNull())
      .addColumn("part", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("upload_parts_pk", ["upload_id", "start"])
      .execute()
    await db.schema.alterTable("uploads").addColumn("completing_until", "text").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("uploads").dropColumn("completing_until").execute()
    await db.schema.dropTable("upload_parts").execute()
  }
}
