// Chooses the engine from the configuration, runs the migrations and hands out one Kysely instance.
import { join } from "node:path"
import { Kysely, PostgresDialect, SqliteDialect } from "kysely"
import pg from "pg"
import type { Config } from "../config.ts"
import { type Engine, migrateToLatest } from "./migrations.ts"
import type { Database } from "./schema.ts"
import { openSqlite } from "./sqlite.ts"

export type Db = Kysely<Database>

const INT8 = 20
/**
 * pg returns 64-bit integers (bigint columns, count(*)) as strings; our values (sequence numbers,
 * TOTP steps, epoch seconds, counts) fit a JavaScript number, as they do on SQLite.
 */
const getTypeParser = ((oid: number, format?: "text" | "binary") =>
  oid === INT8 && format !== "binary" ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser

export interface OpenedDatabase {
  readonly db: Db
  readonly engine: Engine
}

export const openDatabase = async (config: Pick<Config, "databaseUrl" | "dataDir">): Promise<OpenedDatabase> => {
  const engine: Engine = config.databaseUrl ? "postgres" : "sqlite"
  const dialect = config.databaseUrl
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: 20, types: { getTypeParser } }) })
    : new SqliteDialect({ database: openSqlite(join(config.dataDir, "preparat.sqlite")) })
  const db = new Kysely<Database>({ dialect })
  await migrateToLatest(db as Kysely<unknown>, engine)
  return { db, engine }
}
