// Searching names by any part ("%kidney%") cannot use a b-tree index. Each engine gets its
// trigram index; queries stay the same LIKE on PostgreSQL, and MATCH on SQLite (lab-search.ts).
import { sql } from "kysely"
import type { Migration } from "kysely/migration"
import type { Engine } from "../engine.ts"

/**
 * PostgreSQL: a pg_trgm GIN index, when the extension is available to us. It is installed in
 * `public` so that dropping some other schema (a test run's) never takes it along. Without it,
 * search still works, by scanning the owner's index.
 */
const postgresNameSearch: Migration = {
  up: async (db) => {
    const installed = async () =>
      (
        await sql<{
          schema: string
        }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(
          db
        )
      ).rows[0]?.schema
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
    await sql`INSERT INTO labs_fts (rowid, name_lower) SELECT k.key, l.name_lower FROM lab_search_keys k JOIN labs l ON l.id = k.lab_id`.execute(
      db
    )
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
    for (const trigger of ["labs_search_insert", "labs_search_rename", "labs_search_delete"])
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db)
    await sql`DROP TABLE IF EXISTS labs_fts`.execute(db)
    await sql`DROP TABLE IF EXISTS lab_search_keys`.execute(db)
  }
}

export const labNameSearch = (engine: Engine): Migration => (engine === "postgres" ? postgresNameSearch : sqliteNameSearch)
