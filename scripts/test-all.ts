// `npm test`: every phase the README promises, in order, then one table of how long each took and
// one closing line of what passed and failed, so that CI's minutes can be read at a glance.
//
// Why a script and not a chain of `&&`: the SQLite and the PostgreSQL server suites run side by side,
// and the e2e suite starts after SQLite's, beside what is left of PostgreSQL's (which runs only the
// files tests/server/postgres-files.json names for it, so that it ends about when the e2e suite
// starts). The PostgreSQL suite runs when TEST_DATABASE_URL names a database (.ci/run
// sets it); without it the table says it was not run. A failing phase does not stop the later ones:
// one CI run then shows every failure, and the exit code is non-zero.
import { spawn } from "node:child_process"
import { createWriteStream, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

interface Phase {
  readonly name: string
  readonly command: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string | undefined>>
  /** Vitest phases write their counts here (its JSON reporter). */
  readonly counts?: string
  /** Printed as it runs rather than whole at its end (the long e2e phase, so CI shows progress). */
  readonly stream?: boolean
}

interface Outcome {
  readonly name: string
  readonly seconds: number
  readonly ok: boolean
  readonly passed: number
  readonly failed: number
  readonly note?: string
}

const results = "test-results"
mkdirSync(results, { recursive: true })
const bin = (name: string) => join("node_modules", ".bin", name)

const vitest = (name: string, project: string, extra: ReadonlyArray<string> = [], env?: Phase["env"]): Phase => {
  const counts = join(results, `${name}.json`)
  return {
    name,
    command: [bin("vitest"), "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${counts}`, ...extra],
    env,
    counts
  }
}

/** Runs one phase; `log` buffers its output (for phases that run side by side) instead of streaming it. */
const run = (phase: Phase, log?: string): Promise<Outcome> =>
  new Promise((resolve) => {
    const started = performance.now()
    const [command, ...args] = phase.command
    const child = spawn(command ?? "", args, {
      stdio: log ? ["ignore", "pipe", "pipe"] : "inherit",
      env: environment(phase.env)
    })
    if (log) {
      const file = createWriteStream(log)
      child.stdout?.pipe(file)
      child.stderr?.pipe(file)
    }
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000
      const counted = phase.counts ? readCounts(phase.counts) : { passed: 0, failed: 0 }
      resolve({ name: phase.name, seconds, ok: code === 0, ...counted })
    })
  })

/** The process environment with the phase's own settings; an undefined value removes a variable. */
const environment = (overrides: Phase["env"] = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }
  return env
}

const readCounts = (file: string): { passed: number; failed: number } => {
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests?: number; numFailedTests?: number }
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 }
  } catch {
    return { passed: 0, failed: 0 }
  }
}

interface Report {
  readonly testResults?: ReadonlyArray<{
    readonly name: string
    readonly assertionResults: ReadonlyArray<{
      readonly status: string
      readonly fullName: string
      readonly failureMessages: ReadonlyArray<string>
    }>
  }>
}

/**
 * The failed tests of a vitest phase, each with the first lines of why: printed last, because a CI
 * page shows the end of a long log, where a failure from the first minutes would be out of sight.
 */
const failures = (file: string): ReadonlyArray<string> => {
  try {
    const report = JSON.parse(readFileSync(file, "utf8")) as Report
    return (report.testResults ?? []).flatMap((suite) =>
      suite.assertionResults
        .filter((test) => test.status === "failed")
        .map((test) => {
          const why = (test.failureMessages[0] ?? "").split("\n").slice(0, 6).join("\n    ")
          return `${suite.name.replace(`${process.cwd()}/`, "")} > ${test.fullName}\n    ${why}`
        })
    )
  } catch {
    return []
  }
}

const banner = (text: string) => console.log(`\n== ${text}`)

/** Runs phases side by side; each one's output is printed whole when it ends, not interleaved. */
const together = async (phases: ReadonlyArray<Phase>): Promise<Outcome[]> =>
  Promise.all(
    phases.map(async (phase) => {
      const log = join(results, `${phase.name}.log`)
      const outcome = await run(phase, log)
      banner(`${phase.name} (${outcome.ok ? "passed" : "FAILED"}, output below)`)
      process.stdout.write(readFileSync(log))
      return outcome
    })
  )

/** Phases one after the other, beside whatever else runs; each one's output printed whole when it ends. */
const lane = async (phases: ReadonlyArray<Phase>): Promise<Outcome[]> => {
  const done: Outcome[] = []
  for (const phase of phases) {
    if (phase.stream) banner(phase.name)
    done.push(...(phase.stream ? [await run(phase)] : await together([phase])))
  }
  return done
}

/**
 * Where each server file runs when PostgreSQL is configured: tests/server/postgres-files.json. CI is
 * CPU-bound on two cores (the e2e suite's Chromiums keep both busy), so a file run twice costs its
 * whole time twice, and the PostgreSQL lane runs beside the e2e suite. Three kinds:
 * - `postgresAlone`, kept by hand, run on PostgreSQL alone: files whose subject does not depend on
 *   the engine: pixels (the analyses' methods, pyramids, scanners' formats, auto tagging), the
 *   contract's validation under fuzzing, the log on a full disk, and the permission matrix (3 minutes
 *   a run), whose subject is the rule table of src/contract/permissions.ts, TypeScript;
 * - `postgres`, run on both engines, chosen by scripts/postgres-coverage.ts from one measured run of
 *   the whole suite on PostgreSQL: the files whose subject is the data layer (migrations, backup and
 *   restore, the driver, failed commits, job and upload leases, several servers on one database, the
 *   event log), and beside them the cheapest files that together execute every distinct statement
 *   the server sends PostgreSQL in the whole suite: what can differ between the engines is the SQL,
 *   and each of its statements still runs on PostgreSQL;
 * - `sqliteOnly`: every statement they send is sent by a file above, so PostgreSQL learns nothing new.
 * Measured (one run of the 104 files): 529 distinct statements; the 52 files on PostgreSQL execute all
 * of them, in 558 of the whole suite's 716 seconds there, 233 of which are `postgresAlone`.
 * A file the list does not name yet (a new one) runs on both until the list is made again
 * (`npm run postgres-coverage`, which a new statement or data-layer file calls for).
 */
const placement = JSON.parse(readFileSync("tests/server/postgres-files.json", "utf8")) as {
  readonly postgresAlone: ReadonlyArray<string>
  readonly sqliteOnly: ReadonlyArray<string>
}
const excluded = (files: ReadonlyArray<string>) => files.flatMap((file) => ["--exclude", file])

const startedAt = performance.now()
/** The phases that write a vitest report, whose failed tests are listed at the end. */
const vitestPhases = ["unit", "server-sqlite", "e2e", "server-postgres"]
const postgres = process.env.TEST_DATABASE_URL
const outcomes: Outcome[] = []

// The checks and the unit tests side by side: tsc, Biome and knip are one process each and the unit
// suite mostly waits on its workers' imports, so together they take about as long as the unit
// suite alone.
banner("typecheck, lint, unused and unit, side by side")
outcomes.push(
  ...(await together([
    { name: "typecheck", command: [bin("tsc"), "--noEmit", "-p", "."] },
    { name: "lint", command: [bin("biome"), "check", "."] },
    // Exports, files and dependencies used nowhere (knip.json).
    { name: "unused", command: [bin("knip")] },
    vitest("unit", "unit")
  ]))
)

// Two lanes: SQLite's server suite, the build and the end-to-end suite in turn, beside PostgreSQL's
// server suite (its chosen files: 9 minutes alone on this machine, against 11 for all of them); the
// end-to-end files start as soon as SQLite's suite and the build are done instead of waiting for
// PostgreSQL's.
banner(postgres ? "server on SQLite, then build and e2e; beside them the server on PostgreSQL" : "server on SQLite, build, e2e")
const lanes: Array<Promise<Outcome[]>> = [
  lane([
    vitest("server-sqlite", "server", postgres ? excluded(placement.postgresAlone) : [], {
      DATABASE_URL: undefined
    }),
    { name: "build", command: [bin("vite"), "build", "--logLevel", "warn"] },
    { ...vitest("e2e", "e2e"), stream: true }
  ])
]
if (postgres) lanes.push(lane([vitest("server-postgres", "server", excluded(placement.sqliteOnly), { DATABASE_URL: postgres })]))
outcomes.push(...(await Promise.all(lanes)).flat())
if (!postgres)
  outcomes.push({ name: "server-postgres", seconds: 0, ok: true, passed: 0, failed: 0, note: "not run: TEST_DATABASE_URL unset" })

// Wall-clock time: phases side by side overlap, so their sum would overstate it.
const total = (performance.now() - startedAt) / 1000
const minutes = (s: number) => `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, "0")}s`
banner("phases")
console.log(`${"phase".padEnd(16)} ${"time".padStart(8)}  ${"passed".padStart(6)} ${"failed".padStart(6)}  result`)
for (const o of outcomes) {
  const result = o.note ?? (o.ok ? "ok" : "FAILED")
  console.log(
    `${o.name.padEnd(16)} ${minutes(o.seconds).padStart(8)}  ${String(o.passed).padStart(6)} ${String(o.failed).padStart(6)}  ${result}`
  )
}
console.log(`${"all (wall clock)".padEnd(16)} ${minutes(total).padStart(8)}`)
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0)
const failed = outcomes.reduce((sum, o) => sum + o.failed, 0)
const failedTests = vitestPhases.flatMap((phase) => failures(join(results, `${phase}.json`)).map((line) => `[${phase}] ${line}`))
if (failedTests.length > 0) {
  banner("failed tests")
  for (const line of failedTests) console.log(line)
}
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(outcomes.every((o) => o.ok) ? 0 : 1)
