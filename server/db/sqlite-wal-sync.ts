// Durable commits without the event loop waiting on the disk. With synchronous = FULL, SQLite
// fsyncs the WAL inside COMMIT, on the calling thread: a 6 MB bulk upload's commit held every
// other request for 20-25 ms (issue 21, item 8). The writer now runs synchronous = NORMAL (COMMIT
// only writes its frames into the OS's cache) and the commit is answered after this fsync of the
// WAL, which libuv runs on its thread pool. What was answered as saved is on the disk exactly as
// with FULL; commits that arrive while a sync runs share the next one (group commit).
import { type FileHandle, open } from "node:fs/promises"

/** Flushes a file's written bytes to the disk; `fsync` of a handle by default. */
export type Flush = (file: FileHandle) => Promise<void>

export class WalSync {
  readonly #path: string
  readonly #flush: Flush
  #file: Promise<FileHandle> | undefined
  /** The sync under way, if any. */
  #running: Promise<void> | undefined
  /** The sync that starts when the running one ends: it covers every commit made meanwhile. */
  #next: Promise<void> | undefined

  constructor(walPath: string, flush: Flush = (file) => file.sync()) {
    this.#path = walPath
    this.#flush = flush
  }

  /** Resolves once everything committed before the call is on the disk. */
  sync(): Promise<void> {
    if (this.#running === undefined) return this.#start()
    // The running sync may have begun before this commit's frames were written: wait for the next.
    this.#next ??= this.#running.then(
      () => this.#start(),
      () => this.#start()
    )
    return this.#next
  }

  #start(): Promise<void> {
    this.#next = undefined
    const running = (async () => {
      // The WAL exists from the writer's first commit on, and keeps its inode while the writer is open.
      this.#file ??= open(this.#path, "r+")
      await this.#flush(await this.#file)
    })()
    this.#running = running
    const settle = () => {
      if (this.#running === running) this.#running = undefined
    }
    running.then(settle, settle)
    return running
  }

  async close(): Promise<void> {
    const file = this.#file
    this.#file = undefined
    await (await file?.catch(() => undefined))?.close()
  }
}
