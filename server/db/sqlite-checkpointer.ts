// Checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT that pushes
// the WAL past 1,000 pages, on the committing thread: copying a bulk upload's pages into the
// database and syncing it held every other request for ~20 ms (issue 21, item 8). The writer turns
// it off (wal_autocheckpoint = 0) and this thread checkpoints instead, every second.
import { Worker } from "node:worker_threads"

const INTERVAL_MS = 1000

export interface Checkpointer {
  /** Runs a last checkpoint and ends the thread. */
  readonly stop: () => Promise<void>
}

export const startCheckpointer = (file: string, intervalMs = INTERVAL_MS): Checkpointer => {
  const worker = new Worker(new URL("./sqlite-checkpoint.worker.ts", import.meta.url), { workerData: { file, intervalMs } })
  // The thread never keeps the process alive: a server that ends, ends.
  worker.unref()
  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      const done = () => {
        void worker.terminate().then(() => resolve())
      }
      worker.once("message", done)
      worker.once("exit", () => resolve())
      worker.once("error", done)
      worker.postMessage("stop")
    }))
  return { stop }
}
