// SQLite statements get their LIMIT and OFFSET numbers written in (sqlite-inline-limits.ts), from
// the query builder and from raw SQL alike; every other value stays bound.
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from "kysely"
import { describe, expect, it } from "vitest"
import { InlineLimits } from "../../server/db/sqlite-inline-limits.ts"

interface Tables {
  readonly labs: { readonly id: string; readonly name: string }
}

const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler()
  },
  plugins: [new InlineLimits()]
})

describe("InlineLimits", () => {
  it("writes a query builder's limit and offset in, and keeps the other values bound", () => {
    const { sql: text, parameters } = db.selectFrom("labs").selectAll().where("name", "=", "limit 5").limit(20).offset(40).compile()
    expect(text).toBe('select * from "labs" where "name" = ? limit 20 offset 40')
    expect(parameters).toEqual(["limit 5"])
  })

  it("writes in the numbers after LIMIT and OFFSET in raw SQL, nested fragments too", () => {
    const inner = sql`SELECT id FROM labs WHERE name = ${"x"} ORDER BY name LIMIT ${21}`
    const { sql: text, parameters } = sql`SELECT * FROM (${inner}) t WHERE t.id <> ${7} LIMIT ${10} OFFSET ${30}`.compile(db)
    expect(text).toBe("SELECT * FROM (SELECT id FROM labs WHERE name = ? ORDER BY name LIMIT 21) t WHERE t.id <> ? LIMIT 10 OFFSET 30")
    expect(parameters).toEqual(["x", 7])
  })

  it("leaves a limit bound when it is not a safe whole number", () => {
    for (const limit of [2.5, "5; DROP TABLE labs", Number.MAX_SAFE_INTEGER + 2]) {
      const { sql: text, parameters } = sql`SELECT * FROM labs LIMIT ${limit}`.compile(db)
      expect(text).toBe("SELECT * FROM labs LIMIT ?")
      expect(parameters).toEqual([limit])
    }
  })
})
