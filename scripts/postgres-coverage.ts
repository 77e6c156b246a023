// Chooses which server test files run on PostgreSQL as well as on SQLite, and writes the choice to
// tests/server/postgres-files.json (read by scripts/test-all.ts, where the rule is explained).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run postgres-coverage
//   npm run postgres-coverage -- --reuse     (choose again from the last run's logs, without running)
//
// Why measured and not guessed: the whole server suite on PostgreSQL costs CI a core for about 20
// minutes, beside the e2e suite. What PostgreSQL can get wrong that SQLite gets right is the SQL the
// server sends to it, and each server start logs every distinct statement text it sends
// (PREPARAT_SQL_LOG, server/db/postgres.ts) under its schema, which tests/support/start-server.ts
// ties to the test file that created it. So one run of the whole suite on PostgreSQL says which
// statements each file executes and how long it takes; a greedy set cover (cheapest seconds per new
// statement first) then picks files that together execute every statement the whole suite does, on
// top of the files whose subject is the data layer itself, which run on PostgreSQL whatever they cover.
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { basename, join } from "node:path"

const LIST = "tests/server/postgres-files.json"
const LOGS = join("test-results", "postgres-coverage")
const REPORT = join(LOGS, "report.json")
const SERVER_FILES = "tests/server"

/**
 * Files whose subject is the data layer, not what the SQL says but how the engine runs it: the
 * migrations, backup and restore, the driver, transactions that fail or roll back, leases of jobs and
 * uploads claimed again after a crash, several servers or workers on one database, the event log
 * read back after a restart, quotas checked in the same transaction as a concurrent write.
 */
const DATA_LAYER_NAME =
  /migration|backup|restore|postgres|job|recovery|sweep|two-servers|cluster|failed-commit|quota|realtime-delivery|upload-parts/
/** And files that branch on the engine or reach into its schema or migrations themselves. */
const DATA_LAYER_SOURCE = /process\.env\.DATABASE_URL|server\.schema\b|migrateToLatest|migrationsFor|createSchema/
/** SQLite's own files skip themselves on PostgreSQL: their subject is the other engine. */
const SQLITE_ONLY_SUBJECT = /^sqlite-/

interface List {
  readonly about: string
  /** Engine-independent files, run on PostgreSQL alone (why: scripts/test-all.ts); kept by hand. */
  readonly postgresAlone: ReadonlyArray<string>
  /** Files run on both engines, each with why. */
  readonly postgres: Readonly<Record<string, string>>
  /** Files run on SQLite alone: every statement they execute on PostgreSQL another file executes. */
  readonly sqliteOnly: ReadonlyArray<string>
  readonly measured: Readonly<Record<string, number>>
}

/**
 * One text per statement shape: the schema of the run, placeholder numbers, numbers written in
 * (a limit's window) and the length of IN lists and of multi-row VALUES vary between runs of the
 * same statement.
 */
const normalize = (text: string): string =>
  text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/"?\bt_[0-9a-z]+_[0-9a-z]+\b"?/g, "<schema>")
    .replace(/\$\d+/g, "$")
    .replace(/(?<![\w$"])\d+(?![\w"])/g, "<n>")
    .replace(/\$(?:\s*,\s*\$)+/g, "$…")
    .replace(/\((\$…|\$)\)(?:\s*,\s*\((\$…|\$)\))+/g, "($…)…")

const serverFiles = (): ReadonlyArray<string> =>
  readdirSync(SERVER_FILES)
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => `${SERVER_FILES}/${name}`)
    .sort()

const runSuite = (databaseUrl: string) => {
  rmSync(LOGS, { recursive: true, force: true })
  mkdirSync(LOGS, { recursive: true })
  const args = ["run", "--project", "server", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORT}`]
  console.log(`running the server suite on PostgreSQL, statements logged to ${LOGS}`)
  // A failing test still logged what it ran; its failure is printed, and the choice is made anyway.
  spawnSync(join("node_modules", ".bin", "vitest"), args, {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, PREPARAT_SQL_LOG: join(process.cwd(), LOGS) }
  })
}

/** Each test file's normalized statements, from the logs of the schemas it created. */
const statementsByFile = (): { byFile: Map<string, Set<string>>; unattributed: Set<string> } => {
  const byFile = new Map<string, Set<string>>()
  const unattributed = new Set<string>()
  // A test's own queries (withDb, tests/support/start-server.ts) test nothing of the server's SQL.
  for (const name of readdirSync(LOGS).filter((n) => n.endsWith(".sql") && !n.endsWith(".test-client.sql"))) {
    const origin = join(LOGS, name.replace(/\.sql$/, ".origin"))
    const file = existsSync(origin) ? readFileSync(origin, "utf8").trim() : undefined
    const into = file && file !== "unknown" ? (byFile.get(file) ?? new Set<string>()) : unattributed
    if (file && file !== "unknown") byFile.set(file, into)
    for (const line of readFileSync(join(LOGS, name), "utf8").split("\n")) if (line) into.add(normalize(JSON.parse(line) as string))
  }
  return { byFile, unattributed }
}

/**
 * Each file's seconds on PostgreSQL, from vitest's JSON report. A file's own times cover its tests
 * alone; its import and its beforeAll (the server start, a child process, a bucket) fall before its
 * start. Files run one after another, so a file costs the time since the previous one ended.
 */
const secondsByFile = (): Map<string, number> => {
  const report = JSON.parse(readFileSync(REPORT, "utf8")) as {
    testResults: ReadonlyArray<{ name: string; startTime: number; endTime: number }>
  }
  const inOrder = [...report.testResults].sort((a, b) => a.startTime - b.startTime)
  return new Map(
    inOrder.map((r, i) => [r.name.replace(`${process.cwd()}/`, ""), (r.endTime - (inOrder[i - 1]?.endTime ?? r.startTime)) / 1000])
  )
}

const isDataLayer = (file: string): boolean => {
  const name = basename(file, ".test.ts")
  if (SQLITE_ONLY_SUBJECT.test(name)) return false
  return DATA_LAYER_NAME.test(name) || DATA_LAYER_SOURCE.test(readFileSync(file, "utf8"))
}

const previousAlone = (): ReadonlyArray<string> => (existsSync(LIST) ? (JSON.parse(readFileSync(LIST, "utf8")) as List).postgresAlone : [])

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`

const choose = () => {
  const { byFile, unattributed } = statementsByFile()
  const seconds = secondsByFile()
  // A file the run did not see (added since) is named in no list: it runs on both engines.
  const unseen = serverFiles().filter((f) => !seconds.has(f))
  const files = serverFiles().filter((f) => seconds.has(f))
  const alone = previousAlone()
  const all = new Set([...byFile.values()].flatMap((s) => [...s]))
  const covered = new Set<string>()
  const postgres: Record<string, string> = {}
  const take = (file: string, why: string) => {
    postgres[file] = why
    for (const statement of byFile.get(file) ?? []) covered.add(statement)
  }
  for (const file of alone) for (const statement of byFile.get(file) ?? []) covered.add(statement)
  for (const file of files) if (!alone.includes(file) && isDataLayer(file)) take(file, "data layer")
  // Greedy set cover: the file with the fewest seconds per statement not yet covered, until none is left.
  const candidates = () => files.filter((f) => !alone.includes(f) && postgres[f] === undefined)
  const fresh = (file: string) => [...(byFile.get(file) ?? [])].filter((s) => !covered.has(s)).length
  while (covered.size < all.size) {
    const ranked = candidates()
      .map((file) => ({ file, fresh: fresh(file), cost: seconds.get(file) ?? Number.POSITIVE_INFINITY }))
      .filter((c) => c.fresh > 0)
      .sort((a, b) => a.cost / a.fresh - b.cost / b.fresh)
    const best = ranked[0]
    if (!best) break
    take(best.file, "covering")
  }
  // A file the greedy order needed early may be redundant once later ones are in: drop those, the slowest first.
  const onlyThere = (file: string) => {
    const others = new Set([...alone, ...Object.keys(postgres)].filter((f) => f !== file).flatMap((f) => [...(byFile.get(f) ?? [])]))
    return [...(byFile.get(file) ?? [])].filter((s) => !others.has(s)).length
  }
  const covering = Object.keys(postgres).filter((f) => postgres[f] !== "data layer")
  for (const file of covering.sort((a, b) => (seconds.get(b) ?? 0) - (seconds.get(a) ?? 0)))
    if (onlyThere(file) === 0) delete postgres[file]
  for (const file of Object.keys(postgres))
    if (postgres[file] !== "data layer") postgres[file] = `the only file to execute ${plural(onlyThere(file), "statement")}`
  const sqliteOnly = files.filter((f) => !alone.includes(f) && postgres[f] === undefined)
  const sum = (list: ReadonlyArray<string>) => Math.round(list.reduce((s, f) => s + (seconds.get(f) ?? 0), 0))
  const list: List = {
    about: "Where each server test file runs; written by scripts/postgres-coverage.ts, the rule is in scripts/test-all.ts.",
    postgresAlone: alone,
    postgres: Object.fromEntries(
      Object.keys(postgres)
        .sort()
        .map((f) => [f, postgres[f] ?? ""])
    ),
    sqliteOnly,
    measured: {
      distinctStatements: all.size,
      statementsCoveredOnPostgres: new Set([...alone, ...Object.keys(postgres)].flatMap((f) => [...(byFile.get(f) ?? [])])).size,
      statementsOfNoTestFile: unattributed.size,
      secondsAllFilesOnPostgres: sum(files),
      secondsChosenOnPostgres: sum([...alone, ...Object.keys(postgres)])
    }
  }
  writeFileSync(LIST, `${JSON.stringify(list, null, 2)}\n`)
  console.log(JSON.stringify(list.measured, null, 2))
  if (unseen.length > 0) console.log(`not in the run, left to run on both engines: ${unseen.join(", ")}`)
  console.log(`${Object.keys(postgres).length + alone.length} of ${files.length} files on PostgreSQL; written to ${LIST}`)
}

const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
if (!process.argv.includes("--reuse")) {
  if (!databaseUrl) throw new Error("set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL database")
  runSuite(databaseUrl)
}
choose()
