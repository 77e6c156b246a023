// A chunked upload with a bucket: each chunk is an object of its own under uploads/<upload id>/ as
// soon as it is accepted (nothing of it stays on this server's disk), and the parts go once they
// are put together into the original. A server that died after taking the last byte, before the
// original was stored, leaves a lease: while it runs a retried last chunk is only acknowledged;
// once it lapses, the retried chunk completes the upload. Both engines.
import { randomUUID } from "node:crypto"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { deleteKeys, putBytes } from "../../server/services/platform/s3-objects.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { person } from "./support/labs-api.ts"
import { sendChunk, smallImage, waitForStatus } from "./support/slides-api.ts"

let server: StartedServer
let ada: SignedIn
beforeAll(async () => {
  server = await startServer({ s3: true })
  ada = await person(server, "Ada")
})
afterAll(() => server.stop())

const bucket = () => server.s3!
/** Files in DATA_DIR/uploads, at any depth: a part left on this disk would be one. */
const localFiles = () =>
  existsSync(join(server.dataDir, "uploads"))
    ? readdirSync(join(server.dataDir, "uploads"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    : []

/** Sends the chunks [from, to) of `file` cut in `count`; answers the upload id and the last reply. */
const send = async (file: Uint8Array, count: number, from: number, to: number, uploadId?: string) => {
  const size = Math.ceil(file.length / count)
  let id = uploadId
  let reply: Awaited<ReturnType<typeof sendChunk>> | undefined
  for (let n = from; n < to; n++) {
    const start = n * size
    const end = Math.min(file.length, start + size) - 1
    reply = await sendChunk(server, ada, { labId: null, filename: "parts.png", file, start, end, ...(id ? { uploadId: id } : {}) })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    id = reply.body.data.upload_id
  }
  return { id: id!, reply: reply!, size }
}

describe("a chunked upload's parts in the bucket", () => {
  it("stores each accepted chunk as an object, none on this disk, and removes them once the original is stored", async () => {
    const file = await smallImage("png", 640, 480)
    const { id } = await send(file, 3, 0, 2)
    expect(await bucket().keys(`uploads/${id}/`)).toHaveLength(2)
    expect(localFiles()).toEqual([])
    const rows = await server.withDb((db) => db.selectFrom("upload_parts").select(["start", "size"]).where("upload_id", "=", id).execute())
    expect(rows.map((row) => Number(row.start)).sort((x, y) => x - y)).toEqual([0, Math.ceil(file.length / 3)])

    const { reply } = await send(file, 3, 2, 3, id)
    const labId = reply.body.data.lab.id
    expect((await waitForStatus(server, ada, labId, ["ready", "failed"])).status).toBe("ready")
    expect(await bucket().keys("uploads/")).toEqual([])
    expect(await server.withDb((db) => db.selectFrom("upload_parts").selectAll().where("upload_id", "=", id).execute())).toEqual([])
    const original = await fetch(`${server.url}/v2/slides/${labId}/original/`, { headers: { authorization: `Bearer ${ada.access}` } })
    expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(file))).toBe(true)
  }, 60_000)

  it("completes, once its lease lapses, an upload whose server died after taking the last byte", async () => {
    const file = await smallImage("png", 600, 400)
    const { id, size } = await send(file, 3, 0, 2)
    // What a server leaves when it dies right after its last-byte transaction: the part stored and
    // counted, the lease taken, no original.
    const start = 2 * size
    const part = `${id}/${randomUUID()}`
    await putBytes({ client: bucket().client, bucket: bucket().bucket }, `uploads/${part}`, file.subarray(start))
    await server.withDb(async (db) => {
      await db
        .insertInto("upload_parts")
        .values({ upload_id: id, start, size: file.length - start, part })
        .execute()
      await db
        .updateTable("uploads")
        .set({ received: file.length, completing_until: new Date(Date.now() + 60_000).toISOString() })
        .where("id", "=", id)
        .execute()
    })
    const retry = () => send(file, 3, 2, 3, id)

    // The lease runs: another server may still be copying; the chunk is held, the lab not yet made.
    const held = (await retry()).reply.body.data
    expect(held).toEqual({ upload_id: id, offset: file.length })
    expect(await bucket().keys("blobs/")).not.toContain(expect.anything())

    await server.withDb((db) =>
      db
        .updateTable("uploads")
        .set({ completing_until: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", id)
        .execute()
    )
    const done = (await retry()).reply.body.data
    expect(done.lab?.id, JSON.stringify(done)).toMatch(/^[0-9a-f-]{36}$/)
    expect((await waitForStatus(server, ada, done.lab.id, ["ready", "failed"])).status).toBe("ready")
    expect(await bucket().keys("uploads/")).toEqual([])
    const upload = await server.withDb((db) => db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirstOrThrow())
    expect(upload.completed_at).not.toBeNull()
    expect(upload.completing_until).toBeNull()
  }, 60_000)

  it("gives up its lease when putting the parts together fails, so that the retried last chunk completes at once", async () => {
    const file = await smallImage("png", 500, 400)
    const { id } = await send(file, 3, 0, 2)
    // The store loses a part for a while: the completion fails, with the bytes all counted.
    const [first] = await server.withDb((db) =>
      db.selectFrom("upload_parts").select("part").where("upload_id", "=", id).where("start", "=", 0).execute()
    )
    const key = `uploads/${first!.part}`
    const bytes = file.subarray(0, Math.ceil(file.length / 3))
    await deleteKeys({ client: bucket().client, bucket: bucket().bucket }, [key])
    const size = Math.ceil(file.length / 3)
    const failed = await sendChunk(server, ada, {
      labId: null,
      filename: "parts.png",
      file,
      start: 2 * size,
      end: file.length - 1,
      uploadId: id
    })
    expect(failed.status).toBe(500)
    const row = await server.withDb((db) => db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirstOrThrow())
    expect(Number(row.received)).toBe(file.length)
    expect(row.completed_at).toBeNull()
    expect(row.completing_until, "the lease is given up").toBeNull()

    await putBytes({ client: bucket().client, bucket: bucket().bucket }, key, bytes)
    const done = (await send(file, 3, 2, 3, id)).reply.body.data
    expect(done.lab?.id, JSON.stringify(done)).toMatch(/^[0-9a-f-]{36}$/)
    expect((await waitForStatus(server, ada, done.lab.id, ["ready", "failed"])).status).toBe("ready")
  }, 60_000)
})
