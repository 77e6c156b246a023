// The SQLite writer thread (started by server/db/sqlite-split.ts): every write and every
// transaction of the process runs here, on a connection of its own, so that a long transaction and
// its commit's fsync never hold the event loop. The main thread reads on its own connection; WAL
// lets it read the last committed state while this thread writes.
import { parentPort, workerData } from "node:worker_threads"
import { openSqlite, type SqliteSynchronous } from "../db/sqlite.ts"

export interface WriterStart {
  readonly file: string
  readonly synchronous: SqliteSynchronous
}

export interface WriterRequest {
  readonly id: number
  readonly sql: string
  readonly parameters: ReadonlyArray<unknown>
}

export type WriterReply =
  | { readonly id: number; readonly rows: ReadonlyArray<unknown> }
  | { readonly id: number; readonly changes: number | bigint; readonly lastInsertRowid: number | bigint }
  | { readonly id: number; readonly error: { message: string; code?: unknown; errcode?: unknown; errstr?: unknown } }

const { file, synchronous } = workerData as WriterStart
const db = openSqlite(file, synchronous)
const port = parentPort!

const answer = ({ id, sql, parameters }: WriterRequest): WriterReply => {
  try {
    const statement = db.prepare(sql)
    if (statement.reader) return { id, rows: statement.all(parameters) }
    const { changes, lastInsertRowid } = statement.run(parameters)
    return { id, changes, lastInsertRowid }
  } catch (cause) {
    // Errors cross the thread as plain data; the fields the server reads (a unique violation's
    // message, a full disk's errcode) are kept.
    const e = cause as { message?: unknown; code?: unknown; errcode?: unknown; errstr?: unknown }
    return { id, error: { message: String(e?.message ?? cause), code: e?.code, errcode: e?.errcode, errstr: e?.errstr } }
  }
}

port.on("message", (message: WriterRequest | "close") => {
  if (message === "close") {
    db.close()
    port.close()
    return
  }
  port.postMessage(answer(message))
})
port.postMessage("ready")
