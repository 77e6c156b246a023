// With S3_BUCKET set, originals and receipts live in the bucket, never under DATA_DIR: a slide
// uploaded in chunks goes up once complete (its local file gone), its pyramid is built from a
// temporary copy (gone after), its original downloads from the bucket (a scanner's label left out
// on the way, as on disk), a retried last chunk is still acknowledged, and a purge
// deletes the object and frees the storage. The store is a real S3-protocol server (s3rver).
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { aperioSvs } from "../support/scanner-files.ts"
import { addAperioLabel } from "../support/scanner-vendors.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { download, issueInvoice, makeStaff, PNG, sendProof } from "./support/billing-api.ts"
import { client, person } from "./support/labs-api.ts"
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

    const descriptor = await fetch(`${server.url}${lab.tile_source}`, { headers: { authorization: `Bearer ${ada.access}` } })
    expect(descriptor.status).toBe(200)
    expect(await descriptor.text()).toContain('Width="700"')

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
