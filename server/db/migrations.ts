// One ordered list of migrations for SQLite and PostgreSQL. Only portable column types are used;
// the one engine difference (an auto-increasing key) is decided by `serial`.
import { type Kysely, sql } from "kysely"
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration"

export type Engine = "sqlite" | "postgres"

const migrations = (engine: Engine): Record<string, Migration> => ({
  "0001_accounts": {
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
  },
  "0002_labs": {
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
      await sql`CREATE UNIQUE INDEX labs_sibling_name ON labs (owner_id, coalesce(parent_id, ''), name_lower) WHERE deleted_at IS NULL`.execute(db)

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
  },
  // Searching names by any part ("%kidney%") cannot use a b-tree index. Each engine gets its
  // trigram index; queries stay the same LIKE on PostgreSQL, and MATCH on SQLite (lab-search.ts).
  "0003_lab_name_search": engine === "postgres" ? postgresNameSearch : sqliteNameSearch,
  "0004_slides": {
    up: async (db: Kysely<unknown>) => {
      // What the pyramid builder learnt of a slide; null until it is ready (and mpp when unknown).
      await db.schema.alterTable("labs").addColumn("width", "integer").execute()
      await db.schema.alterTable("labs").addColumn("height", "integer").execute()
      await db.schema.alterTable("labs").addColumn("mpp", "double precision").execute()
      // The directory of the lab's Deep Zoom pyramid and thumbnails under DATA_DIR/slides. A new
      // key per build, so every URL under it is immutable and may be cached for a year.
      await db.schema.alterTable("labs").addColumn("slide_key", "text").execute()

      // An upload in progress: bytes arrive in order into DATA_DIR/uploads/<id>; `received` is the
      // offset the client continues from. The first chunk creates its file lab (status uploading, size
      // 0, counted against no quota); the last byte makes it processing.
      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        // The target folder (null for the uploader's root) and whose quota the bytes count against.
        .addColumn("parent_id", "text", (c) => c.references("labs.id").onDelete("cascade"))
        .addColumn("owner_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("filename", "text", (c) => c.notNull())
        .addColumn("total_size", "bigint", (c) => c.notNull())
        .addColumn("received", "bigint", (c) => c.notNull().defaultTo(0))
        // The file lab it is becoming, created with the first chunk.
        .addColumn("lab_id", "text", (c) => c.references("labs.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("completed_at", "text")
        .execute()
      await db.schema.createIndex("uploads_user").on("uploads").columns(["user_id", "completed_at"]).execute()
      await db.schema.createIndex("uploads_stale").on("uploads").columns(["completed_at", "updated_at"]).execute()

      // The durable job queue: a worker claims the oldest due job, and a claim whose worker died
      // (locked_until passed) is claimed again, so jobs survive restarts.
      await db.schema
        .createTable("slide_jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("lab_id", "text", (c) => c.notNull().references("labs.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("run_after", "text", (c) => c.notNull())
        .addColumn("locked_until", "text")
        .addColumn("error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("slide_jobs_due").on("slide_jobs").columns(["state", "run_after"]).execute()
      await db.schema.createIndex("slide_jobs_lab").on("slide_jobs").column("lab_id").execute()
    },
    down: async (db: Kysely<unknown>) => {
      await db.schema.dropTable("slide_jobs").execute()
      await db.schema.dropTable("uploads").execute()
      for (const column of ["slide_key", "mpp", "height", "width"]) await db.schema.alterTable("labs").dropColumn(column).execute()
    }
  },
  "0005_upload_lab": {
    // The upload a file lab came from: its original file name for the download.
    up: async (db: Kysely<unknown>) => {
      await db.schema.createIndex("uploads_lab").on("uploads").column("lab_id").execute()
    },
    down: async (db: Kysely<unknown>) => {
      await db.schema.dropIndex("uploads_lab").execute()
    }
  },
  "0006_labs_owner_live_name": {
    // A broad search reads the owner's live folders, then files, in name order, either way, and
    // only their ids (lab-search.ts). Partial, so that the kind and the name follow equalities only:
    // PostgreSQL takes no order from an index past an IS NULL column (labs_owner_name's deleted_at).
    up: async (db: Kysely<unknown>) => {
      await sql`CREATE INDEX labs_owner_live_name ON labs (owner_id, is_dir, name_lower, id) WHERE deleted_at IS NULL`.execute(db)
    },
    down: async (db: Kysely<unknown>) => {
      await db.schema.dropIndex("labs_owner_live_name").execute()
    }
  },
  "0007_live_page_indexes": {
    // PostgreSQL takes no order from an index past a column tested with IS NULL, so it read every
    // child of a folder (and every root lab of an owner) and sorted them to show 20: the cost grew
    // with the folder. Partial indexes hold only live labs, so the order (folders first, then by
    // name) follows equalities and a page reads its own rows. SQLite treats IS NULL as an equality
    // and already reads labs_children and labs_owner in order, so it needs neither.
    up: async (db: Kysely<unknown>) => {
      if (engine !== "postgres") return
      await sql`CREATE INDEX labs_live_children ON labs (parent_id, is_dir DESC, name_lower) WHERE deleted_at IS NULL`.execute(db)
      await sql`CREATE INDEX labs_live_roots ON labs (owner_id, is_dir DESC, name_lower) WHERE parent_id IS NULL AND deleted_at IS NULL`.execute(db)
    },
    down: async (db: Kysely<unknown>) => {
      if (engine !== "postgres") return
      await db.schema.dropIndex("labs_live_roots").execute()
      await db.schema.dropIndex("labs_live_children").execute()
    }
  },
  "0008_lab_change_log": engine === "postgres" ? postgresChangeLog : sqliteChangeLog
})

/**
 * PostgreSQL: a pg_trgm GIN index, when the extension is available to us. It is installed in
 * `public` so that dropping some other schema (a test run's) never takes it along. Without it,
 * search still works, by scanning the owner's index.
 */
const postgresNameSearch: Migration = {
  up: async (db) => {
    const installed = async () =>
      (await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db))
        .rows[0]?.schema
    let schema = await installed()
    if (!schema) {
      const available = await sql`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db)
      if (available.rows.length === 0) return
      // A savepoint, so that lacking the privilege (or another run creating it at the same moment)
      // leaves this migration's transaction usable.
      await sql`SAVEPOINT pg_trgm`.execute(db)
      try {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db)
        await sql`RELEASE SAVEPOINT pg_trgm`.execute(db)
      } catch {
        await sql`ROLLBACK TO SAVEPOINT pg_trgm`.execute(db)
      }
      schema = await installed()
      if (!schema) return
    }
    await sql`CREATE INDEX labs_name_trgm ON labs USING gin (name_lower ${sql.id(schema)}.gin_trgm_ops)`.execute(db)
  },
  down: async (db) => {
    await sql`DROP INDEX IF EXISTS labs_name_trgm`.execute(db)
  }
}

/**
 * SQLite: an FTS5 table with the trigram tokenizer, kept by triggers. Its rows are keyed by
 * lab_search_keys.key, an INTEGER PRIMARY KEY, because the implicit rowid of labs (whose key is
 * text) may change on VACUUM.
 */
const sqliteNameSearch: Migration = {
  up: async (db) => {
    await sql`CREATE TABLE lab_search_keys (key INTEGER PRIMARY KEY, lab_id TEXT NOT NULL UNIQUE)`.execute(db)
    await sql`CREATE VIRTUAL TABLE labs_fts USING fts5(name_lower, tokenize = 'trigram')`.execute(db)
    await sql`INSERT INTO lab_search_keys (lab_id) SELECT id FROM labs`.execute(db)
    await sql`INSERT INTO labs_fts (rowid, name_lower) SELECT k.key, l.name_lower FROM lab_search_keys k JOIN labs l ON l.id = k.lab_id`.execute(db)
    await sql`CREATE TRIGGER labs_search_insert AFTER INSERT ON labs BEGIN
      INSERT INTO lab_search_keys (lab_id) VALUES (new.id);
      INSERT INTO labs_fts (rowid, name_lower) VALUES (last_insert_rowid(), new.name_lower);
    END`.execute(db)
    await sql`CREATE TRIGGER labs_search_rename AFTER UPDATE OF name_lower ON labs WHEN old.name_lower <> new.name_lower BEGIN
      UPDATE labs_fts SET name_lower = new.name_lower WHERE rowid = (SELECT key FROM lab_search_keys WHERE lab_id = new.id);
    END`.execute(db)
    await sql`CREATE TRIGGER labs_search_delete AFTER DELETE ON labs BEGIN
      DELETE FROM labs_fts WHERE rowid = (SELECT key FROM lab_search_keys WHERE lab_id = old.id);
      DELETE FROM lab_search_keys WHERE lab_id = old.id;
    END`.execute(db)
  },
  down: async (db) => {
    for (const trigger of ["labs_search_insert", "labs_search_rename", "labs_search_delete"]) await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db)
    await sql`DROP TABLE IF EXISTS labs_fts`.execute(db)
    await sql`DROP TABLE IF EXISTS lab_search_keys`.execute(db)
  }
}

/**
 * The change log the in-memory name index follows (server/search): each owner's labs carry a version
 * that every change to one of their labs' indexed columns raises, and each raise names the lab
 * (lab_changes). Written by triggers, so no code path can change a lab without the log knowing, and
 * in the same transaction as the change. PostgreSQL raises the version under the row lock of the
 * owner's lab_versions row, held until commit, so one owner's versions commit in order with no gap:
 * a reader that sees version v has every change up to v. (SQLite has one writer at a time.)
 */
const INDEXED_COLUMNS = ["owner_id", "parent_id", "name_lower", "is_dir", "is_public", "size", "created_at", "updated_at", "deleted_at"]

const logTables = async (db: Kysely<unknown>) => {
  await db.schema
    .createTable("lab_versions")
    .addColumn("owner_id", "text", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute()
  await db.schema
    .createTable("lab_changes")
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("version", "bigint", (c) => c.notNull())
    .addColumn("lab_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lab_changes_pk", ["owner_id", "version"])
    .execute()
}

/**
 * PostgreSQL logs per statement (transition tables): one raise of the owner's version by the number
 * of labs the statement changed, then one change row each. Raising it once per row made a statement
 * that changes many labs (a bulk import, trashing a big folder) update that one row thousands of
 * times in one transaction, each update slower than the last (100,000 inserts: 6 s became 74 s).
 */
const postgresLogged = (changed: string) => `
  WITH changed AS (${changed}),
  counts AS (SELECT owner_id, count(*) AS n FROM changed GROUP BY owner_id),
  raised AS (
    INSERT INTO lab_versions AS lv (owner_id, version) SELECT owner_id, n FROM counts
    ON CONFLICT (owner_id) DO UPDATE SET version = lv.version + excluded.version
    RETURNING lv.owner_id, lv.version
  )
  INSERT INTO lab_changes (owner_id, version, lab_id)
  SELECT c.owner_id, r.version - row_number() OVER (PARTITION BY c.owner_id ORDER BY c.id) + 1, c.id
  FROM changed c JOIN raised r ON r.owner_id = c.owner_id;
  RETURN NULL;`

const postgresChangeLog: Migration = {
  up: async (db: Kysely<unknown>) => {
    await logTables(db)
    const isChanged = INDEXED_COLUMNS.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(" OR ")
    const bodies = {
      insert: postgresLogged("SELECT owner_id, id FROM new_rows"),
      delete: postgresLogged("SELECT owner_id, id FROM old_rows"),
      // Each changed lab under its owner now, and under its former owner when it changed hands.
      update: postgresLogged(
        `SELECT n.owner_id, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ${isChanged}
         UNION ALL SELECT o.owner_id, o.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.owner_id <> n.owner_id`
      )
    }
    for (const [event, body] of Object.entries(bodies)) {
      const tables = event === "insert" ? "NEW TABLE AS new_rows" : event === "delete" ? "OLD TABLE AS old_rows" : "OLD TABLE AS old_rows NEW TABLE AS new_rows"
      await sql.raw(`CREATE FUNCTION lab_changes_${event}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} END $$`).execute(db)
      await sql.raw(`CREATE TRIGGER labs_logged_${event} AFTER ${event.toUpperCase()} ON labs REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION lab_changes_${event}()`).execute(db)
    }
    // Owners of labs already there start at version 0: a process reads their labs whole at first use.
    await sql`INSERT INTO lab_versions (owner_id, version) SELECT DISTINCT owner_id, 0 FROM labs`.execute(db)
  },
  down: async (db: Kysely<unknown>) => {
    for (const event of ["insert", "delete", "update"]) {
      await sql.raw(`DROP TRIGGER IF EXISTS labs_logged_${event} ON labs`).execute(db)
      await sql.raw(`DROP FUNCTION IF EXISTS lab_changes_${event}()`).execute(db)
    }
    await db.schema.dropTable("lab_changes").execute()
    await db.schema.dropTable("lab_versions").execute()
  }
}

/** SQLite: one writer at a time, so versions are in commit order by themselves. */
const sqliteLogged = (owner: string) => `
    INSERT INTO lab_versions (owner_id, version) VALUES (${owner}, 1) ON CONFLICT (owner_id) DO UPDATE SET version = version + 1;
    INSERT INTO lab_changes (owner_id, version, lab_id) SELECT owner_id, version, ${owner === "OLD.owner_id" ? "OLD.id" : "NEW.id"} FROM lab_versions WHERE owner_id = ${owner};`

const sqliteChangeLog: Migration = {
  up: async (db: Kysely<unknown>) => {
    await logTables(db)
    await sql.raw(`CREATE TRIGGER labs_logged_insert AFTER INSERT ON labs BEGIN ${sqliteLogged("NEW.owner_id")} END`).execute(db)
    await sql.raw(`CREATE TRIGGER labs_logged_delete AFTER DELETE ON labs BEGIN ${sqliteLogged("OLD.owner_id")} END`).execute(db)
    const isChanged = INDEXED_COLUMNS.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(" OR ")
    await sql
      .raw(`CREATE TRIGGER labs_logged_update AFTER UPDATE OF ${INDEXED_COLUMNS.join(", ")} ON labs WHEN ${isChanged} BEGIN ${sqliteLogged("NEW.owner_id")} END`)
      .execute(db)
    await sql
      .raw(`CREATE TRIGGER labs_logged_owner AFTER UPDATE OF owner_id ON labs WHEN OLD.owner_id IS NOT NEW.owner_id BEGIN ${sqliteLogged("OLD.owner_id")} END`)
      .execute(db)
    await sql`INSERT INTO lab_versions (owner_id, version) SELECT DISTINCT owner_id, 0 FROM labs`.execute(db)
  },
  down: async (db: Kysely<unknown>) => {
    for (const name of ["labs_logged_insert", "labs_logged_delete", "labs_logged_update", "labs_logged_owner"]) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db)
    await db.schema.dropTable("lab_changes").execute()
    await db.schema.dropTable("lab_versions").execute()
  }
}

const providerFor = (engine: Engine): MigrationProvider => ({ getMigrations: async () => migrations(engine) })

/**
 * PostgreSQL: the migration bookkeeping lives in the connection's current schema. Without naming it,
 * Kysely looks for its tables in every schema and, finding another schema's, skips creating its own.
 */
const currentSchema = async (db: Kysely<unknown>, engine: Engine): Promise<string | undefined> => {
  if (engine !== "postgres") return undefined
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  return rows[0]?.schema
}

export const migrateToLatest = async (db: Kysely<unknown>, engine: Engine): Promise<void> => {
  const migrationTableSchema = await currentSchema(db, engine)
  const { error, results } = await new Migrator({
    db,
    provider: providerFor(engine),
    ...(migrationTableSchema ? { migrationTableSchema } : {})
  }).migrateToLatest()
  const failed = results?.find((r) => r.status === "Error")
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`)
}
