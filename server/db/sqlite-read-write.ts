// SQLite with two connections to one file: a writer and a reader. Kysely's own SQLite dialect has
// one connection behind one lock, so a plain read waits for every open transaction to end,
// including the time the transaction spends between its statements (a bulk upload's answer being
// built, an Effect fiber yielding). In WAL mode a second connection reads the last committed state
// while a transaction is open on the first, which is what PostgreSQL gives every read; so:
//   - a SELECT outside a transaction runs on the reader, at once;
//   - a transaction holds the writer (an async lock, so writes queue without blocking the loop)
//     from its begin until its connection is released;
//   - any other statement outside a transaction takes the writer's lock for that statement.
// A read therefore never sees another request's uncommitted rows (read committed), and one write
// at a time reaches the file from this process, as before. No library offers this for Kysely on
// node:sqlite (its dialect assumes one connection), hence this small driver.
//
// Durability: when given a WalSync, a write is answered only after the WAL is synced, and the sync
// runs after the write lock is given back, off the event loop (sqlite-wal-sync.ts).
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDatabase,
  SqliteDriver
} from "kysely"
import type { Checkpointer } from "./sqlite-checkpointer.ts"
import type { WalSync } from "./sqlite-wal-sync.ts"

/** What keeps the writer's commits durable and its WAL short, both off the event loop. */
export interface WriterUpkeep {
  /** Absent when the configuration asks for synchronous = NORMAL: commits are then not synced. */
  readonly walSync?: WalSync
  readonly checkpointer?: Checkpointer
}

/** One waiter at a time holds it; the others wait their turn without blocking the event loop. */
class WriteLock {
  #tail: Promise<void> = Promise.resolve()

  /** Resolves, once the lock is ours, with the function that gives it back. */
  acquire(): Promise<() => void> {
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const turn = this.#tail.then(() => release)
    this.#tail = this.#tail.then(() => released)
    return turn
  }
}

const run = async (db: SqliteDatabase, query: CompiledQuery): Promise<QueryResult<unknown>> => {
  const statement = db.prepare(query.sql)
  if (statement.reader) return { rows: statement.all(query.parameters) }
  const { changes, lastInsertRowid } = statement.run(query.parameters)
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: []
  }
}

/** What Kysely holds for one query or one transaction: routed to the reader or the writer. */
class RoutedConnection implements DatabaseConnection {
  /** Set from the transaction's begin until the connection is released. */
  release: (() => void) | undefined

  readonly writer: SqliteDatabase
  readonly reader: SqliteDatabase
  readonly lock: WriteLock
  readonly walSync: WalSync | undefined

  constructor(writer: SqliteDatabase, reader: SqliteDatabase, lock: WriteLock, walSync: WalSync | undefined) {
    this.writer = writer
    this.reader = reader
    this.lock = lock
    this.walSync = walSync
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.release !== undefined) return (await run(this.writer, query)) as QueryResult<R>
    if (SelectQueryNode.is(query.query)) return (await run(this.reader, query)) as QueryResult<R>
    const release = await this.lock.acquire()
    let result: QueryResult<unknown>
    try {
      result = await run(this.writer, query)
    } finally {
      release()
    }
    // A statement on its own is its own commit: answered once it is on the disk.
    if (this.walSync !== undefined && !this.writer.prepare(query.sql).reader) await this.walSync.sync()
    return result as QueryResult<R>
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("SQLite streams only SELECT queries")
    const db = this.release !== undefined ? this.writer : this.reader
    for (const row of db.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] }
  }
}

class ReadWriteDriver implements Driver {
  readonly #lock = new WriteLock()
  /** Kysely's driver, for its savepoint statements (run on the transaction's connection). */
  readonly #plain: SqliteDriver

  readonly writer: SqliteDatabase
  readonly reader: SqliteDatabase
  readonly upkeep: WriterUpkeep

  constructor(writer: SqliteDatabase, reader: SqliteDatabase, upkeep: WriterUpkeep) {
    this.writer = writer
    this.reader = reader
    this.upkeep = upkeep
    this.#plain = new SqliteDriver({ database: writer })
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, this.reader, this.#lock, this.upkeep.walSync)
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection
    routed.release = await this.#lock.acquire()
    try {
      // openSqlite writes it as BEGIN IMMEDIATE: the file's write lock from the start.
      await run(this.writer, CompiledQuery.raw("begin"))
    } catch (error) {
      this.#giveBack(routed)
      throw error
    }
  }

  // The writer is given back when the transaction ends, not only when its connection is released:
  // a connection Kysely reserves (the migrator's) may run several transactions in turn.
  // The next transaction may begin while this one's sync runs; this one is answered after it.
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"))
    this.#giveBack(connection as RoutedConnection)
    await this.upkeep.walSync?.sync()
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"))
    this.#giveBack(connection as RoutedConnection)
  }

  savepoint: NonNullable<Driver["savepoint"]> = (connection, name, compile) => this.#plain.savepoint(connection, name, compile)
  rollbackToSavepoint: NonNullable<Driver["rollbackToSavepoint"]> = (connection, name, compile) =>
    this.#plain.rollbackToSavepoint(connection, name, compile)
  releaseSavepoint: NonNullable<Driver["releaseSavepoint"]> = (connection, name, compile) =>
    this.#plain.releaseSavepoint(connection, name, compile)

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#giveBack(connection as RoutedConnection)
  }

  #giveBack(connection: RoutedConnection): void {
    const release = connection.release
    connection.release = undefined
    release?.()
  }

  async destroy(): Promise<void> {
    await this.upkeep.checkpointer?.stop()
    await this.upkeep.walSync?.close()
    this.reader.close()
    this.writer.close()
  }
}

/** Several connections (the reader beside the writer): Kysely then takes no lock of its own. */
class ReadWriteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true
  }
}

export class SqliteReadWriteDialect extends SqliteDialect {
  readonly #writer: SqliteDatabase
  readonly #reader: SqliteDatabase
  readonly #upkeep: WriterUpkeep

  constructor(writer: SqliteDatabase, reader: SqliteDatabase, upkeep: WriterUpkeep = {}) {
    super({ database: writer })
    this.#writer = writer
    this.#reader = reader
    this.#upkeep = upkeep
  }

  override createDriver(): Driver {
    return new ReadWriteDriver(this.#writer, this.#reader, this.#upkeep)
  }

  override createAdapter(): SqliteAdapter {
    return new ReadWriteAdapter()
  }
}
