// The PostgreSQL dialect: pg's pool, 64-bit integers as numbers, and (unless DATABASE_PREPARE=0)
// statements named so each connection prepares them once (postgres-named-statements.ts).
import { appendFileSync } from "node:fs"
import { join } from "node:path"
import { PostgresDialect } from "kysely"
import pg from "pg"
import { makeStatementNamer, NamedStatementDriver } from "./postgres-named-statements.ts"

const INT8 = 20
/**
 * pg returns 64-bit integers (bigint columns, count(*)) as strings; our values (sequence numbers,
 * TOTP steps, epoch seconds, counts) fit a JavaScript number, as they do on SQLite.
 */
const getTypeParser = ((oid: number, format?: "text" | "binary") =>
  oid === INT8 && format !== "binary"
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser

/**
 * Statement texts named at most, per process. Each named text is prepared on every connection that
 * runs it (up to the pool's 20), so the cap bounds PostgreSQL's memory for them as well as pg's cache.
 */
const NAMED_TEXTS = 500

export const openPostgresPool = (connectionString: string): pg.Pool => {
  const pool = new pg.Pool({ connectionString, max: 20, types: { getTypeParser } })
  const logDir = process.env.PREPARAT_SQL_LOG
  if (logDir) pool.on("connect", (client) => logStatements(client, connectionString, logDir))
  return pool
}

/**
 * PREPARAT_SQL_LOG=<dir>, for scripts/postgres-coverage.ts: each distinct statement text a process
 * sends is appended once to <dir>/<schema>[.<application_name>].sql (the schema of the connection's
 * search_path, one per test server), which tells which statements each test file runs on PostgreSQL.
 * Unset, no pool is touched, so it costs nothing.
 */
const logged = new Set<string>()
const logStatements = (client: pg.PoolClient, connectionString: string, dir: string) => {
  const params = new URL(connectionString).searchParams
  const schema = /search_path=([\w$]+)/.exec(params.get("options") ?? "")?.[1] ?? "public"
  const application = params.get("application_name")
  const file = join(dir, `${schema}${application ? `.${application}` : ""}.sql`)
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown
  client.query = ((config: string | { text?: unknown }, ...rest: unknown[]) => {
    const text = typeof config === "string" ? config : config.text
    if (typeof text === "string" && !logged.has(`${file}\0${text}`)) {
      logged.add(`${file}\0${text}`)
      appendFileSync(file, `${JSON.stringify(text)}\n`)
    }
    return query(config, ...rest)
  }) as typeof client.query
}

/** Kysely's PostgreSQL dialect, its driver swapped for one that names statements when `prepare`. */
export const postgresDialect = (connectionString: string, prepare: boolean): PostgresDialect => {
  const pool = openPostgresPool(connectionString)
  if (!prepare) return new PostgresDialect({ pool })
  const nameOf = makeStatementNamer(NAMED_TEXTS)
  return new (class extends PostgresDialect {
    override createDriver() {
      return new NamedStatementDriver(pool, nameOf)
    }
  })({ pool })
}
