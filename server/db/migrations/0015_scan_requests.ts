// Requests to scan physical slides (src/contract/scan-requests.ts). A visitor's request has no user;
// its contact is what they typed. A signed-in user's keeps the account's name and email as they were
// when it was sent, so the staff page and the mails never depend on the account still existing.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"

export const scanRequests: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("scan_requests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("contact_name", "text", (c) => c.notNull())
      .addColumn("contact_email", "text", (c) => c.notNull())
      .addColumn("contact_phone", "text")
      .addColumn("preparations", "integer", (c) => c.notNull())
      .addColumn("diagnosis", "text", (c) => c.notNull())
      .addColumn("section", "text", (c) => c.notNull())
      .addColumn("stain", "text", (c) => c.notNull())
      .addColumn("magnification", "text", (c) => c.notNull())
      .addColumn("notes", "text", (c) => c.notNull())
      .addColumn("return_slides", "integer", (c) => c.notNull())
      .addColumn("return_address", "text")
      .addColumn("locale", "text", (c) => c.notNull())
      .addColumn("state", "text", (c) => c.notNull())
      .addColumn("folder_name", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("scanning_at", "text")
      .addColumn("uploaded_at", "text")
      .addColumn("returned_at", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute()
    // A user's own list, and the staff page (optionally one state), both newest first.
    await db.schema.createIndex("scan_requests_user").on("scan_requests").columns(["user_id", "created_at"]).execute()
    await db.schema.createIndex("scan_requests_state").on("scan_requests").columns(["state", "created_at"]).execute()
    await db.schema.createIndex("scan_requests_created").on("scan_requests").column("created_at").execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable("scan_requests").execute()
  }
}
