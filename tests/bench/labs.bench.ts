// Listing and search for a user with 100,000 labs (and a colleague's folder shared with them), at
// 50 requests in flight from a closed-loop load generator on this same machine, on SQLite and on
// PostgreSQL: each scenario's throughput, p50 and p99, its one-at-a-time latency and the CPU per
// request of the server, the load generator and the machine.
//
// The target is a ratio within one run, so that it measures the server and not the machine it
// shares: a search of a page of 20 costs at most 3x a plain folder listing of a page of 20 (cost:
// the time per request at 50 in flight, the inverse of the throughput), selective and broad alike.
//
// Run: npx node tests/bench/labs.bench.ts [--sqlite-only | --postgres-only]
// Settings: BENCH_LABS, BENCH_REQUESTS, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONCURRENCY, BENCH_WORKERS (server processes),
// BENCH_ONLY (parts of scenarios' names, comma-separated), BENCH_SERVER_FLAGS (e.g. --cpu-prof), BENCH_KEEP=1,
// BENCH_PIN=1 (the server on the first CPU, the load generator on the others; see pinning below).
import { execFileSync } from "node:child_process"
import { randomUUID } from "node:crypto"
import { availableParallelism } from "node:os"
import { type Insertable, sql } from "kysely"
import pg from "pg"
import { type Db, openDatabase } from "../../server/db/database.ts"
import type { LabsTable } from "../../server/db/schema.ts"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"
import { collectGarbage, fireLoad, type Getter, makeGetter } from "./load.ts"
import { machineCpuMs, processTreeCpuMs } from "./process-cpu.ts"
import { percentile, summarize } from "./stats.ts"

const LABS = Number(process.env.BENCH_LABS ?? 100_000)
/** Measured requests per scenario: with 10,000, the p99 is the 100th slowest, not a few outliers. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50)
/**
 * Warm-up requests per scenario, all sent before any scenario is measured: the target is for a
 * running server, and a fresh one spends its first seconds under load compiling its hot code (V8
 * kept optimizing functions for 5 to 8 seconds of load, each burst of it stalling requests for tens
 * of milliseconds), which a short warm-up left inside the first scenarios' measurement.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5_000)
/** Turns the scenarios take (BENCH_ROUNDS), each with its share of the requests. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** A search may cost this many folder listings of the same page size. */
const TARGET_RATIO = 3
/** Every list below asks for pages of this many labs, so that the costs compare. */
const PAGE = 20
const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/test"

const TISSUES = ["kidney", "liver", "lung", "skin", "colon", "breast", "brain", "heart", "bone", "spleen"]
const STAINS = ["HE", "PAS", "Ki67", "HER2", "Masson", "Giemsa", "Gram", "Congo", "Reticulin", "Elastic"]

type Row = Insertable<LabsTable>

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
        const file = labRow(
          ownerId,
          sub.id,
          `Slide ${String(t).padStart(3, "0")}-${s}-${String(f).padStart(2, "0")} ${TISSUES[n % 10]} ${STAINS[(n >> 3) % 10]}.svs`,
          false,
          1_000_000 + (n % 997) * 1000,
          at
        )
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
    for (let i = 0; i < rows.length; i += 1000)
      await trx
        .insertInto("labs")
        .values(rows.slice(i, i + 1000))
        .execute()
  })
}

interface Scenario {
  readonly name: string
  readonly path: () => string
  /** The folder listing the searches are measured against, or a search held to the target. */
  readonly compare?: "reference" | "search"
  /** A share of BENCH_REQUESTS, for a scenario slow enough that a tenth of them says as much. */
  readonly share?: number
}

interface Measured {
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  /** Requests a second in each round. */
  readonly rounds: ReadonlyArray<number>
}

const fire = (getter: Getter, token: string, scenario: Scenario, requests = REQUESTS): Promise<number[]> =>
  fireLoad(
    getter,
    requests,
    CONCURRENCY,
    () => ({ path: scenario.path(), headers: { authorization: `Bearer ${token}`, accept: "application/json" } }),
    scenario.name
  )

/**
 * Seeds the user's 100,000 labs and a colleague's folder shared with them, and returns only the ids
 * the scenarios pick from (the rows themselves must not stay reachable in the load generator).
 */
const seed = async (running: ServerProcess, engine: "sqlite" | "postgres", user: SignedIn, other: SignedIn) => {
  const { db } = await openDatabase({ databaseUrl: running.databaseUrl, dataDir: running.dataDir })
  const mine = tree(user.id, LABS, 100, 10, "Project")
  const theirs = tree(other.id, 2_000, 2, 10, "Shared project")
  await insertAll(db, mine.rows)
  await insertAll(db, theirs.rows)
  const now = new Date().toISOString()
  await db
    .insertInto("lab_members")
    .values({
      id: randomUUID(),
      lab_id: theirs.topIds[0]!,
      user_id: user.id,
      email: user.email,
      role: "reviewer",
      invited_by: other.id,
      created_at: now,
      updated_at: now
    })
    .execute()
  // Fresh planner statistics and (PostgreSQL) a visibility map, as autovacuum or PRAGMA optimize
  // would keep them: index-only scans read no table page for what vacuum marked visible.
  await sql`${sql.raw(engine === "postgres" ? "VACUUM ANALYZE" : "ANALYZE")}`.execute(db)
  // The seed went through the WAL from this process; copy it into the database now, or the server's
  // first write would do it (SQLite: a checkpoint of ~100 MB, blocking its event loop mid-measurement;
  // PostgreSQL: its checkpointer writing and syncing the seed's pages while the bench measures, which
  // showed as stalls of every request for tenths of a second). CHECKPOINT needs a superuser or the
  // pg_checkpoint role; without it the bench says so and goes on.
  if (engine === "sqlite") await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
  else await sql`CHECKPOINT`.execute(db).catch((error: unknown) => console.log(`  (no CHECKPOINT after the seed: ${String(error)})`))
  await db.destroy()
  return { topIds: mine.topIds, subIds: mine.subIds, fileIds: mine.fileIds, total: mine.rows.length + theirs.rows.length }
}

const pick = <A>(list: ReadonlyArray<A>) => list[Math.floor(Math.random() * list.length)]!

/**
 * BENCH_PIN=1: the server (one process unless BENCH_WORKERS says more) runs on the first CPU and
 * this process, the load generator, on the others, as clients on other machines would be. Unpinned,
 * the two share both cores and the scheduler now and then runs them on the same one, which shows
 * up as a longer tail. Needs taskset (util-linux) and two CPUs; the default stays unpinned.
 */
const pinning = (): string | undefined => {
  if (process.env.BENCH_PIN !== "1") return undefined
  if (CPUS < 2) throw new Error("BENCH_PIN=1 needs two CPUs")
  execFileSync("taskset", ["--all-tasks", "--cpu-list", "--pid", `1-${CPUS - 1}`, String(process.pid)], { stdio: "ignore" })
  return "0"
}

/** Read before pinning: once pinned, this process sees only its own CPUs. */
const CPUS = availableParallelism()

export const benchLabs = async (engine: "sqlite" | "postgres"): Promise<boolean> => {
  const databaseUrl = engine === "postgres" ? process.env.DATABASE_URL || DEFAULT_PG : undefined
  const running = await startServerProcess({
    databaseUrl,
    env: { WORKERS: process.env.BENCH_WORKERS ?? "1" },
    nodeFlags: process.env.BENCH_SERVER_FLAGS ? process.env.BENCH_SERVER_FLAGS.split(" ") : [],
    keep: process.env.BENCH_KEEP === "1",
    cpus: pinning()
  })
  const label = `${engine === "postgres" ? "PostgreSQL" : "SQLite"}${process.env.BENCH_PIN === "1" ? " (pinned)" : ""}`
  try {
    const started = running
    const user: SignedIn = await createSignedIn(started, { name: "Bench user" })
    const other: SignedIn = await createSignedIn(started, { name: "Bench colleague" })
    const seeded = performance.now()
    const mine = await seed(running, engine, user, other)
    console.log(`${label}: seeded ${mine.total} labs in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    // The seed's 100,000 rows are garbage now: collect them before measuring, not in the middle.
    collectGarbage()

    const scenarios: Scenario[] = [
      // What any request costs this server, for scale: no database, a tiny answer.
      { name: "baseline: realtime config (no database)", path: () => "/v2/realtime/config/" },
      { name: "root list (100 folders)", path: () => `/v2/labs/?limit=${PAGE}` },
      { name: "folder list (10 sub-folders)", path: () => `/v2/labs/?parent=${pick(mine.topIds)}&limit=${PAGE}` },
      {
        name: "folder list (99 slides), page 1",
        path: () => `/v2/labs/?parent=${pick(mine.subIds)}&limit=${PAGE}`,
        compare: "reference"
      },
      {
        name: "folder list (99 slides), page 3, -updated_at",
        path: () => `/v2/labs/?parent=${pick(mine.subIds)}&page=3&ordering=-updated_at&limit=${PAGE}`
      },
      { name: "open a slide (records the access)", path: () => `/v2/labs/${pick(mine.fileIds)}/` },
      {
        name: "search, selective (~10 hits)",
        path: () =>
          `/v2/labs/?search=slide ${String(Math.floor(Math.random() * 100)).padStart(3, "0")}-${Math.floor(Math.random() * 10)}-1&limit=${PAGE}`,
        compare: "search"
      },
      { name: "search, broad (~10,000 hits)", path: () => `/v2/labs/?search=${pick(TISSUES)}&limit=${PAGE}`, compare: "search" },
      {
        name: "search, broad, -updated_at (every hit sorted)",
        path: () => `/v2/labs/?search=${pick(TISSUES)}&ordering=-updated_at&limit=${PAGE}`,
        share: 0.1
      },
      { name: "search, no hit", path: () => `/v2/labs/?search=zzz${Math.floor(Math.random() * 1000)}&limit=${PAGE}`, compare: "search" }
    ]
    const measured = new Map<Scenario, Measured>()
    const only = process.env.BENCH_ONLY
    // One pool of sockets for the whole run: the first warm-up opens them (see fireLoad).
    const pool = makeGetter(running.url, CONCURRENCY)
    const serialClient = makeGetter(running.url, 1)
    const serialGet = serialClient.get
    const chosen = scenarios.filter((s) => !only || only.split(",").some((part) => s.name.includes(part)))
    for (const scenario of chosen) await fire(pool, user.access, scenario, Math.ceil(WARMUP * (scenario.share ?? 1)))
    for (const scenario of chosen) {
      const serial: number[] = []
      for (let i = 0; i < 50; i++) {
        const one = performance.now()
        await serialGet(scenario.path(), { authorization: `Bearer ${user.access}` })
        serial.push(performance.now() - one)
      }
      console.log(
        `labs ${label}: ${scenario.name}, one at a time`.padEnd(52),
        `p50=${percentile(
          [...serial].sort((a, b) => a - b),
          50
        ).toFixed(1)} ms`
      )
    }
    // The scenarios take turns, ROUNDS times, each a share of its requests: what else runs on the
    // machine then weighs on all of them alike, and each round gives a ratio of its own.
    const totals = new Map<Scenario, { latencies: number[]; wall: number; server?: number; generator: number; machine?: number }>()
    const rounds = new Map<Scenario, number[]>()
    for (let round = 0; round < ROUNDS; round++)
      for (const scenario of chosen) {
        const cpu = process.cpuUsage()
        const serverCpu = processTreeCpuMs(running.pid)
        const machineCpu = machineCpuMs()
        const started = performance.now()
        const latencies = await fire(pool, user.access, scenario, Math.ceil((REQUESTS * (scenario.share ?? 1)) / ROUNDS))
        const wall = performance.now() - started
        const spent = process.cpuUsage(cpu)
        const total = totals.get(scenario) ?? { latencies: [], wall: 0, server: 0, generator: 0, machine: 0 }
        total.latencies.push(...latencies)
        total.wall += wall
        total.generator += (spent.user + spent.system) / 1000
        total.server =
          serverCpu === undefined || total.server === undefined ? undefined : total.server + processTreeCpuMs(running.pid)! - serverCpu
        total.machine = machineCpu === undefined || total.machine === undefined ? undefined : total.machine + machineCpuMs()! - machineCpu
        totals.set(scenario, total)
        rounds.set(scenario, [...(rounds.get(scenario) ?? []), (latencies.length / wall) * 1000])
      }
    for (const scenario of chosen) {
      const { latencies, wall, server, generator, machine } = totals.get(scenario)!
      const perRequest = (ms: number | undefined) => (ms === undefined ? "n/a" : `${(ms / latencies.length).toFixed(3)} ms`)
      // The load generator shares the cores: its own cost per request shows how much it took. The
      // server's (its process tree) is what a change to it moves; the machine's also holds
      // PostgreSQL's work and everything else running.
      const { n, p50, p99, max } = summarize(latencies)
      measured.set(scenario, { perSecond: (latencies.length / wall) * 1000, p50, p99, rounds: rounds.get(scenario)! })
      // The scenario's name first, then its figures (they used to come out one line early, under the previous name).
      console.log(
        `labs ${label}: ${scenario.name}, ${CONCURRENCY} concurrent`.padEnd(52),
        `n=${String(n).padStart(6)}  p50=${p50.toFixed(1).padStart(7)} ms  p99=${p99.toFixed(1).padStart(7)} ms  max=${max.toFixed(1).padStart(7)} ms`
      )
      console.log(
        `  throughput ${((latencies.length / wall) * 1000).toFixed(0)} req/s; CPU per request: server ${perRequest(server)}, load generator ${perRequest(generator)}, whole machine ${perRequest(machine)}`
      )
    }
    const met = compareToListing(label, chosen, measured)
    pool.close()
    serialClient.close()
    return met
  } finally {
    await running.stop()
  }
}

/**
 * Each search's cost against the folder listing's, of the same page size, measured in this run:
 * requests a second at the same concurrency, so the ratio of the times per request, taken in each
 * round and the median kept. The p50s' ratio is printed beside it.
 */
const compareToListing = (label: string, chosen: ReadonlyArray<Scenario>, measured: ReadonlyMap<Scenario, Measured>): boolean => {
  const reference = chosen.find((s) => s.compare === "reference")
  const listing = reference && measured.get(reference)
  if (!reference || !listing) {
    console.log(`labs ${label}: no ratio (the folder listing "folder list (99 slides), page 1" was not run)`)
    return true
  }
  let met = true
  for (const scenario of chosen.filter((s) => s.compare === "search")) {
    const search = measured.get(scenario)!
    // The median of the rounds' ratios: a round the machine was busier for weighs on both sides.
    const ratios = search.rounds.map((perSecond, k) => listing.rounds[k]! / perSecond).sort((a, b) => a - b)
    const ratio = percentile(ratios, 50)
    const ok = ratio <= TARGET_RATIO
    met &&= ok
    console.log(
      `labs ${label}: ${scenario.name} / ${reference.name}:`.padEnd(90),
      `${search.perSecond.toFixed(0)} vs ${listing.perSecond.toFixed(0)} req/s, cost x${ratio.toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(1)).join("/")}; p50 x${(search.p50 / listing.p50).toFixed(2)}), target <= x${TARGET_RATIO} ${ok ? "MET" : "MISSED"}`
    )
  }
  return met
}

/** Whether the PostgreSQL the bench would use answers (it runs beside us on this project's machines). */
const postgresAnswers = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

const main = async () => {
  // Both engines by default; --sqlite-only skips PostgreSQL, --postgres-only SQLite, and an unreachable
  // PostgreSQL is said and skipped.
  const engines: Array<"sqlite" | "postgres"> = process.argv.includes("--postgres-only") ? [] : ["sqlite"]
  const pgUrl = process.env.DATABASE_URL || DEFAULT_PG
  if (!process.argv.includes("--sqlite-only")) {
    if (await postgresAnswers(pgUrl)) engines.push("postgres")
    else console.log(`PostgreSQL at ${pgUrl} does not answer: its half of this bench is skipped (set DATABASE_URL).`)
  }
  let met = true
  for (const engine of engines) met = (await benchLabs(engine)) && met
  process.exitCode = met ? 0 : 1
}

if (import.meta.filename === process.argv[1]) await main()
