// Two app servers behind one address: two `node server/main.ts` processes on one PostgreSQL schema
// and one data directory, their realtime joined through Redis (REDIS_URL). Every request alternates
// between them, as a round-robin proxy would send it: register, a chunked upload whose chunks land
// on both, the pyramid built once and served by both, annotations made on either heard exactly once
// by sockets on both, then delete and purge; a server killed in the middle of a pyramid build, whose
// job the other takes up. PostgreSQL only: several servers share a database over
// the network, and SQLite's file belongs to one machine.
import { readdirSync } from "node:fs"
import { openDatabase } from "../../server/db/database.ts"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { labChannel, presenceChannel, realtimeEvents } from "../../src/contract/realtime.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { connectPusher, type PusherClient, subscribed } from "../support/pusher.ts"
import { type ServerProcess, startServerProcess } from "../support/server-process.ts"
import type { StartedServer } from "../support/start-server.ts"
import { createLabel, newAnnotation, postAnnotations } from "./support/annotations-api.ts"
import { client } from "./support/labs-api.ts"
import { noiseTiff, sendChunk, smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

const databaseUrl = process.env.DATABASE_URL || undefined
const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379"

describe.runIf(databaseUrl !== undefined)("two app servers on one database, one store and Redis", () => {
  let a: ServerProcess
  let b: ServerProcess
  /** The server the next request goes to: a, b, a, b, ... */
  let turn = 0
  const next = () => (turn++ % 2 === 0 ? a : b)
  let ada: SignedIn
  let grace: SignedIn
  const clients: PusherClient[] = []

  beforeAll(async () => {
    const shared = { REDIS_URL: redisUrl, SECRET_KEY: "two-servers-one-secret-two-servers-one-secret" }
    a = await startServerProcess({ databaseUrl, env: { ...shared, SERVER_NAME: "app-a" } })
    b = await startServerProcess({
      reuse: { dataDir: a.dataDir, databaseUrl: a.databaseUrl },
      env: { ...shared, SERVER_NAME: "app-b" }
    })
  }, 90_000)

  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await b?.stop()
    // a owns the schema and the directory: stopped last, it removes them (also after a kill).
    await a?.stop()
  })

  it("registers on one server and is signed in on the other", async () => {
    ada = await createSignedIn(next(), { name: "Ada Lovelace", email: "ada.two-servers@example.org" })
    grace = await createSignedIn(next(), { name: "Grace Hopper", email: "grace.two-servers@example.org" })
    for (const server of [a, b]) {
      const me = await api(server).get("/v2/auth/user/profile/", { token: ada.access })
      expect(me.status, server.url).toBe(200)
      expect(me.body.data.email).toBe("ada.two-servers@example.org")
    }
  }, 60_000)

  let folder = ""
  let slide = ""
  let slideKey = ""

  it("takes a chunked upload whose chunks alternate between the servers, builds it once, and serves it from both", async () => {
    const made = await api(next()).post("/v2/labs/", { name: "Tonsil cases", is_dir: true, is_favorite: false }, { token: ada.access })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    folder = made.body.data.data.results[0].id
    const shared = await api(next()).post(
      "/v2/members/invites/",
      { lab_id: folder, email: [grace.email], role_member: "reviewer" },
      { token: ada.access }
    )
    expect(shared.status, JSON.stringify(shared.body)).toBe(200)

    const file = await smallImage("png", 1600, 1200)
    const size = Math.ceil(file.length / 6)
    let uploadId: string | undefined
    const landedOn = new Set<string>()
    for (let start = 0; start < file.length; start += size) {
      const server = next()
      landedOn.add(server.url)
      const end = Math.min(file.length, start + size) - 1
      const reply = await sendChunk(server as unknown as StartedServer, ada, {
        labId: folder,
        filename: "Tonsil.png",
        file,
        start,
        end,
        ...(uploadId ? { uploadId } : {})
      })
      expect(reply.status, JSON.stringify(reply.body)).toBe(200)
      uploadId = reply.body.data.upload_id
      if (end === file.length - 1) slide = reply.body.data.lab?.id
    }
    expect(landedOn.size).toBe(2)
    expect(slide, "the last chunk names the new slide").toMatch(/^[0-9a-f-]{36}$/)

    const ready = await waitForStatus(next() as unknown as StartedServer, ada, slide, ["ready", "failed"], 60_000)
    expect(ready.status).toBe("ready")
    expect([ready.width, ready.height]).toEqual([1600, 1200])
    slideKey = /\/([0-9a-f]{32})\//.exec(ready.thumbnail_url ?? "")?.[1] ?? ""
    expect(slideKey).toMatch(/^[0-9a-f]{32}$/)
    // Built once: one pyramid in the shared store, whichever server claimed the job.
    expect(readdirSync(join(a.dataDir, "slides")).filter((name) => !name.startsWith("."))).toEqual([slideKey])

    for (const server of [a, b]) {
      const auth = { authorization: `Bearer ${grace.access}` }
      const dzi = await fetch(`${server.url}/v2/media/slides/${slide}/${slideKey}/slide.dzi`, { headers: auth })
      expect(dzi.status, server.url).toBe(200)
      expect(await dzi.text()).toContain('Width="1600"')
      const tile = await fetch(`${server.url}/v2/media/slides/${slide}/${slideKey}/slide_files/0/0_0.jpeg`, { headers: auth })
      expect(tile.status, server.url).toBe(200)
      expect((await sharp(Buffer.from(await tile.arrayBuffer())).metadata()).width).toBe(1)
    }
  }, 120_000)

  it("sends an annotation made on either server once to the sockets on both, with both users present", async () => {
    // Ada's socket on a, Grace's on b.
    const heard = new Map<string, string[]>()
    const members = new Map<string, string[]>()
    for (const [who, server] of [
      [ada, a],
      [grace, b]
    ] as const) {
      const client = connectPusher(server, who.access)
      clients.push(client)
      const names: string[] = []
      heard.set(who.id, names)
      const channel = client.subscribe(labChannel(slide))
      channel.bind(realtimeEvents.createAnnotation(slide), (data: { annotations: Array<{ id: string }> }) =>
        names.push(...data.annotations.map((x) => x.id))
      )
      await subscribed(channel)
      const presence = client.subscribe(presenceChannel(slide))
      const present: string[] = []
      members.set(who.id, present)
      presence.bind("pusher:subscription_succeeded", (data: { each: (f: (m: { id: string }) => void) => void }) =>
        data.each((m) => present.push(m.id))
      )
      presence.bind("pusher:member_added", (m: { id: string }) => present.push(m.id))
      await subscribed(presence)
    }

    const label = await createLabel(next() as unknown as StartedServer, ada, slide, "Tumour", "#E53935")
    const made: string[] = []
    for (let i = 0; i < 4; i++) {
      const annotation = newAnnotation(label.id)
      const posted = await postAnnotations(next() as unknown as StartedServer, i % 2 === 0 ? ada : grace, slide, [annotation])
      expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300)
      made.push(annotation.id)
    }

    const hearAll = async (count: number) => {
      const deadline = Date.now() + 10_000
      while ([...heard.values()].some((ids) => ids.length < count) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      // Whatever might come twice has time to.
      await new Promise((r) => setTimeout(r, 500))
    }
    await hearAll(made.length)
    // Each socket hears every annotation once, in the order they were made, whichever server took it.
    for (const ids of heard.values()) expect(ids).toEqual(made)

    // A burst on both servers at once: both publishers wake together, and still each event goes out once.
    const burst = Array.from({ length: 24 }, () => newAnnotation(label.id))
    const replies = await Promise.all(
      burst.map((annotation, i) => postAnnotations((i % 2 === 0 ? a : b) as unknown as StartedServer, ada, slide, [annotation]))
    )
    expect(replies.map((r) => r.status)).toEqual(Array(burst.length).fill(201))
    await hearAll(made.length + burst.length)
    const expected = [...made, ...burst.map((x) => x.id)].sort()
    for (const ids of heard.values()) expect([...ids].sort(), "each heard once").toEqual(expected)
    // Each user's socket knows the other is on the slide, though their sockets are on different servers.
    expect(members.get(ada.id)).toEqual(expect.arrayContaining([ada.id, grace.id]))
    expect(members.get(grace.id)).toEqual(expect.arrayContaining([ada.id, grace.id]))
  }, 60_000)

  it("deletes and purges through either server, and the files go from the shared store", async () => {
    const deleted = await client(next() as unknown as StartedServer).del(`/v2/labs/${folder}/`, undefined, { token: ada.access })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    for (const server of [a, b]) expect((await api(server).get(`/v2/labs/${slide}/`, { token: grace.access })).status).toBe(404)
    const purged = await client(next() as unknown as StartedServer).del(`/v2/labs/trash/${folder}/`, undefined, { token: ada.access })
    expect(purged.status, JSON.stringify(purged.body)).toBe(200)
    const gone = Date.now() + 10_000
    const left = () => [
      ...readdirSync(join(a.dataDir, "slides")).filter((name) => !name.startsWith(".")),
      ...readdirSync(join(a.dataDir, "blobs"))
    ]
    while (left().length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 100))
    expect(left()).toEqual([])
    for (const server of [a, b]) {
      const tile = await fetch(`${server.url}/v2/media/slides/${slide}/${slideKey}/slide.dzi`, {
        headers: { authorization: `Bearer ${ada.access}` }
      })
      expect(tile.status).toBe(404)
    }
  }, 60_000)

  it("finishes on the other server a pyramid build whose server was killed in the middle of it", async () => {
    // Only a runs, so the job is a's; a large slide, so that the build is under way when a dies.
    await b.stop()
    const sent = await uploadWhole(a as unknown as StartedServer, ada, "root", "Large.tiff", await noiseTiff(6000, 6000))
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const labId: string = sent.body.data.lab.id
    const { db } = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: a.dataDir })
    try {
      const job = () =>
        db.selectFrom("slide_jobs").select(["state", "attempts", "locked_until"]).where("lab_id", "=", labId).executeTakeFirstOrThrow()
      const deadline = Date.now() + 30_000
      while ((await job()).state !== "running" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      expect(await job()).toMatchObject({ state: "running", attempts: 1 })
      process.kill(a.pid!, "SIGKILL")
      // The claim is a lease (60 s); let it lapse now rather than wait for it.
      await db
        .updateTable("slide_jobs")
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where("lab_id", "=", labId)
        .execute()
      b = await startServerProcess({
        reuse: { dataDir: a.dataDir, databaseUrl: a.databaseUrl },
        env: { REDIS_URL: redisUrl, SECRET_KEY: "two-servers-one-secret-two-servers-one-secret", SERVER_NAME: "app-b" }
      })
      const ready = await waitForStatus(b as unknown as StartedServer, ada, labId, ["ready", "failed"], 120_000)
      expect(ready.status).toBe("ready")
      expect(await job()).toMatchObject({ state: "done", attempts: 2 })
      const key = /\/([0-9a-f]{32})\//.exec(ready.thumbnail_url ?? "")?.[1]
      const dzi = await fetch(`${b.url}/v2/media/slides/${labId}/${key}/slide.dzi`, { headers: { authorization: `Bearer ${ada.access}` } })
      expect(dzi.status).toBe(200)
    } finally {
      await db.destroy()
    }
  }, 180_000)
})
