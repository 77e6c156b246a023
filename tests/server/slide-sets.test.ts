// Scanners' formats of several files, uploaded as one zip (issue 22): a Hamamatsu VMS set written
// here (tests/support/vms-files.ts: a key file, a JPEG with restart markers, its map and macro)
// becomes a slide through OpenSlide, as drawn, with its mpp and objective and not its case number;
// zipped inside a folder (a folder dropped whole) it does too. Zips that are not a safe set are
// refused before a byte is written: names that climb or hide, too deep, symlinks, bombs, two slides,
// a key file that is not one.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redactionOf } from "../../server/images/associated-redaction.ts"
import { ImageRejected } from "../../server/images/image-rejected.ts"
import { buildPyramid } from "../../server/images/pyramid.ts"
import type { SignedIn } from "../support/api.ts"
import { source } from "../support/scanner-files.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { vmsSet } from "../support/vms-files.ts"
import { createFolder, person } from "./support/labs-api.ts"
import { uploadWhole, waitForStatus } from "./support/slides-api.ts"
import { type ZipEntry, zip } from "./support/zip.ts"

const [WIDTH, HEIGHT] = [1280, 896]
const SCANNER = { vendor: "hamamatsu", model: null, objective: 20, scanned: null }
let dir: string
let set: ZipEntry[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "slide-sets-"))
  const files = join(dir, "set")
  mkdirSync(files)
  await vmsSet(files, "Biopsy 7", { width: WIDTH, height: HEIGHT, mpp: 0.46, lens: 20 })
  set = readdirSync(files).map((name) => ({ name, data: readFileSync(join(files, name)) }))
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const build = (name: string, entries: ReadonlyArray<ZipEntry>) => {
  const path = join(dir, `${name}.zip`)
  writeFileSync(path, zip(entries))
  return buildPyramid(path, join(dir, `out-${name}`), "slide")
}

describe("a VMS set, zipped", () => {
  it("becomes a pyramid through OpenSlide, as drawn, with its mpp and objective and not its case", async () => {
    const pyramid = await build("vms", set)
    expect(pyramid).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
    expect(pyramid.mpp).toBeCloseTo(0.46, 6)
    // Its MacroImage is kept, privately (associated/), not in the pyramid.
    expect(pyramid.associated).toEqual(["macro"])
    // The top level's first tile against the picture the set was made from.
    const files = join(dir, "out-vms", "slide_files")
    const top = String(
      Math.max(
        ...readdirSync(files)
          .filter((d) => /^\d+$/.test(d))
          .map(Number)
      )
    )
    const tile = await sharp(join(files, top, "0_0.jpeg"))
      .extract({ left: 0, top: 0, width: 256, height: 256 })
      .raw()
      .toBuffer()
    const png = join(dir, "drawn.png")
    await source(png, WIDTH, HEIGHT)
    const drawn = await sharp(png).removeAlpha().extract({ left: 0, top: 0, width: 256, height: 256 }).raw().toBuffer()
    let sum = 0
    for (let i = 0; i < tile.length; i++) sum += Math.abs(tile[i]! - drawn[i]!)
    expect(sum / tile.length).toBeLessThan(6)
    for (const name of readdirSync(join(dir, "out-vms"), { recursive: true, encoding: "utf8" })) {
      if (name.endsWith(".dzi") || name.endsWith(".xml"))
        expect(readFileSync(join(dir, "out-vms", name), "latin1")).not.toContain("CASE-2026-0042")
    }
    // The unpacked set is gone: only the pyramid is left beside the output.
    expect(readdirSync(dir).filter((name) => name.includes(".set-"))).toEqual([])
  }, 60_000)

  it("downloads without its macro: the file blanked in place, stored zips only", async () => {
    const path = join(dir, "vms-redaction.zip")
    writeFileSync(path, zip(set))
    expect((await redactionOf(path, "hamamatsu")).removed).toEqual(["macro"])
    writeFileSync(path, zip(set.map((e) => ({ ...e, deflate: true }))))
    expect((await redactionOf(path, "hamamatsu")).removed).toEqual([])
  })

  it("inside a folder (a folder dropped whole) becomes the same slide", async () => {
    const pyramid = await build("folder", [{ name: "Biopsy 7/" }, ...set.map((e) => ({ ...e, name: `Biopsy 7/${e.name}` }))])
    expect(pyramid).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
  }, 60_000)

  it.each([
    ["a name that climbs", "..a/b.jpg", /the name/],
    ["a hidden name", ".hidden/b.jpg", /the name/],
    ["a name too deep", "a/b/c/d.jpg", /folders deep/]
  ])("refuses %s before writing anything", async (_, name, message) => {
    const refused = build(`bad-${name.length}`, [...set, { name, data: Buffer.from("x") }])
    await expect(refused).rejects.toBeInstanceOf(ImageRejected)
    await expect(refused).rejects.toThrow(message)
    expect(existsSync(join(dir, `out-bad-${name.length}`))).toBe(false)
  })

  it("refuses a symlink, a bomb, two slides, and a key file that is not one", async () => {
    await expect(build("link", [...set, { name: "x.jpg", data: Buffer.from("/etc/passwd"), symlink: true }])).rejects.toThrow(/symlink/)
    await expect(build("bomb", [...set, { name: "zeros.dat", data: Buffer.alloc(64 * 1024 * 1024), deflate: true }])).rejects.toThrow(
      /expands/
    )
    await expect(build("two", [...set, { name: "other.vms", data: Buffer.from("[x]") }])).rejects.toThrow(/more than one slide/)
    const notKey = set.map((e) => (e.name.endsWith(".vms") ? { ...e, data: Buffer.from("hello") } : e))
    await expect(build("not-key", notKey)).rejects.toThrow(/not a VMS key file/)
  }, 60_000)
})

describe("a VMS set uploaded as one zip", () => {
  let server: StartedServer
  let owner: SignedIn
  beforeAll(async () => {
    server = await startServer()
    owner = await person(server, "Set Owner")
  })
  afterAll(() => server.stop())

  it("is a ready slide with the set's mpp and objective", async () => {
    const folder = await createFolder(server, owner, "VMS")
    const sent = await uploadWhole(server, owner, folder.id, "Biopsy 7.zip", zip(set))
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(lab.status).toBe("ready")
    expect(lab).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
    expect(lab.mpp).toBeCloseTo(0.46, 6)
    expect(JSON.stringify(lab)).not.toContain("CASE-2026-0042")
  }, 90_000)
})
