// Accounts, sessions, one-time tokens, the event log and rate limits.
import type { Kysely } from "kysely"
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"

export const accounts = (engine: Engine): Migration => ({
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("users")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("username", "text", (c) => c.unique())
      .addColumn("phone", "text")
      .addColumn("company", "text")
      .addColumn("description", "text")
      .addColumn("avatar", "text")
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("mfa_secret", "text")
      .addColumn("mfa_enabled", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("mfa_last_step", "bigint")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute()
    await db.schema
      .createTable("backup_codes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("code_hash", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute()
    await db.schema.createIndex("backup_codes_user").on("backup_codes").column("user_id").execute()
    await db.schema
      .createTable("refresh_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("family", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("rotated_at", "text")
      .addColumn("revoked_at", "text")
      .execute()
    await db.schema.createIndex("refresh_tokens_family").on("refresh_tokens").column("family").execute()
    await db.schema
      .createTable("one_time_tokens")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("token_hash", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("used_at", "text")
      .execute()
    await db.schema
      .createTable("events")
      .addColumn("seq", engine === "postgres" ? "bigserial" : "integer", (c) =>
        engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()
      )
      .addColumn("id", "text", (c) => c.notNull().unique())
      .addColumn("actor_id", "text")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("lab_id", "text")
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("published_at", "text")
      .execute()
    await db.schema.createIndex("events_actor").on("events").columns(["actor_id", "seq"]).execute()
    await db.schema.createIndex("events_unpublished").on("events").column("published_at").execute()
    await db.schema
      .createTable("rate_limits")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("window_start", "bigint", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .execute()
  },
  down: async (db: Kysely<unknown>) => {
    for (const table of ["rate_limits", "events", "one_time_tokens", "refresh_tokens", "backup_codes", "users"]) {
      await db.schema.dropTable(table).execute()
    }
  }
})
