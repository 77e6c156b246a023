// The PostgreSQL dialect: pg's pool, 64-bit integers as numbers, and (unless DATABASE_PREPARE=0)
// statements named so each connection prepares them once (postgres-named-statements.ts).
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

export const openPostgresPool = (connectionString: string): pg.Pool => new pg.Pool({ connectionString, max: 20, types: { getTypeParser } })

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
