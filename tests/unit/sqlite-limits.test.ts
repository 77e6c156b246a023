import { describe, expect, it } from "vitest"
import { inlineLimits, limitParameters } from "../../server/db/sqlite-limits.ts"

describe("LIMIT and OFFSET written into SQLite statements", () => {
  it("finds the parameters that follow LIMIT or OFFSET, in any case, and only those", () => {
    expect(limitParameters("select * from labs where owner_id = ? order by name limit ? offset ?")).toEqual([1, 2])
    expect(limitParameters("SELECT 1 FROM t WHERE a = ? LIMIT\n  ?")).toEqual([1])
    expect(limitParameters("SELECT ? AS limit_, x FROM t")).toEqual([])
    // A column named like the keyword is not the keyword.
    expect(limitParameters("SELECT 1 FROM t WHERE my_limit = ?")).toEqual([])
  })

  it("does not count a ? inside strings, quoted names or comments", () => {
    const text = `SELECT '?', "a?b" FROM t /* ? */ WHERE x LIKE ? ESCAPE '\\' -- limit ?\n LIMIT ? OFFSET ?`
    expect(limitParameters(text)).toEqual([1, 2])
    expect(inlineLimits(text, [1, 2], ["%a%", 20, 40])).toEqual({
      text: `SELECT '?', "a?b" FROM t /* ? */ WHERE x LIKE ? ESCAPE '\\' -- limit ?\n LIMIT 20 OFFSET 40`,
      parameters: ["%a%"]
    })
  })

  it("writes in whole numbers only; anything else stays bound as it was", () => {
    const text = "SELECT * FROM t WHERE a = ? LIMIT ? OFFSET ?"
    expect(inlineLimits(text, [1, 2], ["x", 20n, 0])).toEqual({ text: "SELECT * FROM t WHERE a = ? LIMIT 20 OFFSET 0", parameters: ["x"] })
    expect(inlineLimits(text, [1, 2], ["x", "20; DROP TABLE t", 0])).toBeUndefined()
    expect(inlineLimits(text, [1, 2], ["x", 2.5, 0])).toBeUndefined()
  })
})
