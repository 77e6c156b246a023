// `node server/main.ts` in a child process, as in production: for the cluster test (WORKERS > 1
// forks further processes, which an in-process server cannot) and for the benches (whose load
// generator must not share the server's event loop).
import { type ChildProcess, spawn } from "node:child_process"
import type { Readable } from "node:stream"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Config, loadConfig } from "../../server/config.ts"
import { NODE_FLAGS } from "../../server/node-flags.ts"
import { type LatestMail, latestMailIn } from "./outbox.ts"
import { openDatabase } from "../../server/db/database.ts"
import { createSchema, freePort, type StartedServer } from "./start-server.ts"

export interface ServerProcess {
  readonly url: string
  readonly dataDir: string
  /** The configuration the child runs with (read the same way, from the same data directory). */
  readonly config: Config
  /** The PostgreSQL URL of this run's schema, undefined on SQLite. */
  readonly databaseUrl: string | undefined
  readonly latestMail: LatestMail
  /** The server's process id (the cluster's primary when WORKERS > 1). */
  readonly pid: number | undefined
  /** The server's stdout, when it is a pipe to this process (destroy it to close the pipe under the server). */
  readonly stdout: Readable | null
  readonly stop: () => Promise<void>
}

export interface ServerProcessOptions {
  /** Extra environment, e.g. { WORKERS: "2" }. */
  readonly env?: Readonly<Record<string, string>>
  /** PostgreSQL: a fresh schema in this database. */
  readonly databaseUrl?: string | undefined
  /** Node flags, e.g. ["--cpu-prof"]. */
  readonly nodeFlags?: ReadonlyArray<string>
  /** Keep the data directory and the schema after stop() (to inspect them). */
  readonly keep?: boolean
  /** Run the server on these CPUs only (taskset's list, e.g. "0"): a bench keeps it off its load generator's. */
  readonly cpus?: string
  /** A file descriptor the server's stdout and stderr go to (e.g. /dev/full), instead of a pipe and this process's stderr. */
  readonly output?: number
  /** Run on this data directory and this PostgreSQL URL (a schema made before), left in place at stop(). */
  readonly reuse?: { readonly dataDir: string; readonly databaseUrl: string | undefined }
}

export const startServerProcess = async (options: ServerProcessOptions = {}): Promise<ServerProcess> => {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(join(tmpdir(), "preparat-process-"))
  const port = await freePort()
  const schema = options.reuse
    ? options.reuse.databaseUrl === undefined
      ? undefined
      : { url: options.reuse.databaseUrl, schema: "", drop: async () => {} }
    : options.databaseUrl
      ? await createSchema(options.databaseUrl)
      : undefined
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: schema?.url ?? "",
    RATE_LIMIT_ATTEMPTS: "100000",
    LOG_REQUESTS: "0",
    ...options.env
  }
  // As `npm start` runs it (server/node-flags.ts), then the caller's flags.
  const args = [...NODE_FLAGS, ...(options.nodeFlags ?? []), "server/main.ts"]
  const stdio =
    options.output === undefined ? (["ignore", "pipe", "inherit"] as const) : (["ignore", options.output, options.output] as const)
  const child: ChildProcess = options.cpus
    ? spawn("taskset", ["--cpu-list", options.cpus, process.execPath, ...args], { env, stdio: [...stdio] })
    : spawn(process.execPath, args, { env, stdio: [...stdio] })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  // main.ts says "Preparat: <url>" once serving; a cluster's primary says it when every worker listens.
  // Output that goes elsewhere cannot be read: answering is then the only sign.
  let announced = options.output !== undefined
  child.stdout?.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes("Preparat: ")) announced = true
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    const up = await fetch(`${url}/v2/realtime/config/`).then(
      (r) => r.ok,
      () => false
    )
    if (up && announced) break
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error("the server process did not start")
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    dataDir,
    // After the child started, so that the secret it created in dataDir is the one read here.
    config: loadConfig(env),
    databaseUrl: schema?.url,
    latestMail: latestMailIn(join(dataDir, "outbox")),
    pid: child.pid,
    stdout: child.stdout,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM")
        await exited
      }
      // A reused directory and schema are the caller's to remove.
      if (options.reuse) return
      if (options.keep) {
        console.log(`  kept ${dataDir}${schema ? ` and schema ${schema.schema}` : ""}`)
        return
      }
      await schema?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/**
 * A server process seen as the in-process servers of the tests are (StartedServer), for helpers
 * that take one: withDb opens its database for each call.
 */
export const asStartedServer = (running: ServerProcess): StartedServer => {
  const withDb: StartedServer["withDb"] = async (fn) => {
    const { db } = await openDatabase({ databaseUrl: running.databaseUrl, dataDir: running.dataDir })
    try {
      return await fn(db)
    } finally {
      await db.destroy()
    }
  }
  return { ...running, withDb } as unknown as StartedServer
}
