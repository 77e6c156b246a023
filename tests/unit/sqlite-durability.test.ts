// SQLite answers a write only once it is durable: the server's database runs with
// synchronous=FULL (the WAL is synced at every commit, so a power loss keeps what was acknowledged),
// unless SQLITE_SYNCHRONOUS=NORMAL asks for the cheaper setting.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { afterEach, describe, expect, it } from "vitest"
import { loadConfig } from "../../server/config.ts"
import { openDatabase } from "../../server/db/database.ts"

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The synchronous level of the database the server opens with this environment (0 off, 1 NORMAL, 2 FULL). */
const synchronousLevel = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), "preparat-sync-"))
  dirs.push(dataDir)
  const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: "test", ...env })
  const { db } = await openDatabase(config)
  try {
    return (await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)).rows[0]?.synchronous
  } finally {
    await db.destroy()
  }
}

describe("SQLite durability", () => {
  it("syncs every commit (FULL) by default", async () => {
    expect(await synchronousLevel({})).toBe(2)
  })

  it("runs NORMAL only when asked", async () => {
    expect(await synchronousLevel({ SQLITE_SYNCHRONOUS: "NORMAL" })).toBe(1)
  })
})
