// A small image uploaded in one request becomes a ready slide: its lab goes processing -> ready,
// carries width, height, the Deep Zoom descriptor and both thumbnails, which exist on disk; the
// folder's size and the owner's storage count its bytes; a second file of the same name is numbered.
import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, person } from "./support/labs-api.ts"
import { smallImage, uploadWhole, waitForStatus } from "./support/slides-api.ts"

let server: StartedServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const slideDir = (tileSource: string) => join(server.dataDir, "slides", tileSource.split("/")[5]!)

describe("single upload", () => {
  it("turns a PNG into a ready slide with thumbnails and a tile source", async () => {
    const ada = await person(server, "Ada")
    const folder = await createFolder(server, ada, "Kidney")
    const png = await smallImage("png", 640, 480)
    const reply = await uploadWhole(server, ada, folder.id, "biopsy.png", png)
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const lab = reply.body.data.lab
    expect(lab).toMatchObject({
      name: "biopsy.png",
      is_dir: false,
      parent: folder.id,
      status: "processing",
      size: png.length,
      tile_source: null
    })

    const ready = await waitForStatus(server, ada, lab.id, ["ready", "failed"])
    expect(ready.status).toBe("ready")
    expect(ready).toMatchObject({ width: 640, height: 480 })
    expect(ready.tile_source).toMatch(new RegExp(`^/v2/media/slides/${lab.id}/[0-9a-f]{32}/slide\\.dzi$`))
    expect(ready.thumbnail).toMatch(/slide_thumb_77x77\.jpg$/)
    expect(ready.thumbnail_url).toMatch(/slide_thumb_312x281\.jpg$/)
    const dir = slideDir(ready.tile_source)
    for (const file of ["slide.dzi", "slide_thumb_77x77.jpg", "slide_thumb_312x281.jpg", "slide_files/0/0_0.jpeg"])
      expect(existsSync(join(dir, file)), file).toBe(true)

    const c = client(server)
    expect((await c.get(`/v2/labs/${folder.id}/`, { token: ada.access })).body.data.size).toBe(png.length)
    expect((await c.get("/v2/pricing/plan/storage/", { token: ada.access })).body.data.total_used).toBe(png.length)
  })

  it("turns a JPEG uploaded to the root into a ready slide, and numbers a second file of the same name", async () => {
    const ada = await person(server, "Ada")
    const jpeg = await smallImage("jpeg", 300, 200)
    const first = await uploadWhole(server, ada, "root", "Scan.JPG", jpeg)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.data.lab).toMatchObject({ name: "Scan.JPG", parent: null })
    const second = await uploadWhole(server, ada, "root", "scan.jpg", jpeg)
    expect(second.body.data.lab.name).toBe("scan (2).jpg")
    const ready = await waitForStatus(server, ada, first.body.data.lab.id, ["ready", "failed"])
    expect(ready).toMatchObject({ status: "ready", width: 300, height: 200 })
  })
})
