// SQLite with its writes on a thread of their own. node:sqlite is synchronous: on one connection a
// bulk upload's transaction (about 250 ms for 2,500 polygons, a third of it the commit's fsync) held
// the event loop, and every request of the process, reads included, waited for it (the p99 of a plain
// read went from 7 to 76 ms, tests/bench/bulk-writes.ts). Here reads outside a transaction run at once
// on a reader connection of the main thread, and transactions and writes go, one at a time, to a
// writer connection on a worker thread (server/workers/sqlite-writer.worker.ts). WAL gives the reader
// the last committed state while the writer works. Kysely's own SQLite driver has one connection
// behind one mutex, so it cannot split them; this driver is small and speaks its Driver interface.
import { Worker } from "node:worker_threads"
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler
} from "kysely"
import type { WriterReply, WriterRequest } from "../workers/sqlite-writer.worker.ts"
import { openSqlite, type SqliteDatabase, type SqliteSynchronous } from "./sqlite.ts"

/** One holder at a time, served in the order they asked: the writer's transactions never interleave. */
class Turn {
  #held = false
  readonly #waiting: Array<() => void> = []
  take(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }
  give(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#held = false
  }
}

/** The writer thread as a function from a query to its result. */
class Writer {
  readonly #worker: Worker
  readonly #pending = new Map<number, { resolve: (result: QueryResult<unknown>) => void; reject: (error: Error) => void }>()
  #next = 0

  constructor(file: string, synchronous: SqliteSynchronous) {
    this.#worker = new Worker(new URL("../workers/sqlite-writer.worker.ts", import.meta.url), { workerData: { file, synchronous } })
    this.#worker.on("message", (reply: WriterReply | "ready") => (reply === "ready" ? undefined : this.#settle(reply)))
    this.#worker.on("error", (error) => this.#failAll(error))
    this.#worker.on("exit", () => this.#failAll(new Error("the SQLite writer thread stopped")))
  }

  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (message !== "ready") return
        this.#worker.off("message", onMessage)
        this.#worker.off("error", reject)
        resolve()
      }
      this.#worker.on("message", onMessage)
      this.#worker.once("error", reject)
    })
  }

  run(sql: string, parameters: ReadonlyArray<unknown>): Promise<QueryResult<unknown>> {
    const id = this.#next++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#worker.postMessage({ id, sql, parameters } satisfies WriterRequest)
    })
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.#worker.once("exit", resolve))
    this.#worker.postMessage("close")
    await exited
  }

  #settle(reply: WriterReply): void {
    const pending = this.#pending.get(reply.id)
    if (!pending) return
    this.#pending.delete(reply.id)
    if ("error" in reply) pending.reject(Object.assign(new Error(reply.error.message), reply.error))
    else if ("rows" in reply) pending.resolve({ rows: reply.rows as unknown[] })
    else pending.resolve({ rows: [], numAffectedRows: BigInt(reply.changes), insertId: BigInt(reply.lastInsertRowid) })
  }

  #failAll(error: Error): void {
    for (const { reject } of this.#pending.values()) reject(error)
    this.#pending.clear()
  }
}

const readerResult = (reader: SqliteDatabase, { sql, parameters }: CompiledQuery): QueryResult<unknown> => ({
  rows: reader.prepare(sql).all(parameters as unknown[])
})

/** A Kysely connection: a transaction's queries all go to the writer; outside one, selects are read here. */
class SplitConnection implements DatabaseConnection {
  /** True from this connection's `begin` until its commit or rollback: it holds the writer's turn. */
  inTransaction = false

  readonly reader: SqliteDatabase
  readonly writer: Writer
  readonly turn: Turn

  constructor(reader: SqliteDatabase, writer: Writer, turn: Turn) {
    this.reader = reader
    this.writer = writer
    this.turn = turn
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return (await this.writer.run(query.sql, query.parameters)) as QueryResult<R>
    if (SelectQueryNode.is(query.query)) return readerResult(this.reader, query) as QueryResult<R>
    await this.turn.take()
    try {
      return (await this.writer.run(query.sql, query.parameters)) as QueryResult<R>
    } finally {
      this.turn.give()
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!this.inTransaction && SelectQueryNode.is(query.query)) {
      for (const row of this.reader.prepare(query.sql).iterate(query.parameters as unknown[])) yield { rows: [row as R] }
      return
    }
    yield (await this.executeQuery(query)) as QueryResult<R>
  }
}

class SplitSqliteDriver implements Driver {
  #reader: SqliteDatabase | undefined
  #writer: Writer | undefined
  readonly #turn = new Turn()

  readonly file: string
  readonly synchronous: SqliteSynchronous

  constructor(file: string, synchronous: SqliteSynchronous) {
    this.file = file
    this.synchronous = synchronous
  }

  async init(): Promise<void> {
    // The writer first: it sets WAL mode and creates the file; the reader may not write at all.
    this.#writer = new Writer(this.file, this.synchronous)
    await this.#writer.ready()
    this.#reader = openSqlite(this.file, this.synchronous, { queryOnly: true })
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this.#reader!, this.#writer!, this.#turn)
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const split = connection as SplitConnection
    await this.#turn.take()
    try {
      await this.#writer!.run("begin immediate", [])
      split.inTransaction = true
    } catch (error) {
      this.#turn.give()
      throw error
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed commit leaves the transaction open and the turn held: the rollback that follows
    // (Kysely's and ours always send one) ends it and gives the turn back.
    await this.#writer!.run("commit", [])
    this.#end(connection as SplitConnection)
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#writer!.run("rollback", [])
    } finally {
      this.#end(connection as SplitConnection)
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A connection let go inside its transaction (never by our code) must not keep the writer.
    if ((connection as SplitConnection).inTransaction) await this.rollbackTransaction(connection)
  }

  async destroy(): Promise<void> {
    this.#reader?.close()
    await this.#writer?.close()
  }

  #end(connection: SplitConnection): void {
    if (!connection.inTransaction) return
    connection.inTransaction = false
    this.#turn.give()
  }
}

/** Kysely's SQLite adapter, told that connections may be held side by side (the driver orders writes). */
class SplitSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true
  }
}

export const splitSqliteDialect = (file: string, synchronous: SqliteSynchronous = "FULL"): Dialect => ({
  createAdapter: () => new SplitSqliteAdapter(),
  createDriver: () => new SplitSqliteDriver(file, synchronous),
  createQueryCompiler: () => new SqliteQueryCompiler(),
  createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db)
})
