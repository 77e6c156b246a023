// Listing and search for a user with 100,000 labs, at 50 concurrent requests over HTTP.
//
// The server runs in its own process (node server/main.ts), as in production, so the load
// generator's work is not counted in its latencies. The bench seeds one user's 100,000 labs
// straight into the database (100 folders x 10 sub-folders x 99 slides, with folder sizes kept
// right), plus a 2,000-lab tree of another user shared with them, then fires each scenario at 50
// concurrency and prints p50/p99 against the target (p99 < 50 ms).
//
// Run: npx node tests/bench/labs.bench.ts            SQLite (a temporary DATA_DIR)
//      npx node tests/bench/labs.bench.ts --postgres PostgreSQL too (DATABASE_URL, or the local test database)
//      DATABASE_URL=postgres://... npx node tests/bench/labs.bench.ts
// Settings: BENCH_LABS (100000), BENCH_REQUESTS per scenario (2000), BENCH_CONCURRENCY (50),
// BENCH_ONLY (run the scenarios whose name contains it), BENCH_KEEP=1 (keep the data directory and
// PostgreSQL schema to inspect plans), BENCH_SERVER_FLAGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
// Each scenario also reports its latency one request at a time: the service time without queueing.
// With one Node process, p99 at 50 concurrent requests is about 50 x that service time; the
// baseline scenario (no database at all) shows the floor on this machine.
// Not part of npm test: budgets are measured side by side, never as timed tests.
import { type ChildProcess, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import pg from "pg"
import { type Db, openDatabase } from "../../server/db/database.ts"
import type { LabsTable } from "../../server/db/schema.ts"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { readOutbox } from "../support/outbox.ts"
import type { StartedServer } from "../support/start-server.ts"
import { percentile, report } from "./stats.ts"

const LABS = Number(process.env.BENCH_LABS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
const TARGET_P99_MS = 50
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/test"

const TISSUES = ["kidney", "liver", "lung", "skin", "colon", "breast", "brain", "heart", "bone", "spleen"]
const STAINS = ["HE", "PAS", "Ki67", "HER2", "Masson", "Giemsa", "Gram", "Congo", "Reticulin", "Elastic"]

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

/** A fresh PostgreSQL schema for this run; its URL points every session at it. */
const pgSchema = async (databaseUrl: string) => {
  const schema = `bench_${Date.now().toString(36)}`
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  await run(`CREATE SCHEMA "${schema}"`)
  const url = new URL(databaseUrl)
  url.searchParams.set("options", `-c search_path=${schema}`)
  return { url: url.toString(), drop: () => run(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`) }
}

interface Running {
  readonly url: string
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly stop: () => Promise<void>
}

/** node server/main.ts in a child process, on its own port and data directory. */
const startServerProcess = async (databaseUrl: string | undefined): Promise<Running> => {
  const dataDir = mkdtempSync(join(tmpdir(), "preparat-bench-"))
  const port = await freePort()
  const schema = databaseUrl ? await pgSchema(databaseUrl) : undefined
  const flags = process.env.BENCH_SERVER_FLAGS ? process.env.BENCH_SERVER_FLAGS.split(" ") : []
  const child: ChildProcess = spawn(process.execPath, [...flags, "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: schema?.url ?? "",
      RATE_LIMIT_ATTEMPTS: "100000",
      LOG_REQUESTS: "0"
    },
    stdio: ["ignore", "ignore", "inherit"]
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    const up = await fetch(`${url}/v2/openapi.json`).then(
      (r) => r.ok,
      () => false
    )
    if (up) break
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("the server did not start")
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    dataDir,
    databaseUrl: schema?.url,
    stop: async () => {
      child.kill("SIGTERM")
      await new Promise((r) => child.once("exit", r))
      if (process.env.BENCH_KEEP) {
        console.log(`  kept ${dataDir}${schema ? ` and ${schema.url}` : ""}`)
        return
      }
      await schema?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** Enough of StartedServer for createSignedIn: the URL and the outbox. */
const asStarted = (running: Running): StartedServer =>
  ({
    url: running.url,
    latestMail: async (to?: string) => {
      for (let i = 0; i < 200; i++) {
        const mail = (await readOutbox(join(running.dataDir, "outbox"))).find((m) => !to || m.to.toLowerCase().includes(to.toLowerCase()))
        if (mail) return mail
        await new Promise((r) => setTimeout(r, 25))
      }
      throw new Error(`no mail to ${to}`)
    }
  }) as unknown as StartedServer

type Row = LabsTable

const labRow = (ownerId: string, parentId: string | null, name: string, isDir: boolean, size: number, at: string): Row => ({
  id: randomUUID(),
  owner_id: ownerId,
  parent_id: parentId,
  name,
  name_lower: name.toLowerCase(),
  is_dir: isDir ? 1 : 0,
  status: isDir ? null : "ready",
  size,
  description: null,
  thumbnail: null,
  blob_key: null,
  is_public: 0,
  created_at: at,
  updated_at: at,
  deleted_at: null,
  trash_id: null,
  width: null,
  height: null,
  mpp: null,
  slide_key: null
})

/** A tree of `total` labs: tops x subs folders, the rest slides spread over the sub-folders. */
const tree = (ownerId: string, total: number, tops: number, subs: number, prefix: string) => {
  const rows: Row[] = []
  const at = new Date().toISOString()
  const files = total - tops - tops * subs
  const perSub = Math.ceil(files / (tops * subs))
  let made = 0
  const subIds: string[] = []
  const topIds: string[] = []
  const fileIds: string[] = []
  for (let t = 0; t < tops; t++) {
    const top = labRow(ownerId, null, `${prefix} ${String(t).padStart(3, "0")}`, true, 0, at)
    rows.push(top)
    topIds.push(top.id)
    for (let s = 0; s < subs; s++) {
      const sub = labRow(ownerId, top.id, `Case ${String(t).padStart(3, "0")}-${s}`, true, 0, at)
      rows.push(sub)
      subIds.push(sub.id)
      for (let f = 0; f < perSub && made < files; f++, made++) {
        const n = made
        const file = labRow(ownerId, sub.id, `Slide ${String(t).padStart(3, "0")}-${s}-${String(f).padStart(2, "0")} ${TISSUES[n % 10]} ${STAINS[(n >> 3) % 10]}.svs`, false, 1_000_000 + (n % 997) * 1000, at)
        rows.push(file)
        fileIds.push(file.id)
        sub.size += file.size
        top.size += file.size
      }
    }
  }
  return { rows, topIds, subIds, fileIds }
}

const insertAll = async (db: Db, rows: ReadonlyArray<Row>) => {
  // Parents before children (the foreign key), 1,000 rows a statement, one transaction.
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 1000) await trx.insertInto("labs").values(rows.slice(i, i + 1000)).execute()
  })
}

interface Scenario {
  readonly name: string
  readonly path: () => string
}

const fire = async (url: string, token: string, scenario: Scenario, requests = REQUESTS): Promise<number[]> => {
  const latencies: number[] = []
  let sent = 0
  const worker = async () => {
    while (sent < requests) {
      sent++
      const started = performance.now()
      const response = await fetch(`${url}${scenario.path()}`, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } })
      const body = await response.text()
      if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status} ${body.slice(0, 200)}`)
      latencies.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return latencies
}

const pick = <A>(list: ReadonlyArray<A>) => list[Math.floor(Math.random() * list.length)]!

export const benchLabs = async (engine: "sqlite" | "postgres"): Promise<boolean> => {
  const databaseUrl = engine === "postgres" ? process.env.DATABASE_URL || DEFAULT_PG : undefined
  const running = await startServerProcess(databaseUrl)
  const label = engine === "postgres" ? "PostgreSQL" : "SQLite"
  try {
    const started = asStarted(running)
    const user: SignedIn = await createSignedIn(started, { name: "Bench user" })
    const other: SignedIn = await createSignedIn(started, { name: "Bench colleague" })
    const { db } = await openDatabase({ databaseUrl: running.databaseUrl, dataDir: running.dataDir })
    const seeded = performance.now()
    const mine = tree(user.id, LABS, 100, 10, "Project")
    const theirs = tree(other.id, 2_000, 2, 10, "Shared project")
    await insertAll(db, mine.rows)
    await insertAll(db, theirs.rows)
    const now = new Date().toISOString()
    await db
      .insertInto("lab_members")
      .values({ id: randomUUID(), lab_id: theirs.topIds[0]!, user_id: user.id, email: user.email, role: "reviewer", invited_by: other.id, created_at: now, updated_at: now })
      .execute()
    // Fresh planner statistics, as autovacuum (PostgreSQL) or PRAGMA optimize (SQLite) would keep them.
    await sql`ANALYZE`.execute(db)
    await db.destroy()
    console.log(`${label}: seeded ${mine.rows.length + theirs.rows.length} labs in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)

    const scenarios: Scenario[] = [
      // What any request costs this server, for scale: no database, a tiny answer.
      { name: "baseline: realtime config (no database)", path: () => "/v2/realtime/config/" },
      { name: "root list (100 folders)", path: () => "/v2/labs/" },
      { name: "folder list (10 sub-folders)", path: () => `/v2/labs/?parent=${pick(mine.topIds)}` },
      { name: "folder list (99 slides), page 3, -updated_at", path: () => `/v2/labs/?parent=${pick(mine.subIds)}&page=3&ordering=-updated_at` },
      { name: "open a slide (records the access)", path: () => `/v2/labs/${pick(mine.fileIds)}/` },
      { name: "search, selective (~10 hits)", path: () => `/v2/labs/?search=slide ${String(Math.floor(Math.random() * 100)).padStart(3, "0")}-${Math.floor(Math.random() * 10)}-1` },
      { name: "search, broad (~10,000 hits)", path: () => `/v2/labs/?search=${pick(TISSUES)}` },
      { name: "search, no hit", path: () => `/v2/labs/?search=zzz${Math.floor(Math.random() * 1000)}` }
    ]
    let met = true
    const only = process.env.BENCH_ONLY
    for (const scenario of scenarios.filter((s) => !only || s.name.includes(only))) {
      await fire(running.url, user.access, scenario, Math.ceil(REQUESTS / 10)) // warm-up
      const serial: number[] = []
      for (let i = 0; i < 50; i++) {
        const one = performance.now()
        await (await fetch(`${running.url}${scenario.path()}`, { headers: { authorization: `Bearer ${user.access}` } })).text()
        serial.push(performance.now() - one)
      }
      console.log(`labs ${label}: ${scenario.name}, one at a time`.padEnd(52), `p50=${percentile([...serial].sort((a, b) => a - b), 50).toFixed(1)} ms`)
      const latencies = await fire(running.url, user.access, scenario)
      met = report(`labs ${label}: ${scenario.name}, ${CONCURRENCY} concurrent`, latencies, TARGET_P99_MS) && met
    }
    return met
  } finally {
    await running.stop()
  }
}

const main = async () => {
  const engines: Array<"sqlite" | "postgres"> = ["sqlite"]
  if (process.env.DATABASE_URL || process.argv.includes("--postgres")) engines.push("postgres")
  let met = true
  for (const engine of engines) met = (await benchLabs(engine)) && met
  process.exitCode = met ? 0 : 1
}

if (import.meta.filename === process.argv[1]) await main()
