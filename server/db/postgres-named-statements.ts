// A Kysely driver for pg that sends statements named, so that PostgreSQL parses and plans each
// text once per connection and then only binds and executes it. Kysely's own PostgresDriver sends
// every query unnamed (parsed and planned afresh each time); its connection is private, so this
// is a driver of its own on pg's documented query config ({ name, text, values }).
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from "kysely"
import { CompiledQuery as Compiled } from "kysely"
import type pg from "pg"

/**
 * Pattern matches stay unnamed: after five runs PostgreSQL may switch a prepared statement to a
 * generic plan, made without the pattern, and whether a LIKE should use the trigram index or the
 * owner's index depends on the pattern.
 */
const needsCustomPlan = /\blike\b/i

/**
 * So do statements with many parameters: those are long IN lists, one text per list length, which
 * would fill the cap with variants run once each. A page's (up to 20 labs, with a few more values)
 * recurs all day and stays named: a broad search and the chains of a page of found labs (17 and 22
 * parameters) were planned afresh each time under a limit of 16, about 2 ms each on PostgreSQL.
 */
const MAX_NAMED_PARAMETERS = 64
const manyParameters = new RegExp(`\\$${MAX_NAMED_PARAMETERS + 1}\\b`)

/** A name for each statement text worth preparing, up to `limit` texts; null: send it unnamed. */
export const makeStatementNamer = (limit: number) => {
  const names = new Map<string, string | null>()
  return (text: string): string | null => {
    const known = names.get(text)
    if (known !== undefined) return known
    if (names.size >= limit) return null
    const name = needsCustomPlan.test(text) || manyParameters.test(text) ? null : `preparat_${names.size}`
    names.set(text, name)
    return name
  }
}

type NameOf = (text: string) => string | null

const WRITES = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"])

class NamedStatementConnection implements DatabaseConnection {
  /** A rollback that failed leaves the session in doubt: pg closes it instead of pooling it. */
  discarded = false

  readonly client: pg.PoolClient
  private readonly nameOf: NameOf

  constructor(client: pg.PoolClient, nameOf: NameOf) {
    this.client = client
    this.nameOf = nameOf
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const text = query.sql
    const values = [...query.parameters]
    const name = this.nameOf(text)
    const result = await this.client.query(name === null ? { text, values } : { name, text, values })
    // As Kysely's PostgresConnection answers: COMMIT that PostgreSQL turned into ROLLBACK is told apart.
    if (result.command === "ROLLBACK" || result.command === "COMMIT") return { rows: [{ command: result.command } as R] }
    return {
      rows: (result.rows ?? []) as R[],
      ...(WRITES.has(result.command) ? { numAffectedRows: BigInt(result.rowCount ?? 0) } : {})
    }
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered (nothing here streams)
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported by this driver")
  }
}

const run = (connection: DatabaseConnection, text: string) => connection.executeQuery(Compiled.raw(text))

export class NamedStatementDriver implements Driver {
  private readonly pool: pg.Pool
  private readonly nameOf: NameOf

  constructor(pool: pg.Pool, nameOf: NameOf) {
    this.pool = pool
    this.nameOf = nameOf
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new NamedStatementConnection(await this.pool.connect(), this.nameOf)
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ""
    const mode = settings.accessMode ? ` ${settings.accessMode}` : ""
    await run(connection, isolation || mode ? `start transaction${isolation}${mode}` : "begin")
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const { rows } = await run(connection, "commit")
    if ((rows[0] as { command?: string } | undefined)?.command === "ROLLBACK")
      throw new Error("the transaction was rolled back: an earlier statement in it failed")
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await run(connection, "rollback")
    } catch (error) {
      ;(connection as NamedStatementConnection).discarded = true
      throw error
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const named = connection as NamedStatementConnection
    named.client.release(named.discarded)
  }

  async destroy(): Promise<void> {
    await this.pool.end()
  }
}
