// POST /v2/slides/upload/dzi/{labId}: a zip of an existing Deep Zoom pyramid becomes a ready slide
// at once, laid out like a built one (slide.dzi, slide_files/, both thumbnails); the zip is its
// original. A zip that is not exactly one descriptor and its tiles (a "../" entry, a missing tile,
// a descriptor implying other levels, a symlink, not a zip at all) is refused with the catalogue's
// message and leaves nothing behind.
import { randomUUID } from "node:crypto"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { GiB } from "../../server/domain/plans.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { client, createFolder, insertFile, person } from "./support/labs-api.ts"
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

/** A file's size in whole 4 KiB blocks, as the filesystem takes it. */
const blocks = (bytes: number) => Math.max(1, Math.ceil(bytes / 4096)) * 4096

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
    // It counts what it takes on disk, each file in whole 4 KiB blocks: the zip kept as the
    // original, the descriptor, its tiles and thumbnails.
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile())
    expect(lab.size).toBe(blocks(archive.length) + files.reduce((sum, f) => sum + blocks(statSync(join(dir, f)).size), 0))
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
    "a tile that is a real tile's header followed by zeros (it sniffs, and even decodes)": () =>
      entries.map((e) => {
        if (!e.name.endsWith("scan_files/10/1_1.jpeg")) return e
        const bytes = Buffer.from(e.data!)
        const scan = bytes.indexOf(Buffer.from([0xff, 0xda]))
        const header = bytes.subarray(0, scan + 2 + bytes.readUInt16BE(scan + 2))
        return { name: e.name, data: Buffer.concat([header, Buffer.alloc(bytes.length - header.length)]) }
      }),
    "a tile of the wrong size": () => {
      const small = entries.find((e) => e.name.endsWith("scan_files/0/0_0.jpeg"))!
      return entries.map((e) => (e.name.endsWith("scan_files/10/1_1.jpeg") ? { name: e.name, data: small.data! } : e))
    },
    "a zip that unpacks to far more than its size": () =>
      // A whole, valid tile carrying 8 MB of zeros in application segments: it decodes, and deflates
      // to almost nothing, so only the expansion limit can refuse it.
      entries.map((e) => {
        if (e.name.endsWith(".dzi")) return e
        if (!e.name.endsWith("scan_files/10/1_1.jpeg")) return { ...e, deflate: true }
        const segment = Buffer.concat([Buffer.from([0xff, 0xef, 0xff, 0xff]), Buffer.alloc(0xffff - 2)])
        const data = Buffer.concat([e.data!.subarray(0, 2), ...Array<Buffer>(128).fill(segment), e.data!.subarray(2)])
        return { ...e, deflate: true, data }
      })
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

  it("counts the unpacked pyramid against the quota, not only the zip", async () => {
    const owner = await person(server, "Quota")
    const archive = zip(entries)
    const unpacked = entries.reduce((sum, e) => sum + (e.data?.length ?? 0), 0)
    // Room for the zip and half of what it unpacks to.
    await insertFile(server, {
      id: randomUUID(),
      ownerId: owner.id,
      parentId: null,
      name: "big",
      size: 5 * GiB - archive.length - unpacked / 2
    })
    const before = slideDirs()
    const reply = await uploadDzi(server, owner, "root", "scan.zip", archive)
    expect(reply.status, JSON.stringify(reply.body)).toBe(413)
    expect(reply.body.message).toBe("Upload failed, storage full!")
    expect(slideDirs()).toEqual(before)
  })

  /** Uploads a zip holding only this descriptor; answers the log lines of its refusal. */
  const refusedDescriptor = async (image: string, size: string) => {
    const xml = `<?xml version="1.0"?><Image ${image} Overlap="0" Format="jpeg"><Size ${size}/></Image>`
    const lines: string[] = []
    const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")))
    try {
      const reply = await uploadDzi(server, ada, "root", "many.zip", zip([{ name: "many.dzi", data: Buffer.from(xml) }]))
      expect(reply.status).toBe(400)
      expect(reply.body.message).toBe(BAD_FORMAT)
    } finally {
      spy.mockRestore()
    }
    return lines.join("\n")
  }

  it("refuses a descriptor implying more tiles than allowed before listing them", async () => {
    // 21,000 x 21,000 pixels in 64 px tiles: about 144,000 tiles, past the 100,000 allowed.
    expect(await refusedDescriptor('TileSize="64"', 'Width="21000" Height="21000"')).toContain(
      "DZI import refused: more tiles than allowed"
    )
  })

  it("refuses tiles smaller than 64 pixels, before listing them", async () => {
    expect(await refusedDescriptor('TileSize="1"', 'Width="200" Height="200"')).toContain("DZI import refused: tile size 1 below 64")
  })

  it("refuses a whole, valid pyramid of 32 px tiles", async () => {
    const folder = await createFolder(server, ada, "Small tiles")
    const reply = await uploadDzi(server, ada, folder.id, "small.zip", zip(await pyramidEntries("small", 300, 200, 32)))
    expect(reply.status, JSON.stringify(reply.body)).toBe(400)
    expect(reply.body.message).toBe(BAD_FORMAT)
    expect((await client(server).get(`/v2/labs/?parent=${folder.id}`, { token: ada.access })).body.data.meta.count).toBe(0)
  })

  it("counts each tile as the whole disk blocks it takes against the quota", async () => {
    // 64 px tiles of a 700 x 500 image: 140-odd files of a few hundred bytes to a few KB each.
    const small = await pyramidEntries("tiny", 700, 500, 64)
    const tiles = small.filter((e) => e.data)
    const bytes = tiles.reduce((sum, e) => sum + e.data!.length, 0)
    const onDisk = tiles.reduce((sum, e) => sum + blocks(e.data!.length), 0)
    expect(onDisk).toBeGreaterThan(2 * bytes)
    const owner = await person(server, "Blocks")
    const archive = zip(small)
    // Room for the zip and its tiles' bytes twice over, but not for the blocks they take.
    await insertFile(server, {
      id: randomUUID(),
      ownerId: owner.id,
      parentId: null,
      name: "big",
      size: 5 * GiB - blocks(archive.length) - 2 * bytes
    })
    const before = slideDirs()
    const reply = await uploadDzi(server, owner, "root", "tiny.zip", archive)
    expect(reply.status, JSON.stringify(reply.body)).toBe(413)
    expect(reply.body.message).toBe("Upload failed, storage full!")
    expect(slideDirs()).toEqual(before)
  })

  it("refuses what is not a zip", async () => {
    const reply = await uploadDzi(server, ada, "root", "scan.zip", await smallImage("png", 10, 10))
    expect(reply.status).toBe(400)
    expect(reply.body.message).toBe(BAD_FORMAT)
  })
})
