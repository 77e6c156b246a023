// tests/server/postgres-files.json says where each server test file runs (scripts/test-all.ts). A
// name there that no longer exists would drop a file from PostgreSQL unnoticed (renamed, it would run
// on both engines until the list is made again, but a postgresAlone file would run nowhere), and a
// name in two lists would make its place ambiguous.
import { existsSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const list = JSON.parse(readFileSync("tests/server/postgres-files.json", "utf8")) as {
  postgresAlone: ReadonlyArray<string>
  postgres: Readonly<Record<string, string>>
  sqliteOnly: ReadonlyArray<string>
}
const named = [...list.postgresAlone, ...Object.keys(list.postgres), ...list.sqliteOnly]

describe("the list of server files run on PostgreSQL", () => {
  it("names only server test files that exist", () => {
    const missing = named.filter((file) => !/^tests\/server\/[\w.-]+\.test\.ts$/.test(file) || !existsSync(file))
    expect(missing).toEqual([])
  })

  it("names each file in one list at most", () => {
    expect(named.filter((file, i) => named.indexOf(file) !== i)).toEqual([])
  })
})
