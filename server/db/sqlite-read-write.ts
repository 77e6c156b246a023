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

  constructor(writer: SqliteDatabase, reader: SqliteDatabase, lock: WriteLock) {
    this.writer = writer
    this.reader = reader
    this.lock = lock
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.release !== undefined) return (await run(this.writer, query)) as QueryResult<R>
    if (SelectQueryNode.is(query.query)) return (await run(this.reader, query)) as QueryResult<R>
    const release = await this.lock.acquire()
    try {
      return (await run(this.writer, query)) as QueryResult<R>
    } finally {
      release()
    }
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

  constructor(writer: SqliteDatabase, reader: SqliteDatabase) {
    this.writer = writer
    this.reader = reader
    this.#plain = new SqliteDriver({ database: writer })
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, this.reader, this.#lock)
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
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"))
    this.#giveBack(connection as RoutedConnection)
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

  constructor(writer: SqliteDatabase, reader: SqliteDatabase) {
    super({ database: writer })
    this.#writer = writer
    this.#reader = reader
  }

  override createDriver(): Driver {
    return new ReadWriteDriver(this.#writer, this.#reader)
  }

  override createAdapter(): SqliteAdapter {
    return new ReadWriteAdapter()
  }
}
