// The PostgreSQL dialect's driver (postgres-named-statements.ts) names Kysely's statements so each
// connection prepares them once, and keeps Kysely's transactions: commit, rollback, and a commit
// that PostgreSQL turned into a rollback. Runs where the server tests run on PostgreSQL (DATABASE_URL).
import { Kysely, sql } from "kysely"
import { afterAll, describe, expect, it } from "vitest"
import { postgresDialect } from "../../server/db/postgres.ts"

const url = process.env.DATABASE_URL

describe.runIf(url !== undefined && url !== "")("the PostgreSQL driver", () => {
  const db = new Kysely<unknown>({ dialect: postgresDialect(url!, true) })
  afterAll(() => db.destroy())

  it("prepares a statement once per connection under a name, and plans a pattern match afresh", async () => {
    const prepared = await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2; i++)
        expect((await sql<{ word: string }>`SELECT ${"named"}::text AS word`.execute(trx)).rows).toEqual([{ word: "named" }])
      expect(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 'kidney' AS x) t WHERE t.x LIKE ${"%dne%"}`.execute(trx)).rows
      ).toEqual([{ n: 1 }])
      return (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(trx)).rows
    })
    const named = prepared.filter((p) => p.statement.includes("AS word"))
    expect(named).toHaveLength(1)
    expect(named[0]!.name).toMatch(/^preparat_\d+$/)
    expect(prepared.some((p) => /like/i.test(p.statement))).toBe(false)
  })

  it("commits, rolls back, and fails a commit that PostgreSQL answered with a rollback", async () => {
    // Temporary tables belong to one session: everything here runs on one connection.
    await db.connection().execute(async (one) => {
      await sql`CREATE TEMP TABLE IF NOT EXISTS driver_probe (n int)`.execute(one)
      await one.transaction().execute((trx) => sql`INSERT INTO driver_probe VALUES (1)`.execute(trx))
      await expect(
        one.transaction().execute(async (trx) => {
          await sql`INSERT INTO driver_probe VALUES (2)`.execute(trx)
          throw new Error("undo")
        })
      ).rejects.toThrow("undo")
      await expect(
        one.transaction().execute(async (trx) => {
          await sql`INSERT INTO driver_probe VALUES (3)`.execute(trx)
          await sql`SELECT 1 / 0`.execute(trx).catch(() => undefined)
        })
      ).rejects.toThrow(/rolled back/)
      expect((await sql<{ n: number }>`SELECT n FROM driver_probe`.execute(one)).rows).toEqual([{ n: 1 }])
    })
  })
})
