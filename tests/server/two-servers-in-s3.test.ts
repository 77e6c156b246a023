// Two app servers that share only the database and the bucket: each has a DATA_DIR of its own, as
// two machines would. Every request alternates between them: register on one and be signed in on
// the other; a chunked upload whose chunks land on both (each chunk an object in the bucket, its
// state in the database), the original put together and the pyramid built once, served by both;
// then delete and purge, after which the bucket is empty. PostgreSQL only (see two-servers.test.ts).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type S3Store, s3Store } from "../support/s3-store.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"
import type { StartedServer } from "../support/start-server.ts"
import { client } from "./support/labs-api.ts"
import { sendChunk, smallImage, waitForStatus } from "./support/slides-api.ts"

const databaseUrl = process.env.DATABASE_URL || undefined
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379"

/** Files under a server's DATA_DIR folder, at any depth (none when the folder is not there). */
const filesIn = (dataDir: string, folder: string) =>
  existsSync(join(dataDir, folder))
    ? readdirSync(join(dataDir, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : []

describe.runIf(databaseUrl !== undefined)("two app servers with separate data directories, one database and one bucket", () => {
  let store: S3Store
  let a: ServerProcess
  let b: ServerProcess
  let bDir = ""
  let turn = 0
  const next = () => (turn++ % 2 === 0 ? a : b) as unknown as StartedServer
  let ada: SignedIn

  beforeAll(async () => {
    store = await s3Store()
    const shared = { ...store.env, REDIS_URL: redisUrl, SECRET_KEY: "two-machines-one-secret-two-machines-one-secret" }
    a = await startServerProcess({ databaseUrl, env: { ...shared, SERVER_NAME: "machine-a" } })
    bDir = mkdtempSync(join(tmpdir(), "preparat-machine-b-"))
    b = await startServerProcess({ reuse: { dataDir: bDir, databaseUrl: a.databaseUrl }, env: { ...shared, SERVER_NAME: "machine-b" } })
  }, 90_000)

  afterAll(async () => {
    await b?.stop()
    rmSync(bDir, { recursive: true, force: true })
    await a?.stop()
    await store?.release()
  })

  it("uploads in chunks split across both, builds once, and serves the slide from both", async () => {
    expect(a.dataDir).not.toBe(b.dataDir)
    ada = await createSignedIn(next(), { name: "Ada Lovelace", email: "ada.two-machines@example.org" })
    for (const server of [a, b]) expect((await api(server).get("/v2/auth/user/profile/", { token: ada.access })).status).toBe(200)

    const file = await smallImage("png", 1600, 1200)
    const size = Math.ceil(file.length / 6)
    let uploadId: string | undefined
    let slide = ""
    const landedOn = new Set<string>()
    for (let start = 0; start < file.length; start += size) {
      const server = next()
      landedOn.add(server.url)
      const end = Math.min(file.length, start + size) - 1
      const reply = await sendChunk(server, ada, {
        labId: null,
        filename: "Tonsil.png",
        file,
        start,
        end,
        ...(uploadId ? { uploadId } : {})
      })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      uploadId = reply.body.data.upload_id
      if (end < file.length - 1) expect(await store.keys(`uploads/${uploadId}/`)).toHaveLength(start / size + 1)
      else slide = reply.body.data.lab?.id
    }
    expect(landedOn.size).toBe(2)
    expect(slide, "the last chunk names the new slide").toMatch(/^[0-9a-f-]{36}$/)

    const ready = await waitForStatus(next(), ada, slide, ["ready", "failed"], 60_000)
    expect(ready.status).toBe("ready")
    const slideKey = /\/([0-9a-f]{32})\//.exec(ready.thumbnail_url ?? "")?.[1] ?? ""
    // The parts went once the original was stored; the original and the pyramid are in the bucket only.
    expect(await store.keys("uploads/")).toEqual([])
    expect(await store.keys("blobs/")).toHaveLength(1)
    expect(await store.keys(`slides/${slideKey}/`)).toContain(`slides/${slideKey}/slide.dzi`)
    for (const server of [a, b])
      for (const folder of ["uploads", "blobs", "slides"]) expect(filesIn(server.dataDir, folder), `${server.url} ${folder}`).toEqual([])

    for (const server of [a, b]) {
      const auth = { authorization: `Bearer ${ada.access}` }
      const tile = await fetch(`${server.url}/v2/media/slides/${slide}/${slideKey}/slide_files/0/0_0.jpeg`, { headers: auth })
      expect(tile.status, server.url).toBe(200)
      expect((await sharp(Buffer.from(await tile.arrayBuffer())).metadata()).width).toBe(1)
      const original = await fetch(`${server.url}/v2/slides/${slide}/original/`, { headers: auth })
      expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(file)), server.url).toBe(true)
    }

    const deleted = await client(next()).del(`/v2/labs/${slide}/`, undefined, { token: ada.access })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    const purged = await client(next()).del(`/v2/labs/trash/${slide}/`, undefined, { token: ada.access })
    expect(purged.status, JSON.stringify(purged.body)).toBe(200)
    const left = async () => [...(await store.keys("blobs/")), ...(await store.keys("slides/"))]
    const gone = Date.now() + 10_000
    while ((await left()).length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 100))
    expect(await left()).toEqual([])
  }, 120_000)
})
