// A multi-megabyte TIFF uploaded in chunks, as the browser does: the lab appears "uploading" at the
// first chunk; a chunk sent twice changes nothing; a chunk out of order or whose part disagrees with
// its range is refused with the offset the server holds; the server is stopped and started again
// halfway and the upload resumes from GET /v2/slides/chunks/{id}/; the last chunk answers the lab,
// which becomes ready; the original downloads byte-identical. Only the uploader sees the upload.
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import type { StartedServer } from "../support/start-server.ts"
import { client, createFolder, person } from "./support/labs-api.ts"
import { noiseTiff, restartable, sendChunk, sha256, waitForStatus } from "./support/slides-api.ts"

const MiB = 1024 * 1024
let servers: Awaited<ReturnType<typeof restartable>>
let server: StartedServer
let tiff: Uint8Array
beforeAll(async () => {
  servers = await restartable()
  server = await servers.start()
  tiff = await noiseTiff(1500, 1400)
})
afterAll(() => servers.dispose())

const chunk = (session: SignedIn, folder: string, index: number, uploadId?: string) =>
  sendChunk(server, session, {
    labId: folder,
    filename: "kidney.tiff",
    file: tiff,
    start: index * MiB,
    end: Math.min(tiff.length, (index + 1) * MiB) - 1,
    ...(uploadId ? { uploadId } : {})
  })

describe("chunked upload", () => {
  it("resumes across a restart and stores the file byte for byte", async () => {
    expect(tiff.length).toBeGreaterThan(6 * MiB)
    const ada = await person(server, "Ada")
    const stranger = await person(server, "Stranger")
    const folder = await createFolder(server, ada, "Slides")

    const first = await chunk(ada, folder.id, 0)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toEqual({ upload_id: expect.any(String), offset: MiB })
    const uploadId: string = first.body.data.upload_id
    const listed = (await client(server).get(`/v2/labs/?parent=${folder.id}`, { token: ada.access })).body.data.results
    expect(listed).toEqual([expect.objectContaining({ name: "kidney.tiff", status: "uploading", size: 0 })])

    expect((await chunk(ada, folder.id, 1, uploadId)).body.data).toEqual({ upload_id: uploadId, offset: 2 * MiB })
    // The same chunk again (its answer was lost, say): nothing changes.
    expect((await chunk(ada, folder.id, 1, uploadId)).body.data).toEqual({ upload_id: uploadId, offset: 2 * MiB })
    // A chunk beyond the held bytes: refused with where to continue.
    const skipped = await chunk(ada, folder.id, 3, uploadId)
    expect(skipped.status).toBe(400)
    expect(skipped.body).toMatchObject({ _tag: "UploadOffsetMismatch", upload_id: uploadId, offset: 2 * MiB })
    // A part shorter than its Content-Range says.
    const short = await sendChunk(server, ada, {
      labId: folder.id,
      filename: "kidney.tiff",
      file: tiff,
      start: 2 * MiB,
      end: 3 * MiB - 1,
      uploadId,
      body: tiff.subarray(2 * MiB, 2 * MiB + 1000)
    })
    expect(short.status).toBe(400)
    // Someone else can neither see nor continue it.
    expect((await client(server).get(`/v2/slides/chunks/${uploadId}/`, { token: stranger.access })).status).toBe(404)
    expect((await chunk(stranger, folder.id, 2, uploadId)).status).toBe(404)

    await servers.stop()
    server = await servers.start()

    const progress = await client(server).get(`/v2/slides/chunks/${uploadId}/`, { token: ada.access })
    expect(progress.status).toBe(200)
    expect(progress.body.data).toEqual({
      upload_id: uploadId,
      offset: 2 * MiB,
      total: tiff.length,
      filename: "kidney.tiff",
      lab_id: folder.id
    })

    let last = progress
    const chunks = Math.ceil(tiff.length / MiB)
    for (let index = progress.body.data.offset / MiB; index < chunks; index++) last = await chunk(ada, folder.id, index, uploadId)
    expect(last.status, JSON.stringify(last.body)).toBe(200)
    expect(last.body.data).toMatchObject({
      upload_id: uploadId,
      offset: tiff.length,
      lab: { name: "kidney.tiff", status: "processing", size: tiff.length }
    })
    // Nothing partial is left once the file is in the store.
    expect(readdirSync(join(servers.dataDir, "uploads"))).toEqual([])

    const ready = await waitForStatus(server, ada, last.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(ready).toMatchObject({ status: "ready", width: 1500, height: 1400 })

    const original = await fetch(`${server.url}/v2/slides/${ready.id}/original/`, { headers: { authorization: `Bearer ${ada.access}` } })
    expect(original.status).toBe(200)
    expect(original.headers.get("content-type")).toBe("image/tiff")
    expect(original.headers.get("content-disposition")).toContain('filename="kidney.tiff"')
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(tiff))
  })

  it("places only one of two parts sent at once for the same range, and acknowledges only that one", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Racing parts")
    const first = await chunk(ada, folder.id, 0)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const uploadId = first.body.data.upload_id
    const end = Math.min(tiff.length, 2 * MiB) - 1
    const forged = tiff.slice(MiB, end + 1).map((b) => b ^ 0xff)
    const part = (body?: Uint8Array) =>
      sendChunk(server, ada, {
        labId: folder.id,
        filename: "kidney.tiff",
        file: tiff,
        start: MiB,
        end,
        uploadId,
        ...(body ? { body } : {})
      })
    const [a, b, c] = await Promise.all([part(), part(forged), part()])
    const replies = [a, b, c]
    const acknowledged = replies.filter((r) => r.status === 200)
    // The real bytes twice and forged ones once: whichever was placed, the others with different
    // bytes are refused, and the same bytes sent again are acknowledged.
    expect(acknowledged.length, JSON.stringify(replies.map((r) => [r.status, r.body]))).toBeGreaterThanOrEqual(1)
    const forgedWon = b.status === 200
    if (forgedWon) expect([a.status, c.status]).toEqual([400, 400])
    else expect([a.status, b.status, c.status]).toEqual([200, 400, 200])
    // The file then holds exactly the acknowledged bytes.
    let last = replies.find((r) => r.status === 200)!
    for (let i = 2; i * MiB < tiff.length; i++) last = await chunk(ada, folder.id, i, uploadId)
    expect(last.status).toBe(200)
    const lab = last.body.data.lab
    const original = await fetch(`${server.url}/v2/slides/${lab.id}/original/`, { headers: { authorization: `Bearer ${ada.access}` } })
    const stored = new Uint8Array(await original.arrayBuffer())
    expect(Buffer.from(stored.subarray(MiB, end + 1)).equals(Buffer.from(forgedWon ? forged : tiff.subarray(MiB, end + 1)))).toBe(true)
  })
})
