// Storage over HTTP: the bytes of the files a user owns (the trash included until it is emptied)
// against the free plan's quota, with the percentage the storage bar shows.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, insertFile, person, share, transferLab } from "./support/labs-api.ts"
import { sendChunk, smallImage } from "./support/slides-api.ts"

let server: StartedServer
let c: ReturnType<typeof client>
beforeAll(async () => {
  server = await startServer()
  c = client(server)
})
afterAll(() => server.stop())

const GiB = 1024 ** 3
const auth = (session: SignedIn) => ({ token: session.access })
const usage = async (session: SignedIn) => {
  const reply = await c.get("/v2/pricing/plan/storage/", auth(session))
  expect(reply.status).toBe(200)
  return reply.body.data
}

describe("storage", () => {
  it("starts empty against the free plan's 5 GiB", async () => {
    const ada = await person(server, "Ada")
    expect(await usage(ada)).toEqual({ total_used: 0, total_storage: 5 * GiB, total_reserved: 0, percentage_used: 0 })
  })

  it("counts the owner's files at any depth, the trash too, until purged; folders add nothing of their own", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Slides")
    const inner = await createFolder(server, ada, "Inner", folder.id)
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: inner.id, name: "a", size: GiB })
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: null, name: "b", size: GiB / 4 })
    expect(await usage(ada)).toEqual({ total_used: 1.25 * GiB, total_storage: 5 * GiB, total_reserved: 0, percentage_used: 25 })
    await c.del(`/v2/labs/${folder.id}/`, undefined, auth(ada))
    expect((await usage(ada)).total_used).toBe(1.25 * GiB)
    await c.del(`/v2/labs/trash/${folder.id}/`, undefined, auth(ada))
    expect(await usage(ada)).toEqual({ total_used: GiB / 4, total_storage: 5 * GiB, total_reserved: 0, percentage_used: 5 })
  })

  it("shows what uploads in progress hold against the quota, as the upload's own check counts it, until they end", async () => {
    const ada = await person(server, "Ada")
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: null, name: "a", size: GiB })
    const png = await smallImage("png")
    const half = Math.floor(png.length / 2)
    const first = await sendChunk(server, ada, { labId: null, filename: "slide.png", file: png, start: 0, end: half - 1 })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const held = await usage(ada)
    expect(held).toEqual({
      total_used: GiB,
      total_storage: 5 * GiB,
      total_reserved: png.length,
      percentage_used: Math.round(((GiB + png.length) / (5 * GiB)) * 10_000) / 100
    })
    const last = await sendChunk(server, ada, {
      labId: null,
      filename: "slide.png",
      file: png,
      start: half,
      end: png.length - 1,
      uploadId: first.body.data.upload_id
    })
    expect(last.status, JSON.stringify(last.body)).toBe(200)
    const done = await usage(ada)
    expect([done.total_used, done.total_reserved]).toEqual([GiB + png.length, 0])
  })

  it("rounds the percentage to two decimals", async () => {
    const ada = await person(server, "Ada")
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: null, name: "third", size: Math.round((5 * GiB) / 3) })
    expect((await usage(ada)).percentage_used).toBe(33.33)
  })

  it("counts against the owner, not the members, and moves with an ownership transfer", async () => {
    const ada = await person(server, "Ada")
    const bob = await person(server, "Bob")
    const folder = await createFolder(server, ada, "Shared")
    await insertFile(server, { id: randomUUID(), ownerId: ada.id, parentId: folder.id, name: "f", size: 1000 })
    await share(server, ada, folder.id, bob, "admin")
    expect([(await usage(ada)).total_used, (await usage(bob)).total_used]).toEqual([1000, 0])
    expect((await transferLab(server, ada, folder.id, bob)).status).toBe(200)
    expect([(await usage(ada)).total_used, (await usage(bob)).total_used]).toEqual([0, 1000])
  })

  it("needs a signed-in user", async () => {
    expect((await c.get("/v2/pricing/plan/storage/")).status).toBe(401)
  })
})
