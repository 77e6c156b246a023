// SQLite's reader beside its writer (server/db/sqlite-read-write.ts): a plain read is answered while
// another request's transaction is open, from the last committed state, and writes wait their turn
// without blocking the event loop. SQLite only: PostgreSQL's pool gives this by itself.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Db, openDatabase } from "../../server/db/database.ts"
import { userRow } from "./support/user-row.ts"

describe.skipIf(Boolean(process.env.DATABASE_URL))("SQLite's reader and writer", () => {
  let dir: string
  let db: Db
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "preparat-rw-"))
    db = (await openDatabase({ databaseUrl: undefined, dataDir: dir })).db
  })
  afterAll(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  const names = async () => (await db.selectFrom("users").select("email").orderBy("email").execute()).map((row) => row.email)
  const user = (email: string) => userRow(email, email, email, new Date().toISOString())

  it("answers a read while a transaction is open, from what was committed, and the new rows after the commit", async () => {
    const order: string[] = []
    let commit!: () => void
    const held = new Promise<void>((resolve) => {
      commit = resolve
    })
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values(user("inside@x")).execute()
      await held
      order.push("committed")
    })
    // Let the transaction begin and write.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const during = await names()
    order.push("read")
    commit()
    await transaction
    expect(order).toEqual(["read", "committed"])
    expect(during).not.toContain("inside@x")
    expect(await names()).toContain("inside@x")
  })

  it("queues a write behind an open transaction, without blocking the event loop meanwhile", async () => {
    let commit!: () => void
    const held = new Promise<void>((resolve) => {
      commit = resolve
    })
    const order: string[] = []
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values(user("first@x")).execute()
      await held
      order.push("first committed")
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const write = db
      .insertInto("users")
      .values(user("second@x"))
      .execute()
      .then(() => order.push("second written"))
    // The loop still turns: a timer fires while the write waits.
    await new Promise((resolve) => setTimeout(resolve, 20))
    order.push("timer")
    commit()
    await Promise.all([transaction, write])
    expect(order).toEqual(["timer", "first committed", "second written"])
  })

  it("gives the writer back when a transaction fails, so the next write goes through", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("users").values(user("rolled@x")).execute()
        throw new Error("refused")
      })
    ).rejects.toThrow("refused")
    await db.insertInto("users").values(user("after@x")).execute()
    const all = await names()
    expect(all).toContain("after@x")
    expect(all).not.toContain("rolled@x")
  })
})
