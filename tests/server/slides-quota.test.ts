// The owner's storage quota: an upload that would pass it is refused before its first byte is
// read, and again when its last byte arrives if the owner's storage filled meanwhile (here a file
// row written beside it stands in for a concurrent upload); both with the catalogue's 413 message.
// A refused upload leaves nothing: no lab, no upload row, no partial file. Partial uploads count
// toward nothing.
import { randomUUID } from "node:crypto"
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { GiB } from "../../server/domain/plans.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, insertFile, person } from "./support/labs-api.ts"
import { noiseTiff, sendChunk, uploadWhole } from "./support/slides-api.ts"

const FULL = "Upload failed, storage full!"
const QUOTA = 5 * GiB

let server: StartedServer
let tiff: Uint8Array
beforeAll(async () => {
  server = await startServer()
  tiff = await noiseTiff(300, 300)
})
afterAll(() => server.stop())

const used = async (token: string) => (await client(server).get("/v2/pricing/plan/storage/", { token })).body.data.total_used
const children = async (token: string, folder: string) =>
  (await client(server).get(`/v2/labs/?parent=${folder}`, { token })).body.data.results

describe("quota", () => {
  it("refuses an upload that would pass the quota before it starts", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Full")
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: null, name: "big", size: QUOTA - 1000 })
    const chunked = await sendChunk(server, ada, { labId: folder.id, filename: "a.tif", file: tiff, start: 0, end: 99 })
    const whole = await uploadWhole(server, ada, folder.id, "a.tif", tiff)
    for (const reply of [chunked, whole]) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(413)
      expect(reply.body.message).toBe(FULL)
      // The cause and how much is left, for the client to say.
      expect(reply.body).toMatchObject({ code: "quota_exceeded", remaining: 1000 })
    }
    expect(await children(ada.access, folder.id)).toEqual([])
    expect(readdirSync(join(server.config.dataDir, "uploads"))).toEqual([])
  })

  it("refuses the last chunk when the storage filled during the upload, and removes the upload", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Race")
    const half = Math.floor(tiff.length / 2)
    const first = await sendChunk(server, ada, { labId: folder.id, filename: "a.tif", file: tiff, start: 0, end: half - 1 })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    // The partial upload counts toward nothing.
    expect(await used(ada.access)).toBe(0)
    expect(await children(ada.access, folder.id)).toEqual([expect.objectContaining({ status: "uploading", size: 0 })])

    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: null, name: "meanwhile", size: QUOTA - half })
    const uploadId = first.body.data.upload_id
    const last = await sendChunk(server, ada, {
      labId: folder.id,
      filename: "a.tif",
      file: tiff,
      start: half,
      end: tiff.length - 1,
      uploadId
    })
    expect(last.status, JSON.stringify(last.body)).toBe(413)
    expect(last.body.message).toBe(FULL)
    expect(await children(ada.access, folder.id)).toEqual([])
    expect(await used(ada.access)).toBe(QUOTA - half)
    expect((await client(server).get(`/v2/slides/chunks/${uploadId}/`, { token: ada.access })).status).toBe(404)
    expect(readdirSync(join(server.config.dataDir, "uploads"))).toEqual([])
    // The refused upload gave its reservation back: an upload announcing exactly the room left starts.
    const next = await sendChunk(server, ada, { labId: folder.id, filename: "b.tif", file: tiff, start: 0, end: 99, total: half })
    expect(next.status, JSON.stringify(next.body)).toBe(200)
  })

  it("of ten uploads announcing 4.9 GiB each at once against 5 GiB, accepts exactly one", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Ten at once")
    const start = (n: number) =>
      sendChunk(server, ada, { labId: folder.id, filename: `scan${n}.tif`, file: tiff, start: 0, end: 99, total: Math.floor(4.9 * GiB) })
    const replies = await Promise.all(Array.from({ length: 10 }, (_, n) => start(n)))
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(413)])
    expect(await children(ada.access, folder.id)).toHaveLength(1)
  })

  it("counts a completed upload once: its reservation becomes the file's size", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Completed")
    const done = await sendChunk(server, ada, { labId: folder.id, filename: "done.tif", file: tiff, start: 0, end: tiff.length - 1 })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data.lab).toBeDefined()
    const room = QUOTA - (await used(ada.access))
    const announce = (total: number) =>
      sendChunk(server, ada, { labId: folder.id, filename: "next.tif", file: tiff, start: 0, end: 99, total })
    expect((await announce(room + 1)).status).toBe(413)
    expect((await announce(room)).status).toBe(200)
  })

  it("reserves the announced size of uploads in flight, so that together they cannot pass the quota", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Parallel")
    const announced = Math.floor(QUOTA * 0.49)
    const start = (n: number) =>
      sendChunk(server, ada, { labId: folder.id, filename: `part${n}.tif`, file: tiff, start: 0, end: 99, total: announced })
    const first = await start(1)
    const second = await start(2)
    expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([200, 200])
    const third = await start(3)
    expect(third.status, JSON.stringify(third.body)).toBe(413)
    expect(third.body.message).toBe(FULL)
    // Abandoning one gives its reservation back.
    await server.withDb((db) => db.deleteFrom("uploads").where("id", "=", first.body.data.upload_id).execute())
    expect((await start(4)).status).toBe(200)
  })
})
