// Backup and restore as an operator runs them (npm run backup / restore, server/backup/cli.ts),
// against real server processes: a slide is uploaded and annotated, a backup is taken while the
// server runs, everything is wiped, the backup is restored into an empty DATA_DIR (and an empty
// schema on PostgreSQL), and the restarted server opens the slide's pyramid for the same account.
// With a bucket (S3_BUCKET, an s3rver started here), the backup holds the bucket's objects too, and
// the restore puts them back into the emptied bucket.
import { spawn } from "node:child_process"
import { once } from "node:events"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { deleteKeys } from "../../server/services/platform/s3-objects.ts"
import { api, createSignedIn, signIn } from "../support/api.ts"
import { s3Store } from "../support/s3-store.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"
import type { StartedServer } from "../support/start-server.ts"
import { smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

const databaseUrl = process.env.DATABASE_URL || undefined

type Operated = Pick<ServerProcess, "dataDir" | "databaseUrl"> & { readonly env?: Readonly<Record<string, string>> }

/**
 * npm run <command> -- <dir> with the server's environment. Not spawnSync: the bucket's s3rver runs
 * in this process, and must keep answering while the command runs.
 */
const operator = async (command: "backup" | "restore", dir: string, server: Operated, ...extra: string[]) => {
  const child = spawn(process.execPath, ["server/backup/cli.ts", command, dir, ...extra], {
    env: { ...process.env, ...server.env, DATA_DIR: server.dataDir, DATABASE_URL: server.databaseUrl ?? "" }
  })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const [status] = (await once(child, "close")) as [number | null]
  return { status, stdout, stderr }
}

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
    const made = await operator("backup", backup, first)
    expect(made.status, made.stderr).toBe(0)
    expect(made.stdout).toMatch(/Backed up the (sqlite|postgres) database and blobs, slides/)

    // Everything goes: the process, its data directory, its schema (stop() removes both).
    await first.stop()
    if (first.databaseUrl) await dropSchema(first.databaseUrl, true)
    if (first.databaseUrl) schemas.push(first.databaseUrl)
    const wiped = { dataDir: mkdtempSync(join(tmpdir(), "preparat-restored-")), databaseUrl: first.databaseUrl }
    dirs.push(wiped.dataDir)

    const restored = await operator("restore", backup, wiped)
    expect(restored.status, restored.stderr).toBe(0)
    // Restoring over a database in use is refused unless asked for.
    const again = await operator("restore", backup, wiped)
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

  it("with a bucket, copies its objects and puts them back into the emptied bucket", { timeout: 120_000 }, async () => {
    // The server the test before left running (stopped in afterAll otherwise).
    await running?.stop()
    const store = await s3Store()
    try {
      const first = await startServerProcess({ databaseUrl, env: store.env })
      running = first
      const server = first as unknown as StartedServer
      const ada = await createSignedIn(server, { name: "Ada" })
      const uploaded = await uploadWhole(server, ada, "root", "kidney.png", await smallImage("png", 800, 600))
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
      const labId: string = uploaded.body.data.lab.id
      const lab = await waitForStatus(server, ada, labId, ["ready"])
      const tile = `${lab.tile_source.replace(/\.dzi$/, "_files")}/0/0_0.jpeg`
      const before = await fetch(`${first.url}${tile}`, { headers: { authorization: `Bearer ${ada.access}` } })
      expect(before.status).toBe(200)
      const tileBytes = Buffer.from(await before.arrayBuffer())
      const objects = [...(await store.keys("blobs/")), ...(await store.keys("slides/"))].sort()
      expect(objects.length).toBeGreaterThan(2)

      const backup = mkdtempSync(join(tmpdir(), "preparat-backup-s3-"))
      dirs.push(backup)
      rmSync(backup, { recursive: true })
      const made = await operator("backup", backup, { ...first, env: store.env })
      expect(made.status, made.stderr).toBe(0)
      expect(made.stdout).toContain(`Backed up ${objects.length} objects of bucket ${store.bucket}`)

      // Everything goes: the process, its directory and schema, and every object of the bucket.
      await first.stop()
      if (first.databaseUrl) await dropSchema(first.databaseUrl, true)
      if (first.databaseUrl) schemas.push(first.databaseUrl)
      await deleteKeys({ client: store.client, bucket: store.bucket }, await store.keys(""))
      expect(await store.keys("")).toEqual([])
      const wiped = { dataDir: mkdtempSync(join(tmpdir(), "preparat-restored-s3-")), databaseUrl: first.databaseUrl, env: store.env }
      dirs.push(wiped.dataDir)

      const restored = await operator("restore", backup, wiped)
      expect(restored.status, restored.stderr).toBe(0)
      expect(restored.stdout).toContain(`Restored ${objects.length} objects into bucket ${store.bucket}`)
      expect([...(await store.keys("blobs/")), ...(await store.keys("slides/"))].sort()).toEqual(objects)

      const second = await startServerProcess({ reuse: wiped, env: store.env })
      running = second
      const back = await signIn(second, ada)
      const after = await fetch(`${second.url}${tile}`, { headers: { authorization: `Bearer ${back.access}` } })
      expect(after.status).toBe(200)
      expect(after.headers.get("content-type")).toBe(before.headers.get("content-type"))
      expect(Buffer.from(await after.arrayBuffer()).equals(tileBytes)).toBe(true)
      const original = await fetch(`${second.url}/v2/slides/${labId}/original/`, { headers: { authorization: `Bearer ${back.access}` } })
      expect(original.status).toBe(200)
      await second.stop()
      running = undefined
    } finally {
      await store.release()
    }
  })
})
