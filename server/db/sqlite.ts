// Kysely's SQLite dialect speaks better-sqlite3's interface; node:sqlite is close enough that a
// thin adapter lets us use the SQLite built into Node 24 with no native dependency.
import { DatabaseSync, type StatementSync } from "node:sqlite"
import type { SqliteDatabase, SqliteStatement } from "kysely"

type Param = null | number | bigint | string | Uint8Array

const adaptStatement = (statement: StatementSync): SqliteStatement => ({
  reader: statement.columns().length > 0,
  all: (parameters) => statement.all(...(parameters as Param[])) as unknown[],
  run: (parameters) => statement.run(...(parameters as Param[])),
  iterate: (parameters) => statement.iterate(...(parameters as Param[])) as IterableIterator<unknown>
})

export const openSqlite = (file: string): SqliteDatabase => {
  const db = new DatabaseSync(file)
  // WAL lets readers run beside the one writer; foreign keys are off by default in SQLite.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;")
  return { close: () => db.close(), prepare: (sql) => adaptStatement(db.prepare(sql)) }
}
