// A transfer of ownership is an offer until the receiver accepts it: the lab stays the sender's
// meanwhile. One pending offer a lab (the unique lab_id); an offer whose receiver lost the lab, or
// whose lab went to the trash or changed hands, has lapsed and is treated as gone
// (server/services/labs/OwnershipTransfer.ts). The notification it raised goes when it is withdrawn.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const ownershipOffers: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("ownership_offers")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().unique().references("labs.id").onDelete("cascade"))
      .addColumn("from_user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("to_user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("notification_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute()
    // The offers someone has to answer.
    await db.schema.createIndex("ownership_offers_to").on("ownership_offers").column("to_user_id").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("ownership_offers").execute()
  }
}
