// The PostgreSQL pool names Kysely's statements so each connection prepares them once; every other
// way of calling query (pool.query with its callback, a config object) must pass through intact.
// Runs where the server tests run on PostgreSQL (DATABASE_URL), as CI's second pass does.
import { afterAll, describe, expect, it } from "vitest"
import { openPostgresPool } from "../../server/db/postgres.ts"

const url = process.env.DATABASE_URL

describe.runIf(url !== undefined && url !== "")("the PostgreSQL pool", () => {
  const pool = openPostgresPool(url!, true)
  afterAll(() => pool.end())

  it("answers pool.query, a config object, and a named statement run twice", async () => {
    expect((await pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }])
    expect((await pool.query({ text: "SELECT $1::int AS two", values: [2] })).rows).toEqual([{ two: 2 }])
    const client = await pool.connect()
    try {
      for (let i = 0; i < 2; i++) expect((await client.query("SELECT $1::text AS word", ["named"])).rows).toEqual([{ word: "named" }])
    } finally {
      client.release()
    }
  })
})
