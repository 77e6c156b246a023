// WORKERS > 1: this process migrates the database once, then forks that many workers that share the
// port (node:cluster hands connections out round-robin) and relays their peer messages. A worker
// that dies is replaced; SIGINT/SIGTERM stop them all.
//
// Why processes: one Node process runs JavaScript on one core, and at 50 concurrent requests the
// latency of a listing is the queue in front of that core. Workers are stateless apart from their
// sockets: sessions, rate limits, jobs and the event log live in the database.
import cluster, { type Worker } from "node:cluster"
import type { Config } from "../config.ts"
import { openDatabase } from "../db/database.ts"
import { isPeerMessage } from "./bus.ts"

/** Resolves once every worker listens (so the first requests can land on any of them). */
export const runPrimary = async (config: Config, count: number): Promise<void> => {
  // Before any worker opens the database, so that they never race to migrate it.
  const { db } = await openDatabase(config)
  await db.destroy()

  const workers = new Map<number, Worker>()
  let stopping = false

  const fork = (index: number) => {
    const worker = cluster.fork({ PREPARAT_WORKER_INDEX: String(index) })
    workers.set(index, worker)
    worker.on("message", (message: unknown) => {
      if (!isPeerMessage(message)) return
      if (message.kind === "preparat.wake-publisher") {
        workers.get(0)?.send(message)
        return
      }
      for (const [other, peer] of workers) if (other !== index && peer.isConnected()) peer.send(message)
    })
    worker.on("exit", (code, signal) => {
      if (workers.get(index) === worker) workers.delete(index)
      if (stopping) return
      console.error(`Preparat worker ${index} exited (${signal ?? code}); starting another`)
      setTimeout(() => fork(index), 500)
    })
  }
  const listening = new Promise<void>((resolve) => {
    let ready = 0
    const onListening = () => {
      if (++ready < count) return
      cluster.off("listening", onListening)
      resolve()
    }
    cluster.on("listening", onListening)
  })
  for (let index = 0; index < count; index++) fork(index)

  const stop = () => {
    if (stopping) return
    stopping = true
    for (const worker of workers.values()) worker.process.kill("SIGTERM")
    const exit = () => (workers.size === 0 ? process.exit(0) : setTimeout(exit, 50))
    exit()
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
  await listening
}
