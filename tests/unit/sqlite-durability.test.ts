// SQLite answers a write only once it is durable: by default a commit is answered after the WAL it
// was written to is synced (server/db/sqlite-wal-sync.ts, what synchronous=FULL does, off the
// event loop), unless SQLITE_SYNCHRONOUS=NORMAL asks for the cheaper setting (synced at checkpoints).
import { mkdtempSync, rmSync } from "node:fs"
import { open } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it, vi } from "vitest"
import { loadConfig } from "../../server/config.ts"
import { openDatabase } from "../../server/db/database.ts"
import { userRow } from "../server/support/user-row.ts"

const dirs: string[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** How many file syncs one write (a user row) waits for, with this environment. */
const syncedOnCommit = async (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), "preparat-sync-"))
  dirs.push(dataDir)
  const { db } = await openDatabase(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: "test", ...env }))
  // FileHandle is not exported: its prototype is reached through a handle.
  const probe = await open(join(dataDir, "preparat.sqlite"), "r")
  const FileHandle = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
  await probe.close()
  const synced = vi.spyOn(FileHandle, "sync")
  try {
    await db
      .insertInto("users")
      .values(userRow("u1", "a@x", "A", new Date().toISOString()))
      .execute()
    return synced.mock.calls.length
  } finally {
    await db.destroy()
  }
}

describe("SQLite durability", () => {
  it("syncs the WAL before a commit is answered, by default", async () => {
    expect(await syncedOnCommit({})).toBeGreaterThanOrEqual(1)
  })

  it("does not when NORMAL is asked for", async () => {
    expect(await syncedOnCommit({ SQLITE_SYNCHRONOUS: "NORMAL" })).toBe(0)
  })
})
