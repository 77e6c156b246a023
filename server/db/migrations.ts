// Runs the migrations (server/db/migrations/, one file each, listed in order in its index.ts) on
// SQLite or PostgreSQL. Only portable column types are used; where the engines differ a migration
// is given the engine.
import { type Kysely, sql } from "kysely"
import { type MigrationProvider, Migrator } from "kysely/migration"
import type { Engine } from "./engine.ts"
import { migrationsFor } from "./migrations/index.ts"

export type { Engine }

const providerFor = (engine: Engine): MigrationProvider => ({ getMigrations: async () => migrationsFor(engine) })

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
