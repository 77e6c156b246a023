// The SQLite driver that writes on a thread of its own (server/db/sqlite-split.ts): reads are
// answered while a transaction is open, transactions take their turn one after another, a failure
// crosses the thread with what the server reads of it, and the writer's commits are what the reader
// sees. SQLite only, whatever engine the suite runs on: it tests the SQLite driver itself.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Kysely, sql } from "kysely"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { openDatabase } from "../../server/db/database.ts"
import type { Database } from "../../server/db/schema.ts"
import { isUniqueViolation } from "../../server/db/unique-violation.ts"

let dir: string
let db: Kysely<Database>

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "preparat-split-"))
  db = (await openDatabase({ databaseUrl: undefined, dataDir: dir })).db
  await sql`create table t (id integer primary key, name text unique not null)`.execute(db)
})

afterEach(async () => {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

// Dynamic table names: the schema's types do not know the test's table.
const names = async (on: Kysely<Database>) =>
  (await (on as unknown as Kysely<{ t: { id: number; name: string } }>).selectFrom("t").select("name").orderBy("id").execute()).map(
    (r) => r.name
  )
const insert = (on: Kysely<Database>, name: string) =>
  (on as unknown as Kysely<{ t: { id?: number; name: string } }>).insertInto("t").values({ name }).execute()

const within = <A>(promise: Promise<A>, ms: number) =>
  Promise.race([promise, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), ms))])

describe("SQLite with its writer on a thread", () => {
  it("answers a read while a transaction is open, with the last committed state", async () => {
    await insert(db, "before")
    const trx = await db.startTransaction().execute()
    await insert(trx, "inside")
    // With one connection behind one mutex this read waited for the commit (the old driver).
    expect(await within(names(db), 2000)).toEqual(["before"])
    expect(await names(trx)).toEqual(["before", "inside"])
    await trx.commit().execute()
    expect(await names(db)).toEqual(["before", "inside"])
  })

  it("runs transactions asked for together one after another, each whole", async () => {
    const run = (name: string) =>
      db.transaction().execute(async (trx) => {
        const seen = (await names(trx)).length
        await new Promise((resolve) => setTimeout(resolve, 5))
        await insert(trx, `${name}-${seen}`)
      })
    await Promise.all(["a", "b", "c", "d"].map(run))
    // Each saw every one committed before it: the counts 0..3 each appear once.
    expect((await names(db)).map((n) => n.split("-")[1]).sort()).toEqual(["0", "1", "2", "3"])
  })

  it("brings a unique violation across the thread as the server recognises it, and rolls back", async () => {
    await insert(db, "taken")
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await insert(trx, "fresh")
        await insert(trx, "taken")
      })
      .then(
        () => undefined,
        (error: unknown) => error
      )
    expect(isUniqueViolation(failed)).toBe(true)
    expect(await names(db)).toEqual(["taken"])
    // The writer's turn was given back: a write after the failure goes through.
    await insert(db, "after")
    expect(await names(db)).toEqual(["taken", "after"])
  })
})
