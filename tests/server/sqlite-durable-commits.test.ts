// SQLite commits made durable off the event loop (server/db/sqlite-wal-sync.ts) and checkpoints on
// their own thread (server/db/sqlite-checkpointer.ts): a transaction is answered only after the WAL
// is synced, the next transaction need not wait for that sync, commits made during a sync share the
// next one, and the WAL's pages reach the database file with the writer never checkpointing.
import { mkdtempSync, rmSync, statSync } from "node:fs"
import type { FileHandle } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Kysely } from "kysely"
import { afterEach, describe, expect, it } from "vitest"
import { migrateToLatest } from "../../server/db/migrations.ts"
import type { Database } from "../../server/db/schema.ts"
import { openSqlite } from "../../server/db/sqlite.ts"
import { startCheckpointer } from "../../server/db/sqlite-checkpointer.ts"
import { SqliteReadWriteDialect } from "../../server/db/sqlite-read-write.ts"
import { WalSync } from "../../server/db/sqlite-wal-sync.ts"
import { userRow } from "./support/user-row.ts"

/** A flush the test lets finish: once `hold()` is called, each call waits until `finish()`. */
const heldFlush = () => {
  const waiting: Array<() => void> = []
  let calls = 0
  let holding = false
  const flush = async (file: FileHandle) => {
    if (holding) {
      calls += 1
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
    await file.sync()
  }
  return {
    flush,
    calls: () => calls,
    hold: () => {
      holding = true
    },
    finish: async () => {
      for (const resolve of waiting.splice(0)) resolve()
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(Boolean(process.env.DATABASE_URL))("SQLite's durable commits", () => {
  let dir: string
  let db: Kysely<Database> | undefined
  afterEach(async () => {
    await db?.destroy()
    db = undefined
    rmSync(dir, { recursive: true, force: true })
  })

  const open = async (upkeep: (file: string) => ConstructorParameters<typeof SqliteReadWriteDialect>[2]) => {
    dir = mkdtempSync(join(tmpdir(), "preparat-durable-"))
    const file = join(dir, "preparat.sqlite")
    const writer = openSqlite(file, "NORMAL", "writer", false)
    const dialect = new SqliteReadWriteDialect(writer, openSqlite(file, "NORMAL", "reader"), upkeep(file))
    db = new Kysely<Database>({ dialect })
    await migrateToLatest(db as Kysely<unknown>, "sqlite")
    return { db, file }
  }
  const user = (email: string) => userRow(email, email, email, new Date().toISOString())

  it("answers a commit only after the WAL is synced, while the next transaction goes ahead", async () => {
    const held = heldFlush()
    const { db } = await open((file) => ({ walSync: new WalSync(`${file}-wal`, held.flush) }))
    held.hold()
    const order: string[] = []
    const first = db
      .transaction()
      .execute((trx) => trx.insertInto("users").values(user("first@x")).execute())
      .then(() => order.push("first answered"))
    await tick()
    expect(held.calls()).toBe(1)
    expect(order).toEqual([])
    // The write lock was given back before the sync: a second transaction commits meanwhile.
    const second = db
      .transaction()
      .execute((trx) => trx.insertInto("users").values(user("second@x")).execute())
      .then(() => order.push("second answered"))
    await tick()
    expect(order).toEqual([])
    await held.finish()
    await first
    await held.finish()
    await second
    expect(order).toEqual(["first answered", "second answered"])
    // The second waited for a sync that began after its commit, not for the one already running.
    expect(held.calls()).toBe(2)
  })

  it("lets the commits made during one sync share the next", async () => {
    const held = heldFlush()
    const { db } = await open((file) => ({ walSync: new WalSync(`${file}-wal`, held.flush) }))
    held.hold()
    const writes = Array.from({ length: 5 }, (_, i) =>
      db
        .insertInto("users")
        .values(user(`u${i}@x`))
        .execute()
    )
    await tick()
    await held.finish()
    await held.finish()
    await Promise.all(writes)
    expect(held.calls()).toBe(2)
    expect(await db.selectFrom("users").select("email").execute()).toHaveLength(5)
  })

  it("copies the WAL into the database on its own thread, the writer never checkpointing", async () => {
    const { db, file } = await open((file) => ({ checkpointer: startCheckpointer(file, 100) }))
    await tick(300)
    const before = statSync(file).size
    const rows = Array.from({ length: 2000 }, (_, i) => ({ ...user(`bulk${i}@x`), name: "x".repeat(1000) }))
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto("users")
          .values(rows.slice(i, i + 200))
          .execute()
    })
    // Right after the commit the pages are in the WAL only (the writer's wal_autocheckpoint is 0).
    expect(statSync(file).size).toBe(before)
    await tick(600)
    expect(statSync(file).size).toBeGreaterThan(before + 1_000_000)
  })
})
