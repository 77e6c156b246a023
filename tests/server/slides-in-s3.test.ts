// With S3_BUCKET set, originals and receipts live in the bucket, never under DATA_DIR: a slide
// uploaded in chunks goes up once complete (its local file gone), its pyramid is built from a
// temporary copy (gone after), its original downloads from the bucket (a scanner's label left out
// on the way, as on disk), a retried last chunk is still acknowledged, and a purge
// deletes the object and frees the storage. The store is a real S3-protocol server (s3rver).
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { aperioSvs } from "../support/scanner-files.ts"
import { addAperioLabel } from "../support/scanner-vendors.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { download, issueInvoice, makeStaff, PNG, sendProof } from "./support/billing-api.ts"
import { client, person } from "./support/labs-api.ts"
import { asBearer, rawRequest } from "./support/ready-slide.ts"
import { sendChunk, sha256, smallImage, uploadInChunks, uploadWhole, waitForStatus } from "./support/slides-api.ts"

let server: StartedServer
let ada: SignedIn
beforeAll(async () => {
  server = await startServer({ s3: true })
  ada = await person(server, "Ada")
})
afterAll(() => server.stop())

const bucket = () => server.s3!
/** What DATA_DIR holds in one of its folders (none when the folder is not there). */
const local = (folder: string) => (existsSync(join(server.dataDir, folder)) ? readdirSync(join(server.dataDir, folder)) : [])

const original = (labId: string, query = "") =>
  fetch(`${server.url}/v2/slides/${labId}/original/${query}`, { headers: { authorization: `Bearer ${ada.access}` } })

describe("a slide with S3 configured", () => {
  it("is stored in the bucket, built, downloaded byte for byte, and purged from the bucket", async () => {
    const file = await smallImage("png", 700, 500)
    const size = Math.ceil(file.length / 3)
    const last = await uploadInChunks(server, ada, null, "bucket.png", file, size)
    const labId = last.body.data.lab.id
    const lab = await waitForStatus(server, ada, labId, ["ready", "failed"])
    expect(lab.status).toBe("ready")

    const [stored, ...others] = await bucket().keys("blobs/")
    expect(others).toEqual([])
    expect(stored).toMatch(/^blobs\/[0-9a-f]{32}$/)
    // Nothing stayed behind on this disk: the upload's file went up, the build's copy was removed.
    expect(local("blobs")).toEqual([])
    expect(local("uploads").filter((name) => !name.startsWith("."))).toEqual([])
    expect(local("tmp")).toEqual([])

    // The pyramid is in the bucket too, and only there; served through the permission check.
    const slideKey = lab.tile_source.split("/")[5]
    const built = await bucket().keys(`slides/${slideKey}/`)
    expect(built).toContain(`slides/${slideKey}/slide.dzi`)
    expect(built.some((key) => /slide_files\/10\/0_0\.jpeg$/.test(key))).toBe(true)
    expect(local("slides")).toEqual([])
    const asAda = { headers: { authorization: `Bearer ${ada.access}` } }
    const descriptor = await fetch(`${server.url}${lab.tile_source}`, asAda)
    expect(descriptor.status).toBe(200)
    expect(descriptor.headers.get("content-type")).toBe("application/xml")
    expect(await descriptor.text()).toContain('Width="700"')
    const tileUrl = `${server.url}${lab.tile_source.replace(/slide\.dzi$/, "slide_files/10/0_0.jpeg")}`
    const tile = await fetch(tileUrl, asAda)
    expect(tile.status).toBe(200)
    const etag = tile.headers.get("etag")!
    expect(Number(tile.headers.get("content-length"))).toBe((await tile.arrayBuffer()).byteLength)
    expect((await fetch(tileUrl, { headers: { ...asAda.headers, "if-none-match": etag } })).status).toBe(304)
    const head = await rawRequest(server, new URL(tileUrl).pathname, { method: "HEAD", headers: asBearer(ada.access) })
    expect(head.status).toBe(200)
    expect(head.headers["content-length"]).toBe(tile.headers.get("content-length"))
    expect(head.body.length).toBe(0)
    expect((await fetch(tileUrl)).status).toBe(404)
    const stranger = await person(server, "Stranger")
    expect((await fetch(tileUrl, { headers: { authorization: `Bearer ${stranger.access}` } })).status).toBe(404)
    expect((await fetch(tileUrl.replace("0_0.jpeg", "9_9.jpeg"), asAda)).status).toBe(404)

    const reply = await original(labId)
    expect(reply.status).toBe(200)
    expect(Number(reply.headers.get("content-length"))).toBe(file.length)
    expect(sha256(new Uint8Array(await reply.arrayBuffer()))).toBe(sha256(file))

    // The last chunk again (its answer was lost): acknowledged with the lab, from the upload's row.
    const uploadId = last.body.data.upload_id
    const start = size * 2
    const again = await sendChunk(server, ada, { labId: null, uploadId, filename: "bucket.png", file, start, end: file.length - 1 })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.data.lab.id).toBe(labId)

    const c = client(server)
    expect((await c.del(`/v2/labs/${labId}/`, undefined, { token: ada.access })).status).toBe(200)
    // In the trash, nothing is freed yet.
    expect(await bucket().keys("blobs/")).toEqual([stored])
    expect((await c.del(`/v2/labs/trash/${labId}/`, undefined, { token: ada.access })).status).toBe(200)
    expect(await bucket().keys("blobs/")).toEqual([])
    expect(await bucket().keys(`slides/${slideKey}/`)).toEqual([])
    expect((await original(labId)).status).toBe(404)
    expect((await c.get("/v2/pricing/plan/storage/", { token: ada.access })).body.data.total_used).toBe(0)
  })

  it("leaves a scanner's label out of the download read from the bucket, and keeps it when asked", async () => {
    const dir = await mkdtemp(join(tmpdir(), "slides-in-s3-"))
    try {
      const path = await aperioSvs(dir, "aperio.svs", {
        width: 1300,
        height: 900,
        tiles: "jpeg",
        mpp: 0.25,
        appMag: 40,
        scanner: "SS1",
        date: "11/28/26"
      })
      await addAperioLabel(path, "Doe^Jane")
      const bytes = readFileSync(path)
      const sent = await uploadWhole(server, ada, "root", "aperio.svs", bytes)
      expect(sent.status, JSON.stringify(sent.body)).toBe(201)
      expect((await waitForStatus(server, ada, sent.body.data.lab.id, ["ready", "failed"], 60_000)).status).toBe("ready")

      const redacted = await original(sent.body.data.lab.id)
      expect(redacted.headers.get("x-associated-removed")).toBe("label")
      const body = Buffer.from(await redacted.arrayBuffer())
      expect(body.length).toBe(bytes.length)
      expect(body.equals(bytes)).toBe(false)
      const kept = await original(sent.body.data.lab.id, "?associated=keep")
      expect(Buffer.from(await kept.arrayBuffer()).equals(bytes)).toBe(true)
      // The label picture the build kept is read from the bucket too, once its owner shows it.
      const labId = sent.body.data.lab.id
      expect((await client(server).put(`/v2/labs/${labId}/associated-images/`, { shown: true }, { token: ada.access })).status).toBe(200)
      const label = await fetch(`${server.url}/v2/labs/${labId}/associated-images/label/`, {
        headers: { authorization: `Bearer ${ada.access}` }
      })
      expect(label.status).toBe(200)
      expect(label.headers.get("content-type")).toBe("image/jpeg")
      expect((await sharp(Buffer.from(await label.arrayBuffer())).metadata()).format).toBe("jpeg")
      expect(local("tmp")).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe("a payment receipt with S3 configured", () => {
  it("is kept in the bucket and downloaded from it by staff", async () => {
    const staff = await createSignedIn(server, { name: "Sari Staff" })
    await makeStaff(server, staff)
    const user = await createSignedIn(server)
    const invoice = await issueInvoice(server, user)
    const before = await bucket().keys("blobs/")
    const reply = await sendProof(server, user.access, invoice.id, PNG, "receipt.png")
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect((await bucket().keys("blobs/")).length).toBe(before.length + 1)
    const stored = await download(server, `/v2/staff/payments/${invoice.id}/proof/`, staff.access)
    expect(stored.status).toBe(200)
    expect(stored.bytes.length).toBe(reply.body.data.proof.size)
    expect(local("blobs")).toEqual([])
  })
})

describe("tiles with S3_TILES=redirect", () => {
  it("redirects whoever may see the slide to a short-lived presigned URL, and no one else", async () => {
    const redirecting = await startServer({ s3: true, env: { S3_TILES: "redirect" } })
    try {
      const owner = await person(redirecting, "Owner")
      const sent = await uploadWhole(redirecting, owner, "root", "r.png", await smallImage("png", 300, 200))
      const lab = await waitForStatus(redirecting, owner, sent.body.data.lab.id, ["ready"])
      const tileUrl = `${redirecting.url}${lab.tile_source.replace(/slide\.dzi$/, "slide_files/9/0_0.jpeg")}`
      const reply = await fetch(tileUrl, { headers: { authorization: `Bearer ${owner.access}` }, redirect: "manual" })
      expect(reply.status).toBe(302)
      expect(reply.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/)
      const location = reply.headers.get("location")!
      expect(location).toContain("X-Amz-Signature=")
      const object = await fetch(location)
      expect(object.status).toBe(200)
      expect(object.headers.get("content-type")).toBe("image/jpeg")
      expect((await object.arrayBuffer()).byteLength).toBeGreaterThan(0)
      const stranger = await person(redirecting, "Stranger")
      const refused = await fetch(tileUrl, { headers: { authorization: `Bearer ${stranger.access}` }, redirect: "manual" })
      expect(refused.status).toBe(404)
    } finally {
      await redirecting.stop()
    }
  })
})
