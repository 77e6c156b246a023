// Chooses the engine from the configuration, runs the migrations and hands out one Kysely instance.
import { join } from "node:path"
import { Kysely, SqliteDialect } from "kysely"
import type { Config } from "../config.ts"
import { type Engine, migrateToLatest } from "./migrations.ts"
import { postgresDialect } from "./postgres.ts"
import type { Database } from "./schema.ts"
import { openSqlite } from "./sqlite.ts"
import { InlineLimits } from "./sqlite-inline-limits.ts"

export type Db = Kysely<Database>

export interface OpenedDatabase {
  readonly db: Db
  readonly engine: Engine
}

export const openDatabase = async (
  config: Pick<Config, "databaseUrl" | "dataDir"> & Partial<Pick<Config, "databasePrepare" | "sqliteSynchronous">>
): Promise<OpenedDatabase> => {
  const engine: Engine = config.databaseUrl ? "postgres" : "sqlite"
  const dialect = config.databaseUrl
    ? postgresDialect(config.databaseUrl, config.databasePrepare ?? true)
    : new SqliteDialect({ database: openSqlite(join(config.dataDir, "preparat.sqlite"), config.sqliteSynchronous) })
  // SQLite plans a bound LIMIT or OFFSET without its number: they are written in (sqlite-inline-limits.ts).
  const db = new Kysely<Database>({ dialect, plugins: engine === "sqlite" ? [new InlineLimits()] : [] })
  await migrateToLatest(db as Kysely<unknown>, engine)
  return { db, engine }
}
