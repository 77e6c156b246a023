// Chooses the engine from the configuration, runs the migrations and hands out one Kysely instance.
import { join } from "node:path"
import { Kysely } from "kysely"
import type { Config } from "../config.ts"
import { type Engine, migrateToLatest } from "./migrations.ts"
import { postgresDialect } from "./postgres.ts"
import type { Database } from "./schema.ts"
import { openSqlite } from "./sqlite.ts"
import { InlineLimits } from "./sqlite-inline-limits.ts"
import { startCheckpointer } from "./sqlite-checkpointer.ts"
import { SqliteReadWriteDialect } from "./sqlite-read-write.ts"
import { WalSync } from "./sqlite-wal-sync.ts"

export type Db = Kysely<Database>

export interface OpenedDatabase {
  readonly db: Db
  readonly engine: Engine
}

/**
 * The writer first: it makes the file WAL, in which the reader reads beside it (sqlite-read-write.ts).
 * The writer itself commits at synchronous = NORMAL and never checkpoints: FULL's sync is done by
 * WalSync and checkpoints by their own thread, both off the event loop (issue 21, item 8).
 */
const sqliteDialect = (file: string, synchronous: Config["sqliteSynchronous"] | undefined) => {
  const writer = openSqlite(file, "NORMAL", "writer", false)
  const reader = openSqlite(file, "NORMAL", "reader")
  return new SqliteReadWriteDialect(writer, reader, {
    walSync: synchronous === "NORMAL" ? undefined : new WalSync(`${file}-wal`),
    checkpointer: startCheckpointer(file)
  })
}

export const openDatabase = async (
  config: Pick<Config, "databaseUrl" | "dataDir"> & Partial<Pick<Config, "databasePrepare" | "sqliteSynchronous">>
): Promise<OpenedDatabase> => {
  const engine: Engine = config.databaseUrl ? "postgres" : "sqlite"
  const dialect = config.databaseUrl
    ? postgresDialect(config.databaseUrl, config.databasePrepare ?? true)
    : sqliteDialect(join(config.dataDir, "preparat.sqlite"), config.sqliteSynchronous)
  // SQLite plans a bound LIMIT or OFFSET without its number: they are written in (sqlite-inline-limits.ts).
  const db = new Kysely<Database>({ dialect, plugins: engine === "sqlite" ? [new InlineLimits()] : [] })
  await migrateToLatest(db as Kysely<unknown>, engine)
  return { db, engine }
}
