// With S3_BUCKET set, the other ways a build gets in and is read: a Deep Zoom zip is imported into
// the bucket (its tiles under slides/<key>/, the zip as the original), and a report's snapshot,
// which reads tiles by path, is drawn from a copy of the build that is gone afterwards.
import { randomUUID } from "node:crypto"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { extractText } from "unpdf"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { download } from "./support/billing-api.ts"
import { client, person } from "./support/labs-api.ts"
import { readySlide, SLIDE_HEIGHT, SLIDE_WIDTH } from "./support/ready-slide.ts"
import { pyramidEntries, sha256, uploadDzi } from "./support/slides-api.ts"
import { zip } from "./support/zip.ts"

let server: StartedServer
let ada: SignedIn
beforeAll(async () => {
  server = await startServer({ s3: true })
  ada = await person(server, "Ada")
})
afterAll(() => server.stop())

const local = (folder: string) => (existsSync(join(server.dataDir, folder)) ? readdirSync(join(server.dataDir, folder)) : [])

describe("a Deep Zoom zip with S3 configured", () => {
  it("is imported into the bucket, served from it, and purged from it", async () => {
    const archive = zip(await pyramidEntries("scan", 700, 500))
    const reply = await uploadDzi(server, ada, "root", "scan.zip", archive)
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const lab = reply.body.data.lab
    const key = lab.tile_source.split("/")[5]
    const built = await server.s3!.keys(`slides/${key}/`)
    expect(built).toContain(`slides/${key}/slide.dzi`)
    expect(built).toContain(`slides/${key}/slide_files/10/2_1.jpeg`)
    expect(local("slides").filter((name) => !name.startsWith("."))).toEqual([])
    expect(await server.s3!.keys("blobs/")).toHaveLength(1)

    const auth = { headers: { authorization: `Bearer ${ada.access}` } }
    const tile = await fetch(`${server.url}${lab.tile_source.replace(/slide\.dzi$/, "slide_files/10/2_1.jpeg")}`, auth)
    expect(tile.status).toBe(200)
    const original = await fetch(`${server.url}/v2/slides/${lab.id}/original/`, auth)
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(archive))

    const c = client(server)
    await c.del(`/v2/labs/${lab.id}/`, undefined, { token: ada.access })
    expect((await c.del(`/v2/labs/trash/${lab.id}/`, undefined, { token: ada.access })).status).toBe(200)
    expect(await server.s3!.keys(`slides/${key}/`)).toEqual([])
    expect(await server.s3!.keys("blobs/")).toEqual([])
  })
})

describe("a report's snapshot with S3 configured", () => {
  it("is drawn from the build in the bucket, through a copy removed after", async () => {
    const slide = await readySlide(server, { ownerId: ada.id, name: `Snapshot ${randomUUID().slice(0, 4)}.png` })
    expect(await server.s3!.keys(`slides/${slide.slideKey}/`)).toContain(`slides/${slide.slideKey}/slide.dzi`)
    expect(existsSync(slide.dir)).toBe(false)
    await server.withDb((db) => db.updateTable("labs").set({ mpp: 0.5 }).where("id", "=", slide.labId).execute())
    const saved = await client(server).post(
      `/v2/slides/${slide.labId}/reports/`,
      {
        title: "Margins",
        value: "",
        fields: { diagnosis: "Clear margins.", region: { x: 0, y: 0, width: SLIDE_WIDTH, height: SLIDE_HEIGHT } }
      },
      { token: ada.access }
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const pdf = await download(server, `/v2/slides/download-report/${saved.body.data.id}/`, ada.access)
    expect(pdf.status).toBe(200)
    const text = (await extractText(new Uint8Array(pdf.bytes), { mergePages: true })).text.replace(/\s+/g, " ").normalize("NFKC")
    // Said only when the snapshot was drawn: a build that cannot be read leaves the section out.
    expect(text).toContain("Region of 300 × 200 µm, from 0, 0 px on the slide.".normalize("NFKC"))
    expect(local("tmp")).toEqual([])
  })
})
