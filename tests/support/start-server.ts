// Starts the real Preparat server (server/app.ts on NodeHttpServer) in this process, for server and
// end-to-end tests. Each call gets its own port, its own temporary DATA_DIR (outbox, avatars, SQLite
// file) and, when DATABASE_URL is set, its own freshly created PostgreSQL schema, so runs never see
// each other's data. Stable API for other test suites:
//
//   const server = await startServer({ config: { rateLimit: { attempts: 3, windowSeconds: 60 } } })
//   await fetch(`${server.url}/v2/auth/register/`, ...)
//   const mail = await server.latestMail("ada@example.com")   // newest outbox mail, its links
//   await server.stop()                                          // closes server, drops schema, removes dataDir
//   const s3 = await startServer({ s3: true })                    // blobs and pyramids in a bucket of an in-process s3rver
//
// A mail triggered by a request is sent in the background: wait for it with latestMail(to), and
// when that address already has mail, pass `after: previous.file` to get the new one.
// tests/support/api.ts adds a fetch client and createAccount / signIn / createSignedIn shortcuts.
//
// Options: `env` is passed to loadConfig (as the process environment would be); `config` then
// overrides single settings of the loaded configuration. PORT, DATA_DIR and PUBLIC_URL are chosen here
// unless given. Tests get a generous rate limit (and invoices per address) unless they set one, since
// every request comes from the same loopback address.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { createServer as createNetServer } from "node:net"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { Effect, Exit, Fiber, Layer } from "effect"
import pg from "pg"
import { type Config, loadConfig } from "../../server/config.ts"
import { serve } from "../../server/serve.ts"
import { type Db, openDatabase } from "../../server/db/database.ts"
import { type LatestMail, latestMailIn, type OutboxMail, readOutbox } from "./outbox.ts"
import { type S3Store, s3Store } from "./s3-store.ts"

export type { OutboxMail } from "./outbox.ts"

export interface StartOptions {
  /** Environment variables for loadConfig, e.g. { SMTP_URL: "smtp://127.0.0.1:2525" }. */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** Settings to override after loading, e.g. { rateLimit: { attempts: 3, windowSeconds: 60 } }. */
  readonly config?: Partial<Config>
  /** Keep the temporary data directory after stop() (to inspect it). */
  readonly keepDataDir?: boolean
  /** Log every request (default: only when PREPARAT_TEST_LOG=1). */
  readonly log?: boolean
  /**
   * Keep originals, receipts and pyramids in a fresh bucket of a real S3-protocol server started in
   * this process (tests/support/s3-store.ts) instead of under dataDir. TEST_S3=1 makes it the
   * default, to run a suite that reaches its files only over HTTP against the bucket.
   */
  readonly s3?: boolean
}

export interface StartedServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string
  readonly config: Config
  readonly dataDir: string
  /** The PostgreSQL schema of this run, undefined on SQLite. */
  readonly schema: string | undefined
  /** The bucket of this run when started with `s3: true`. */
  readonly s3: S3Store | undefined
  /** Every mail in the outbox, newest first. */
  readonly mails: () => Promise<ReadonlyArray<OutboxMail>>
  /** The newest mail, optionally to `to`, after `after`, holding `containing` (tests/support/outbox.ts). */
  readonly latestMail: LatestMail
  /**
   * Runs queries against this server's own database (its SQLite file or PostgreSQL schema), for the
   * few things a test cannot reach over HTTP, such as ageing a token past its expiry.
   */
  readonly withDb: <A>(fn: (db: Db) => Promise<A>) => Promise<A>
  /**
   * Closes the server. By default requests under way finish first; `abrupt` drops every open
   * connection at once, as a crash or a cut cable would (a test of resuming after one).
   */
  readonly stop: (options?: { readonly abrupt?: boolean }) => Promise<void>
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

const SCHEMA_PATTERN = /^t_([0-9a-z]+)_[0-9a-z]+$/
const STALE_MS = 6 * 60 * 60 * 1000

/**
 * Schemas of runs that died before stop() (a killed test process) would pile up; ours carry their
 * creation time, so drop those older than six hours, far longer than any run.
 */
const dropStaleSchemas = async (run: (sql: string) => Promise<pg.QueryResult>) => {
  const { rows } = await run(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 't\\_%'`)
  for (const { nspname } of rows as Array<{ nspname: string }>) {
    const created = SCHEMA_PATTERN.exec(nspname)?.[1]
    if (created && Date.now() - Number.parseInt(created, 36) > STALE_MS) await run(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`)
  }
}

/**
 * The test file that created a schema, written beside the statements server/db/postgres.ts logs
 * under PREPARAT_SQL_LOG: scripts/postgres-coverage.ts reads which statements each test file runs on
 * PostgreSQL from the two. Vitest is imported only then: benches start servers outside it.
 */
const noteOrigin = async (schema: string) => {
  const dir = process.env.PREPARAT_SQL_LOG
  if (!dir) return
  const { expect } = await import("vitest")
  const file = expect.getState().testPath ?? "unknown"
  writeFileSync(join(dir, `${schema}.origin`), relative(process.cwd(), file))
}

/** A fresh schema in the given database; the connection string then points every session at it. */
export const createSchema = async (databaseUrl: string): Promise<{ url: string; schema: string; drop: () => Promise<void> }> => {
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  await noteOrigin(schema)
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await run(`CREATE SCHEMA "${schema}"`)
  await dropStaleSchemas(run)
  const url = new URL(databaseUrl)
  url.searchParams.set("options", `-c search_path=${schema}`)
  return { url: url.toString(), schema, drop: async () => void (await run(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)) }
}

/**
 * A test's own queries (withDb) name themselves, so that scripts/postgres-coverage.ts counts only the
 * statements the server sends, not the ones a test checks its rows with.
 */
const asTestClient = (databaseUrl: string | undefined): string | undefined => {
  if (!databaseUrl) return databaseUrl
  const url = new URL(databaseUrl)
  url.searchParams.set("application_name", "test-client")
  return url.toString()
}

const waitUntilListening = async (server: Server, fiber: Fiber.Fiber<never, unknown>): Promise<void> => {
  let failure: unknown
  const detach = fiber.addObserver((exit) => {
    failure = Exit.isFailure(exit) ? exit.cause : new Error("server stopped while starting")
  })
  try {
    const deadline = Date.now() + 30_000
    // The socket listens before the app layer (database, migrations) is built; requests that arrive
    // in between are never answered. The request listener appears once the app is ready.
    while (!server.listening || server.listenerCount("request") === 0) {
      if (failure !== undefined) throw new Error(`server failed to start: ${String(failure)}`)
      if (Date.now() > deadline) throw new Error("server did not start within 30 s")
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    detach()
  }
}

export const startServer = async (options: StartOptions = {}): Promise<StartedServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), "preparat-test-"))
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort()
  const s3 = (options.s3 ?? process.env.TEST_S3 === "1") ? await s3Store() : undefined
  const env = { ...s3?.env, ...options.env }
  const databaseUrl = env.DATABASE_URL ?? process.env.DATABASE_URL
  const pgSchema = databaseUrl ? await createSchema(databaseUrl) : undefined
  const loaded = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_ATTEMPTS: "1000",
    BILLING_INVOICES_PER_ADDRESS: "1000",
    ...env,
    DATABASE_URL: pgSchema?.url ?? ""
  } as NodeJS.ProcessEnv)
  const config: Config = { ...loaded, host: "127.0.0.1", ...options.config }

  const server = createServer()
  const log = options.log ?? process.env.PREPARAT_TEST_LOG === "1"
  const launched = serve(config, server, { log }).pipe(Layer.launch)
  const fiber = Effect.runFork(launched)
  const cleanUp = async () => {
    await pgSchema?.drop()
    await s3?.release()
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitUntilListening(server, fiber)
  } catch (error) {
    fiber.interruptUnsafe()
    await cleanUp()
    throw error
  }

  const outbox = join(config.dataDir, "outbox")
  const mails = () => readOutbox(outbox)
  const latestMail = latestMailIn(outbox)

  let stopped = false
  return {
    url: `http://127.0.0.1:${config.port}`,
    config,
    dataDir,
    schema: pgSchema?.schema,
    s3,
    mails,
    latestMail,
    withDb: async (fn) => {
      const { db } = await openDatabase({ ...config, databaseUrl: asTestClient(config.databaseUrl) })
      try {
        return await fn(db)
      } finally {
        await db.destroy()
      }
    },
    stop: async (options = {}) => {
      if (stopped) return
      stopped = true
      // Interrupting the launched layer closes the HTTP server and the database pool.
      const closed = Effect.runPromise(Fiber.interrupt(fiber))
      // Closing waits for open connections; an abrupt stop cuts them, and any made meanwhile.
      const cutting = options.abrupt ? setInterval(() => server.closeAllConnections(), 10) : undefined
      if (options.abrupt) server.closeAllConnections()
      await closed.finally(() => clearInterval(cutting))
      await cleanUp()
    }
  }
}
