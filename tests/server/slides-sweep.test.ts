// Abandoned uploads are cleaned up: one that got no bytes for a day loses its row, its partial file
// and its "uploading" lab at the next start (and every hour); so does a partial file no row speaks
// for. An upload still in progress is left alone. An upload whose every byte is in but whose
// completing server died (its lease lapsed) is completed by the sweep.
import { randomUUID } from "node:crypto"
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { client, createFolder, person } from "./support/labs-api.ts"
import { noiseTiff, restartable, sendChunk, waitForStatus } from "./support/slides-api.ts"

let servers: Awaited<ReturnType<typeof restartable>>
beforeAll(async () => {
  // On the disk whatever TEST_S3 says: the files under DATA_DIR/uploads are what this checks.
  servers = await restartable({ s3: false })
})
afterAll(() => servers.dispose())

describe("abandoned uploads", () => {
  it("are removed with their partial file and their lab; fresh ones stay", async () => {
    let server = await servers.start()
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Sweep")
    const tiff = await noiseTiff(200, 200)
    const begin = async (filename: string) => {
      const reply = await sendChunk(server, ada, { labId: folder.id, filename, file: tiff, start: 0, end: 9_999 })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      return reply.body.data.upload_id as string
    }
    const stale = await begin("stale.tif")
    const fresh = await begin("fresh.tif")
    await servers.stop()

    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000)
    await server.withDb((db) => db.updateTable("uploads").set({ updated_at: dayAgo.toISOString() }).where("id", "=", stale).execute())
    const orphan = join(servers.dataDir, "uploads", "0f0e0d0c-orphan")
    writeFileSync(orphan, "left by a process that died before its commit")
    utimesSync(orphan, dayAgo, dayAgo)

    server = await servers.start()
    const deadline = Date.now() + 10_000
    const names = async () =>
      (await client(server).get(`/v2/labs/?parent=${folder.id}`, { token: ada.access })).body.data.results.map(
        (l: { name: string }) => l.name
      )
    // The sweep runs in the background: the stale upload goes first, then the orphan file.
    while (((await names()).includes("stale.tif") || existsSync(orphan)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100))
    expect(await names()).toEqual(["fresh.tif"])
    expect((await client(server).get(`/v2/slides/chunks/${stale}/`, { token: ada.access })).status).toBe(404)
    expect((await client(server).get(`/v2/slides/chunks/${fresh}/`, { token: ada.access })).body.data.offset).toBe(10_000)
    expect(existsSync(join(servers.dataDir, "uploads", stale))).toBe(false)
    expect(existsSync(join(servers.dataDir, "uploads", fresh))).toBe(true)
    expect(existsSync(orphan)).toBe(false)
  })

  it("completes an upload whose every byte is in but whose completing server died", async () => {
    let server = await servers.start()
    const eve = await person(server, "Eve")
    const tiff = await noiseTiff(300, 300)
    const half = Math.floor(tiff.length / 2)
    const first = await sendChunk(server, eve, { labId: null, filename: "stalled.tif", file: tiff, start: 0, end: half - 1 })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const id: string = first.body.data.upload_id
    await servers.stop()

    // What a server leaves when it dies after its last-byte transaction: the part stored and
    // counted, its lease (now lapsed), no original.
    const part = `${id}/${randomUUID()}`
    mkdirSync(join(servers.dataDir, "uploads", id), { recursive: true })
    writeFileSync(join(servers.dataDir, "uploads", part), tiff.subarray(half))
    await server.withDb(async (db) => {
      await db
        .insertInto("upload_parts")
        .values({ upload_id: id, start: half, size: tiff.length - half, part })
        .execute()
      await db
        .updateTable("uploads")
        .set({ received: tiff.length, completing_until: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", id)
        .execute()
    })

    server = await servers.start()
    const labId = await server.withDb(
      async (db) => (await db.selectFrom("uploads").select("lab_id").where("id", "=", id).executeTakeFirstOrThrow()).lab_id!
    )
    expect((await waitForStatus(server, eve, labId, ["ready", "failed"], 20_000)).status).toBe("ready")
    expect(existsSync(join(servers.dataDir, "uploads", id))).toBe(false)
  }, 60_000)
})
