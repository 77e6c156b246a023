// Chooses the engine from the configuration, runs the migrations and hands out one Kysely instance.
import { join } from "node:path"
import { Kysely, PostgresDialect, SqliteDialect } from "kysely"
import type { Config } from "../config.ts"
import { type Engine, migrateToLatest } from "./migrations.ts"
import { openPostgresPool } from "./postgres.ts"
import type { Database } from "./schema.ts"
import { openSqlite } from "./sqlite.ts"

export type Db = Kysely<Database>

export interface OpenedDatabase {
  readonly db: Db
  readonly engine: Engine
}

export const openDatabase = async (config: Pick<Config, "databaseUrl" | "dataDir"> & Partial<Pick<Config, "databasePrepare">>): Promise<OpenedDatabase> => {
  const engine: Engine = config.databaseUrl ? "postgres" : "sqlite"
  const dialect = config.databaseUrl
    ? new PostgresDialect({ pool: openPostgresPool(config.databaseUrl, config.databasePrepare ?? true) })
    : new SqliteDialect({ database: openSqlite(join(config.dataDir, "preparat.sqlite")) })
  const db = new Kysely<Database>({ dialect })
  await migrateToLatest(db as Kysely<unknown>, engine)
  return { db, engine }
}
