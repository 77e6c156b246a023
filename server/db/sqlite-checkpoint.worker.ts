// The checkpointer's thread (server/db/sqlite-checkpointer.ts): its own connection to the file,
// copying the WAL's committed pages into the database every interval. PASSIVE never waits for the
// writer or a reader; pages it cannot copy yet are copied at a later turn.
import { DatabaseSync } from "node:sqlite"
import { parentPort, workerData } from "node:worker_threads"

const { file, intervalMs } = workerData as { readonly file: string; readonly intervalMs: number }
const db = new DatabaseSync(file)
db.exec("PRAGMA busy_timeout = 1000; PRAGMA synchronous = NORMAL;")
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)")

const timer = setInterval(() => {
  try {
    checkpoint.get()
  } catch {
    // Busy or locked: the next turn tries again.
  }
}, intervalMs)

parentPort?.on("message", (message) => {
  if (message !== "stop") return
  clearInterval(timer)
  try {
    checkpoint.get()
  } finally {
    db.close()
    parentPort?.postMessage("stopped")
  }
})
