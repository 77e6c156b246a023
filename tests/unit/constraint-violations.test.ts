import { describe, expect, it } from "vitest"
import { isForeignKeyViolation, isUniqueViolation } from "../../server/db/unique-violation.ts"

describe("constraint failures on either engine", () => {
  it("tells a foreign key failure by PostgreSQL's code or SQLite's message, and nothing else", () => {
    expect(isForeignKeyViolation({ code: "23503" })).toBe(true)
    expect(isForeignKeyViolation(new Error("FOREIGN KEY constraint failed"))).toBe(true)
    expect(isForeignKeyViolation({ code: "23505" })).toBe(false)
    expect(isForeignKeyViolation(new Error("UNIQUE constraint failed: users.email"))).toBe(false)
    expect(isForeignKeyViolation(null)).toBe(false)
  })

  it("tells a unique failure apart from a foreign key one", () => {
    expect(isUniqueViolation({ code: "23505" })).toBe(true)
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: users.email"))).toBe(true)
    expect(isUniqueViolation({ code: "23503" })).toBe(false)
  })
})
