// POST /v2/slides/upload/dzi/{labId}: a zip of an existing Deep Zoom pyramid becomes a ready slide
// at once, laid out like a built one (slide.dzi, slide_files/, both thumbnails); the zip is its
// original. A zip that is not exactly one descriptor and its tiles (a "../" entry, a missing tile,
// a descriptor implying other levels, a symlink, not a zip at all) is refused with the catalogue's
// message and leaves nothing behind.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, person } from "./support/labs-api.ts"
import { pyramidEntries, sha256, smallImage, uploadDzi } from "./support/slides-api.ts"
import { type ZipEntry, zip } from "./support/zip.ts"

const BAD_FORMAT = "File Upload Failed. Make sure the file format you choose is appropriate"

let server: StartedServer
let ada: SignedIn
let entries: ZipEntry[]
beforeAll(async () => {
  server = await startServer()
  ada = await person(server, "Ada")
  entries = await pyramidEntries("scan", 700, 500)
})
afterAll(() => server.stop())

const slideDirs = () => readdirSync(join(server.config.dataDir, "slides"))

describe("Deep Zoom zip import", () => {
  it("makes a ready slide of a pyramid, with thumbnails, keeping the zip as its original", async () => {
    const folder = await createFolder(server, ada, "Imported")
    const archive = zip(entries)
    const reply = await uploadDzi(server, ada, folder.id, "scan.zip", archive)
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const lab = reply.body.data.lab
    expect(lab).toMatchObject({ name: "scan", status: "ready", width: 700, height: 500, parent: folder.id })
    const key = lab.tile_source.split("/")[5]
    const dir = join(server.config.dataDir, "slides", key)
    // It counts what it takes on disk: the zip kept as the original, its tiles and thumbnails.
    const onDisk = (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f !== "slide.dzi" && statSync(join(dir, f)).isFile())
      .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)
    expect(lab.size).toBe(archive.length + onDisk)
    expect(readFileSync(join(dir, "slide.dzi"), "utf8")).toContain('<Size Height="500" Width="700"/>')
    for (const file of ["slide_thumb_77x77.jpg", "slide_thumb_312x281.jpg", "slide_files/10/2_1.jpeg", "slide_files/0/0_0.jpeg"]) {
      expect(statSync(join(dir, file)).size, file).toBeGreaterThan(0)
    }
    expect(await sharp(join(dir, "slide_thumb_312x281.jpg")).metadata()).toMatchObject({ width: 312, height: 281 })
    const original = await fetch(`${server.url}/v2/slides/${lab.id}/original/`, { headers: { authorization: `Bearer ${ada.access}` } })
    expect(original.headers.get("content-type")).toBe("application/zip")
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(sha256(archive))
  })

  const descriptor = () => entries.find((e) => e.name.endsWith(".dzi"))!
  const bad: Record<string, () => ZipEntry[]> = {
    "a path out of the archive": () => [...entries, { name: "scan/../../evil.txt", data: new Uint8Array([1]) }],
    "a missing tile": () => entries.filter((e) => !e.name.endsWith("scan_files/10/1_1.jpeg")),
    "a descriptor implying another level count": () =>
      entries.map((e) =>
        e === descriptor()
          ? { name: e.name, data: Buffer.from(Buffer.from(e.data!).toString("utf8").replace('Width="700"', 'Width="1400"')) }
          : e
      ),
    "a symlink": () => [...entries, { name: "scan/scan_files/link", data: Buffer.from("/etc/passwd"), symlink: true }],
    "two descriptors": () => [...entries, { name: "other.dzi", data: descriptor().data! }],
    "a tile of another format": () =>
      entries.map((e) => (e.name.endsWith("scan_files/0/0_0.jpeg") ? { name: e.name, data: Buffer.from("not a jpeg") } : e)),
    "a tile that is a JPEG header and zeros": () =>
      entries.map((e) =>
        e.name.endsWith("scan_files/10/1_1.jpeg")
          ? { name: e.name, data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096)]) }
          : e
      ),
    "a tile of the wrong size": () => {
      const small = entries.find((e) => e.name.endsWith("scan_files/0/0_0.jpeg"))!
      return entries.map((e) => (e.name.endsWith("scan_files/10/1_1.jpeg") ? { name: e.name, data: small.data! } : e))
    },
    "a zip that unpacks to far more than its size": () =>
      // A real tile with megabytes of zeros after its end: it decodes, and deflates to almost nothing.
      entries.map((e) =>
        e.name.endsWith(".dzi")
          ? e
          : {
              ...e,
              deflate: true,
              data: e.name.endsWith("scan_files/10/1_1.jpeg") ? Buffer.concat([e.data!, Buffer.alloc(8 * 1024 * 1024)]) : e.data!
            }
      )
  }

  for (const [what, make] of Object.entries(bad)) {
    it(`refuses ${what} and leaves nothing`, async () => {
      const folder = await createFolder(server, ada, `Bad ${what}`)
      const before = slideDirs()
      const reply = await uploadDzi(server, ada, folder.id, "scan.zip", zip(make()))
      expect(reply.status, JSON.stringify(reply.body)).toBe(400)
      expect(reply.body.message).toBe(BAD_FORMAT)
      expect((await client(server).get(`/v2/labs/?parent=${folder.id}`, { token: ada.access })).body.data.meta.count).toBe(0)
      expect(slideDirs()).toEqual(before)
      expect(readdirSync(join(server.config.dataDir, "uploads"))).toEqual([])
    })
  }

  it("refuses what is not a zip", async () => {
    const reply = await uploadDzi(server, ada, "root", "scan.zip", await smallImage("png", 10, 10))
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe(BAD_FORMAT)
  })
})
