// A 3DHistech MRXS set (issue 22), written here (tests/support/mrxs-files.ts) as OpenSlide 3.4
// reads it: zipped, it becomes a slide as drawn, with the set's mpp, objective, scanner and scan
// date, its label and macro kept apart and its case number nowhere; the folder zipped without its
// .mrxs is recognised by its Slidedat.ini. Uploaded, the owner sees the label and a reviewer does not,
// and the original's download is the whole set: by default with the label and macro zeroed in
// place (the zip still checks and is still the slide), as uploaded when asked to keep them.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { buffer } from "node:stream/consumers"
import { crc32 } from "node:zlib"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redactionOf } from "../../server/images/associated-redaction.ts"
import { openZip } from "../../server/images/open-zip.ts"
import { buildPyramid } from "../../server/images/pyramid.ts"
import { api, type SignedIn } from "../support/api.ts"
import { MRXS_CASE, mrxsSet } from "../support/mrxs-files.ts"
import { source } from "../support/scanner-files.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { asCookie } from "./support/ready-slide.ts"
import { createFolder, person, share } from "./support/labs-api.ts"
import { uploadWhole, waitForStatus } from "./support/slides-api.ts"
import { type ZipEntry, zip } from "./support/zip.ts"

const [WIDTH, HEIGHT, MPP] = [1024, 768, 0.243]
const SCANNER = { vendor: "mirax", model: "Pannoramic MIDI", objective: 20, scanned: "2026-11-28T14:25:01" }
let dir: string
/** The set's files, named as inside the zip: `Biopsy 9.mrxs` and `Biopsy 9/...`. */
let set: ZipEntry[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mrxs-"))
  const files = join(dir, "set")
  mkdirSync(files)
  await mrxsSet(files, "Biopsy 9", { width: WIDTH, height: HEIGHT, mpp: MPP, objective: 20 })
  set = readdirSync(files, { recursive: true, encoding: "utf8" })
    .filter((name) => statSync(join(files, name)).isFile())
    .map((name) => ({ name: relative(files, join(files, name)).split("\\").join("/"), data: readFileSync(join(files, name)) }))
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const build = (name: string, entries: ReadonlyArray<ZipEntry>) => {
  const path = join(dir, `${name}.zip`)
  writeFileSync(path, zip(entries))
  return buildPyramid(path, join(dir, `out-${name}`), "slide")
}

/**
 * A zip's entries by name, each checked as an archiver checks it: its bytes' CRC-32 against the
 * central directory's and against its local header's.
 */
const checkedEntries = async (path: string): Promise<Map<string, Buffer>> => {
  const entries = new Map<string, Buffer>()
  const raw = readFileSync(path)
  const zipped = await openZip(path)
  for await (const entry of zipped.eachEntry()) {
    const data = await buffer(await zipped.openReadStreamPromise(entry))
    expect(crc32(data), entry.fileName).toBe(entry.crc32)
    expect(raw.readUInt32LE(entry.relativeOffsetOfLocalHeader + 14), entry.fileName).toBe(entry.crc32)
    entries.set(entry.fileName, data)
  }
  await zipped.close()
  return entries
}

/** Mean difference per channel between the build's full level and the picture the set was drawn from. */
const differenceFromDrawn = async (out: string) => {
  const files = join(out, "slide_files")
  const top = Math.max(
    ...readdirSync(files)
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
  )
  const tile = await sharp(join(files, String(top), "1_1.jpeg"))
    .extract({ left: 1, top: 1, width: 256, height: 256 })
    .raw()
    .toBuffer()
  const png = join(dir, "drawn.png")
  await source(png, WIDTH, HEIGHT)
  const drawn = await sharp(png).removeAlpha().extract({ left: 256, top: 256, width: 256, height: 256 }).raw().toBuffer()
  let sum = 0
  for (let i = 0; i < tile.length; i++) sum += Math.abs(tile[i]! - drawn[i]!)
  return sum / tile.length
}

describe("an MRXS set, zipped", () => {
  it("becomes a pyramid through OpenSlide, as drawn, with its mpp, scanner and date, its label kept apart", async () => {
    const pyramid = await build("mrxs", set)
    expect(pyramid).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
    expect(pyramid.mpp).toBeCloseTo(MPP, 6)
    expect([...pyramid.associated].sort()).toEqual(["label", "macro"])
    const label = await sharp(join(dir, "out-mrxs", "associated", "label.jpg")).metadata()
    expect([label.width, label.height]).toEqual([400, 200])
    expect(await differenceFromDrawn(join(dir, "out-mrxs"))).toBeLessThan(6)
    for (const name of readdirSync(join(dir, "out-mrxs"), { recursive: true, encoding: "utf8" })) {
      if (name.endsWith(".dzi") || name.endsWith(".xml"))
        expect(readFileSync(join(dir, "out-mrxs", name), "latin1")).not.toContain(MRXS_CASE)
    }
    expect(readdirSync(dir).filter((name) => name.includes(".set-"))).toEqual([])
  }, 60_000)

  it("is recognised by its Slidedat.ini when the folder is zipped without its .mrxs, inside a folder or at the top", async () => {
    const folderOnly = set.filter((e) => !e.name.endsWith(".mrxs"))
    expect(await build("bare", folderOnly)).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
    const top = folderOnly.map((e) => ({ ...e, name: e.name.replace(/^Biopsy 9\//, "") }))
    expect(await build("top", top)).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
  }, 60_000)

  it("zipped with compression, cannot be blanked in place (set-download.ts stores it again)", async () => {
    const path = join(dir, "deflated.zip")
    writeFileSync(path, zip(set.map((e) => ({ ...e, deflate: true }))))
    expect(await redactionOf(path, "mirax")).toEqual({ patches: [], removed: [] })
    writeFileSync(path, zip(set))
    expect([...(await redactionOf(path, "mirax")).removed].sort()).toEqual(["label", "macro"])
  })

  it("refuses two slides and a Slidedat.ini that is not one", async () => {
    const second = set.filter((e) => e.name.endsWith("Slidedat.ini")).map((e) => ({ ...e, name: `Other/${e.name}` }))
    await expect(build("two", [...set.filter((e) => !e.name.endsWith(".mrxs")), ...second])).rejects.toThrow(/more than one slide/)
    const notIni = set.map((e) => (e.name.endsWith("Slidedat.ini") ? { ...e, data: Buffer.from("hello") } : e))
    await expect(build("not-ini", notIni)).rejects.toThrow(/no Slidedat.ini/)
  }, 60_000)
})

describe("an MRXS set uploaded as one zip", () => {
  let server: StartedServer
  let owner: SignedIn
  let reviewer: SignedIn
  let labId: string
  const bytes = () => zip(set)

  beforeAll(async () => {
    server = await startServer()
    owner = await person(server, "Mirax Owner")
    reviewer = await person(server, "Mirax Reviewer")
    const folder = await createFolder(server, owner, "MRXS")
    await share(server, owner, folder.id, reviewer, "reviewer")
    const sent = await uploadWhole(server, owner, folder.id, "Biopsy 9.zip", bytes())
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(lab.status).toBe("ready")
    labId = lab.id
  }, 120_000)
  afterAll(() => server.stop())

  it("is a ready slide with the set's mpp and scanner, and no case number in any answer", async () => {
    for (const who of [owner, reviewer]) {
      const lab = (await api(server).get(`/v2/labs/${labId}/`, { token: who.access })).body.data
      expect(lab).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
      expect(lab.mpp).toBeCloseTo(MPP, 6)
      expect(JSON.stringify(lab)).not.toContain(MRXS_CASE)
    }
  })

  it("shows its label to the owner, not to a reviewer", async () => {
    const list = (who: SignedIn) => api(server).get(`/v2/labs/${labId}/associated-images/`, { token: who.access })
    const label = (who: SignedIn) =>
      fetch(`${server.url}/v2/labs/${labId}/associated-images/label/`, { headers: { authorization: `Bearer ${who.access}` } })
    expect((await list(owner)).body.data).toMatchObject({ images: ["label", "macro"], shown: false })
    expect((await label(owner)).status).toBe(200)
    expect((await list(reviewer)).body.data).toMatchObject({ images: [], shown: false })
    expect((await label(reviewer)).status).toBe(404)
  })

  const download = (query = "") => fetch(`${server.url}/v2/media/originals/${labId}/${query}`, { headers: asCookie(owner.access) })

  it("downloads as the whole set, the zip as uploaded when asked to keep the label", async () => {
    const reply = await download("?associated=keep")
    expect(reply.status).toBe(200)
    expect(reply.headers.get("content-type")).toBe("application/zip")
    expect(reply.headers.get("content-disposition")).toContain("Biopsy%209.zip")
    expect(reply.headers.get("x-associated-removed")).toBe("none")
    expect(Buffer.from(await reply.arrayBuffer()).equals(Buffer.from(bytes()))).toBe(true)
  })

  it("zipped with compression, downloads as the same set stored again, its label and macro blanked", async () => {
    const folder = await createFolder(server, owner, "Deflated")
    const deflated = zip(set.map((e) => ({ ...e, deflate: true })))
    const sent = await uploadWhole(server, owner, folder.id, "Deflated.zip", deflated)
    const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(lab.status).toBe("ready")
    const reply = await fetch(`${server.url}/v2/media/originals/${lab.id}/`, { headers: asCookie(owner.access) })
    expect(reply.status).toBe(200)
    expect(reply.headers.get("x-associated-removed")).toBe("label,macro")
    const body = Buffer.from(await reply.arrayBuffer())
    expect(Number(reply.headers.get("content-length"))).toBe(body.length)
    const path = join(dir, "rebuilt.zip")
    writeFileSync(path, body)
    expect([...(await checkedEntries(path)).keys()].sort()).toEqual(set.map((e) => e.name).sort())
    const again = await buildPyramid(path, join(dir, "out-rebuilt"), "slide")
    expect(again).toMatchObject({ width: WIDTH, height: HEIGHT })
    const label = await sharp(join(dir, "out-rebuilt", "associated", "label.jpg")).metadata()
    expect([label.width, label.height]).toEqual([8, 8])
    // The stored copy made for the download is gone once it has streamed.
    await expect
      .poll(() => readdirSync(server.dataDir, { recursive: true, encoding: "utf8" }).filter((n) => n.includes(".download-")))
      .toEqual([])
    // Kept, it is the zip as uploaded.
    const kept = await fetch(`${server.url}/v2/media/originals/${lab.id}/?associated=keep`, { headers: asCookie(owner.access) })
    expect(Buffer.from(await kept.arrayBuffer()).equals(Buffer.from(deflated))).toBe(true)
  }, 90_000)

  it("by default downloads the set without its label and macro, a zip every entry of which checks, that is still the slide", async () => {
    const reply = await download()
    expect(reply.status).toBe(200)
    expect(reply.headers.get("x-associated-removed")).toBe("label,macro")
    const body = Buffer.from(await reply.arrayBuffer())
    expect(body.length).toBe(bytes().length)
    const path = join(dir, "redacted.zip")
    writeFileSync(path, body)
    const data = (await checkedEntries(path)).get("Biopsy 9/Data0000.dat")!
    const original = set.find((e) => e.name === "Biopsy 9/Data0000.dat")!.data!
    // Tiles untouched; the label's and the macro's JPEGs (after the tiles) are each a blank 8 x 8 one.
    expect(data.length).toBe(original.length)
    const changed = data.findIndex((b, i) => b !== original[i])
    expect(changed).toBeGreaterThan(0)
    const again = await buildPyramid(path, join(dir, "out-redacted"), "slide")
    expect(again).toMatchObject({ width: WIDTH, height: HEIGHT })
    expect([...again.associated].sort()).toEqual(["label", "macro"])
    for (const name of again.associated) {
      const left = await sharp(join(dir, "out-redacted", "associated", `${name}.jpg`)).metadata()
      expect([name, left.width, left.height]).toEqual([name, 8, 8])
    }
  }, 60_000)
})
