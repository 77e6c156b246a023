// Labs (folders and files in one tree per owner), members, favorites, recents, metadata, notifications.
import { type Kysely, sql } from "kysely"
import type { Migration } from "kysely/migration"

export const labs: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("labs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("owner_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("parent_id", "text", (c) => c.references("labs.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_lower", "text", (c) => c.notNull())
      .addColumn("is_dir", "integer", (c) => c.notNull())
      .addColumn("status", "text")
      .addColumn("size", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("description", "text")
      .addColumn("thumbnail", "text")
      .addColumn("blob_key", "text")
      .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("deleted_at", "text")
      .addColumn("trash_id", "text")
      .execute()
    // A folder's page: its live children, folders first, by name.
    await sql`CREATE INDEX labs_children ON labs (parent_id, deleted_at, is_dir DESC, name_lower)`.execute(db)
    // The owner's root page, and the owner's labs found by name (search scans only this index).
    await sql`CREATE INDEX labs_owner ON labs (owner_id, parent_id, deleted_at, is_dir DESC, name_lower)`.execute(db)
    await db.schema.createIndex("labs_owner_name").on("labs").columns(["owner_id", "deleted_at", "name_lower"]).execute()
    // Storage used: the owner's file sizes, read from the index alone.
    await db.schema.createIndex("labs_owner_size").on("labs").columns(["owner_id", "is_dir", "size"]).execute()
    await db.schema.createIndex("labs_trash").on("labs").columns(["trash_id"]).execute()
    // Names are unique among live siblings, whatever their case. The owner stands in for the parent
    // at the root (every lab inside a tree has the tree's owner), and coalesce makes the root one key.
    await sql`CREATE UNIQUE INDEX labs_sibling_name ON labs (owner_id, coalesce(parent_id, ''), name_lower) WHERE deleted_at IS NULL`.execute(
      db
    )

    await db.schema
      .createTable("lab_members")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
      .addColumn("email", "text", (c) => c.notNull())
      .addColumn("role", "text", (c) => c.notNull())
      .addColumn("invited_by", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("lab_members_lab_email", ["lab_id", "email"])
      .execute()
    await db.schema.createIndex("lab_members_user").on("lab_members").columns(["user_id", "lab_id"]).execute()
    await db.schema.createIndex("lab_members_email").on("lab_members").columns(["email", "user_id"]).execute()

    await db.schema
      .createTable("lab_favorites")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("lab_favorites_pk", ["user_id", "lab_id"])
      .execute()
    await db.schema.createIndex("lab_favorites_lab").on("lab_favorites").column("lab_id").execute()

    await db.schema
      .createTable("lab_recents")
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("accessed_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("lab_recents_pk", ["user_id", "lab_id"])
      .execute()
    await db.schema.createIndex("lab_recents_newest").on("lab_recents").columns(["user_id", "accessed_at"]).execute()
    await db.schema.createIndex("lab_recents_lab").on("lab_recents").column("lab_id").execute()

    await db.schema
      .createTable("lab_metadata")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("lab_metadata_lab_name", ["lab_id", "name"])
      .execute()

    await db.schema
      .createTable("notifications")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("lab_id", "text", (c) => c.references("labs.id").onDelete("set null"))
      .addColumn("sender_id", "text", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("event_id", "text", (c) => c.notNull())
      .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute()
    await db.schema.createIndex("notifications_user").on("notifications").columns(["user_id", "created_at"]).execute()
    await db.schema.createIndex("notifications_lab").on("notifications").column("lab_id").execute()
  },
  down: async (db: Kysely<unknown>) => {
    for (const table of ["notifications", "lab_metadata", "lab_recents", "lab_favorites", "lab_members", "labs"]) {
      await db.schema.dropTable(table).execute()
    }
  }
}
