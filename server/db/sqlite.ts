// Kysely's SQLite dialect speaks better-sqlite3's interface; node:sqlite is close enough that a
// thin adapter lets us use the SQLite built into Node 24 with no native dependency.
import { DatabaseSync, type StatementSync } from "node:sqlite"
import type { SqliteDatabase, SqliteStatement } from "kysely"

type Param = null | number | bigint | string | Uint8Array

/**
 * A function that turns one row, as an array of column values, into an object with the columns'
 * names. node:sqlite builds row objects by adding each column in turn, which V8 keeps as slow
 * dictionary objects; an object literal compiled once per statement gives every row one fixed
 * shape, is built faster, and is faster to read for whatever maps the row afterwards.
 */
const rowMaker = (names: ReadonlyArray<string>): ((values: ReadonlyArray<unknown>) => unknown) =>
  new Function("v", `return { ${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(", ")} }`) as (
    values: ReadonlyArray<unknown>
  ) => unknown

const adaptStatement = (statement: StatementSync): SqliteStatement => {
  const names = statement.columns().map((column) => column.name)
  if (names.length === 0)
    return {
      reader: false,
      all: (parameters) => statement.all(...(parameters as Param[])) as unknown[],
      run: (parameters) => statement.run(...(parameters as Param[])),
      iterate: (parameters) => statement.iterate(...(parameters as Param[])) as IterableIterator<unknown>
    }
  statement.setReturnArrays(true)
  const make = rowMaker(names)
  return {
    reader: true,
    all: (parameters) => (statement.all(...(parameters as Param[])) as unknown as ReadonlyArray<ReadonlyArray<unknown>>).map(make),
    run: (parameters) => statement.run(...(parameters as Param[])),
    iterate: function* (parameters) {
      for (const values of statement.iterate(...(parameters as Param[])) as unknown as Iterable<ReadonlyArray<unknown>>) yield make(values)
    }
  }
}

/**
 * Prepared statements kept by SQL text. Kysely prepares every query afresh, and preparing costs
 * about as much as running a small indexed query; the same few hundred texts recur all day.
 */
const STATEMENT_CACHE = 500

/**
 * Transactions take the write lock when they begin. Kysely begins them DEFERRED; with several
 * processes on one file (WORKERS > 1), a deferred transaction that read and then writes after
 * another process committed fails at once with SQLITE_BUSY instead of waiting its turn.
 */
const beginImmediately = (sql: string) => (sql.trim().toLowerCase() === "begin" ? "begin immediate" : sql)

/**
 * When a commit reaches the disk. FULL syncs the WAL at every commit, so what was answered as saved
 * survives a power loss; NORMAL syncs only at checkpoints, which survives a killed process but can
 * lose the last commits to a power cut (tests/bench/sqlite-sync.bench.ts measures the difference).
 */
export type SqliteSynchronous = "FULL" | "NORMAL"

export const openSqlite = (
  file: string,
  synchronous: SqliteSynchronous = "FULL",
  role: "writer" | "reader" = "writer",
  /** Off when another thread checkpoints (sqlite-checkpointer.ts) instead of the committing one. */
  autoCheckpoint = true
): SqliteDatabase => {
  const db = new DatabaseSync(file)
  // WAL lets readers run beside the one writer; foreign keys are off by default in SQLite. The page
  // cache (64 MiB) and memory-mapped reads keep a user's 100,000 labs in memory instead of asking the
  // OS for the same pages on every listing. The reader (sqlite-read-write.ts) opens after the writer
  // made the file WAL, which the file keeps, and refuses any write it might be handed by mistake.
  const mode = role === "writer" ? "PRAGMA journal_mode = WAL;" : "PRAGMA query_only = 1;"
  db.exec(
    `${mode} PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = ${synchronous === "NORMAL" ? "NORMAL" : "FULL"};` +
      " PRAGMA cache_size = -65536; PRAGMA mmap_size = 268435456; PRAGMA temp_store = MEMORY;" +
      (autoCheckpoint ? "" : " PRAGMA wal_autocheckpoint = 0;")
  )
  const statements = new Map<string, SqliteStatement>()
  const prepare = (text: string): SqliteStatement => {
    const sql = beginImmediately(text)
    const cached = statements.get(sql)
    if (cached) {
      // Most recently used last, so the first entry is the one to evict.
      statements.delete(sql)
      statements.set(sql, cached)
      return cached
    }
    const statement = adaptStatement(db.prepare(sql))
    statements.set(sql, statement)
    if (statements.size > STATEMENT_CACHE) statements.delete(statements.keys().next().value!)
    return statement
  }
  return { close: () => db.close(), prepare }
}
