// Plans paid by bank transfer (src/contract/billing.ts): invoices, the receipts users upload for
// them, the paid periods they buy, the staff flag, and who on the staff did what.
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

/** Invoices still open: waiting for a transfer, or for staff to verify its receipt. */
const open = sql<boolean>`status in ('unpaid', 'waiting')`

export const billing: Migration = {
  up: async (db: Kysely<unknown>) => {
    // Granted and revoked only by the operator's command (npm run staff), never over HTTP.
    await db.schema
      .alterTable("users")
      .addColumn("is_staff", "integer", (c) => c.notNull().defaultTo(0))
      .execute()

    // Price, bank account and plan are copied in when issued, so a later catalogue or account
    // change never alters an invoice already sent. Amounts are whole rupiah.
    await db.schema
      .createTable("invoices")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("plan_id", "text", (c) => c.notNull())
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("unique_code", "integer", (c) => c.notNull())
      .addColumn("amount", "integer", (c) => c.notNull())
      .addColumn("bank_name", "text", (c) => c.notNull())
      .addColumn("bank_account", "text", (c) => c.notNull())
      .addColumn("bank_holder", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("rejection_reason", "text")
      .addColumn("proof_id", "text")
      .addColumn("proof_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("due_at", "text", (c) => c.notNull())
      .addColumn("paid_at", "text")
      .addColumn("cancelled_at", "text")
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute()
    // One open invoice per user, and no two open invoices asking for the same amount: the amount is
    // how staff tell transfers apart.
    await db.schema.createIndex("invoices_one_open").on("invoices").column("user_id").unique().where(open).execute()
    await db.schema.createIndex("invoices_open_amount").on("invoices").column("amount").unique().where(open).execute()
    await db.schema.createIndex("invoices_user").on("invoices").columns(["user_id", "created_at"]).execute()
    // The staff queue: receipts waiting, oldest first.
    await db.schema.createIndex("invoices_status_proof").on("invoices").columns(["status", "proof_at"]).execute()

    // Receipts, their bytes in the BlobStore; every one kept, the invoice points at the last.
    await db.schema
      .createTable("payment_proofs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("blob_key", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("size", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("payment_proofs_invoice").on("payment_proofs").column("invoice_id").execute()

    // A paid period. The plan in force is the one whose period holds now; `expired_at` is when the
    // sweep told the user it ended (the quota follows `ends_at` itself, sweep or not).
    await db.schema
      .createTable("subscriptions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("plan_id", "text", (c) => c.notNull())
      .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("expired_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("subscriptions_user_ends").on("subscriptions").columns(["user_id", "ends_at"]).execute()
    await db.schema.createIndex("subscriptions_unexpired").on("subscriptions").columns(["expired_at", "ends_at"]).execute()

    // Who did what as staff: a staff user, or the operator at the command line (staff_id null).
    await db.schema
      .createTable("staff_actions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("staff_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("staff_label", "text", (c) => c.notNull())
      .addColumn("invoice_id", "text", (c) => c.references("invoices.id").onDelete("cascade"))
      .addColumn("target_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("reason", "text")
      .addColumn("event_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("staff_actions_invoice").on("staff_actions").columns(["invoice_id", "created_at"]).execute()

    // An invoice's history is its events, found by this column as a lab's are by lab_id.
    await db.schema.alterTable("events").addColumn("invoice_id", "text").execute()
    await db.schema.createIndex("events_invoice").on("events").columns(["invoice_id", "seq"]).execute()
    // A payment notification names its invoice.
    await db.schema
      .alterTable("notifications")
      .addColumn("invoice_id", "text", (c) => c.references("invoices.id").onDelete("cascade"))
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("notifications").dropColumn("invoice_id").execute()
    await db.schema.dropIndex("events_invoice").execute()
    await db.schema.alterTable("events").dropColumn("invoice_id").execute()
    await db.schema.dropTable("staff_actions").execute()
    await db.schema.dropTable("subscriptions").execute()
    await db.schema.dropTable("payment_proofs").execute()
    await db.schema.dropTable("invoices").execute()
    await db.schema.alterTable("users").dropColumn("is_staff").execute()
  }
}
