// Which PostgreSQL statements are prepared once per connection (named) and which are planned each time.
import { describe, expect, it } from "vitest"
import { makeStatementNamer } from "../../server/db/postgres-named-statements.ts"

describe("makeStatementNamer", () => {
  it("gives one text one name, and another text another", () => {
    const nameOf = makeStatementNamer(10)
    const first = nameOf('select * from "labs" where "id" = $1')
    expect(first).toMatch(/^preparat_\d+$/)
    expect(nameOf('select * from "labs" where "id" = $1')).toBe(first)
    expect(nameOf('select * from "users" where "id" = $1')).not.toBe(first)
  })

  it("leaves pattern matches unnamed, so each is planned with its pattern", () => {
    const nameOf = makeStatementNamer(10)
    expect(nameOf(`select id from labs l where l.name_lower LIKE $1 ESCAPE '\\'`)).toBeNull()
    expect(nameOf("select id from labs where name_lower like $1")).toBeNull()
    // A column that merely contains the letters is no pattern match.
    expect(nameOf('select "likes" from "labs"')).not.toBeNull()
  })

  it("leaves IN lists longer than a page unnamed: one text per list length, each run rarely", () => {
    const nameOf = makeStatementNamer(10)
    const list = (n: number) => `select * from "labs" where "id" in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ")})`
    expect(nameOf(list(20))).not.toBeNull()
    expect(nameOf(list(64))).not.toBeNull()
    expect(nameOf(list(65))).toBeNull()
    expect(nameOf(list(120))).toBeNull()
  })

  it("names no new text past its limit, while the named ones keep their names", () => {
    const nameOf = makeStatementNamer(2)
    const a = nameOf("select 1")
    const b = nameOf("select 2")
    expect([a, b].every((name) => name !== null)).toBe(true)
    expect(nameOf("select 3")).toBeNull()
    expect(nameOf("select 1")).toBe(a)
  })
})
