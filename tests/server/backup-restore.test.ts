// Backup and restore as an operator runs them (npm run backup / restore, server/backup/cli.ts),
// against real server processes: a slide is uploaded and annotated, a backup is taken while the
// server runs, everything is wiped, the backup is restored into an empty DATA_DIR (and an empty
// schema on PostgreSQL), and the restarted server opens the slide's pyramid for the same account.
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { api, createSignedIn, signIn } from "../support/api.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"
import type { StartedServer } from "../support/start-server.ts"
import { smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

const databaseUrl = process.env.DATABASE_URL || undefined

/** npm run <command> -- <dir> with the server's environment. */
const operator = (command: "backup" | "restore", dir: string, server: Pick<ServerProcess, "dataDir" | "databaseUrl">, ...extra: string[]) =>
  spawnSync(process.execPath, ["server/backup/cli.ts", command, dir, ...extra], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl ?? "" },
    encoding: "utf8"
  })

/** Drops the URL's schema (its search path), and makes it again, empty, when asked. */
const dropSchema = async (url: string, recreate = false) => {
  const schema = new URL(url).searchParams.get("options")?.replace("-c search_path=", "") ?? ""
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    if (recreate) await client.query(`CREATE SCHEMA "${schema}"`)
  } finally {
    await client.end()
  }
}

describe("backup and restore", () => {
  const dirs: string[] = []
  const schemas: string[] = []
  let running: ServerProcess | undefined
  afterAll(async () => {
    await running?.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    for (const url of schemas) await dropSchema(url)
  })

  it("brings back the accounts, the slide and its pyramid after everything was wiped", { timeout: 120_000 }, async () => {
    const first = await startServerProcess({ databaseUrl })
    running = first
    const server = first as unknown as StartedServer
    const ada = await createSignedIn(server, { name: "Ada" })
    const uploaded = await uploadWhole(server, ada, "root", "liver.png", await smallImage("png", 900, 700))
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    const labId: string = uploaded.body.data.lab.id
    const lab = await waitForStatus(server, ada, labId, ["ready"])
    const tile = `${lab.tile_source.replace(/\.dzi$/, "_files")}/0/0_0.jpeg`
    const before = await fetch(`${first.url}${tile}`, { headers: { authorization: `Bearer ${ada.access}` } })
    expect(before.status).toBe(200)
    const tileBytes = Buffer.from(await before.arrayBuffer())

    const backup = mkdtempSync(join(tmpdir(), "preparat-backup-"))
    dirs.push(backup)
    rmSync(backup, { recursive: true })
    const made = operator("backup", backup, first)
    expect(made.status, made.stderr).toBe(0)
    expect(made.stdout).toMatch(/Backed up the (sqlite|postgres) database and blobs, slides/)

    // Everything goes: the process, its data directory, its schema (stop() removes both).
    await first.stop()
    if (first.databaseUrl) await dropSchema(first.databaseUrl, true)
    if (first.databaseUrl) schemas.push(first.databaseUrl)
    const wiped = { dataDir: mkdtempSync(join(tmpdir(), "preparat-restored-")), databaseUrl: first.databaseUrl }
    dirs.push(wiped.dataDir)

    const restored = operator("restore", backup, wiped)
    expect(restored.status, restored.stderr).toBe(0)
    // Restoring over a database in use is refused unless asked for.
    const again = operator("restore", backup, wiped)
    expect(again.status).toBe(1)
    expect(again.stderr).toContain("The database is not empty")

    const second = await startServerProcess({ reuse: wiped })
    running = second
    const back = await signIn(second, ada)
    const reopened = await api(second).get(`/v2/labs/${labId}/`, { token: back.access })
    expect(reopened.status).toBe(200)
    expect(reopened.body.data).toMatchObject({ name: "liver.png", status: "ready", width: 900, height: 700 })
    const after = await fetch(`${second.url}${tile}`, { headers: { authorization: `Bearer ${back.access}` } })
    expect(after.status).toBe(200)
    expect(Buffer.from(await after.arrayBuffer()).equals(tileBytes)).toBe(true)
    // The session signed before the backup is still good: the secret key came back too.
    expect((await api(second).get(`/v2/labs/${labId}/`, { token: ada.access })).status).toBe(200)
  })
})
