// A Leica SCN (issue 22), written here (tests/support/scn-files.ts) as OpenSlide 3.4's Leica reader
// reads it: a BigTIFF that becomes a slide as drawn, with the main image's mpp, objective, scanner
// and creation date, its macro kept apart (found by the XML: the image as large as the collection)
// and its case number nowhere. Uploaded, the owner sees the macro and a reviewer does not.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redactionOf } from "../../server/images/associated-redaction.ts"
import { buildPyramid } from "../../server/images/pyramid.ts"
import { sniffFormat } from "../../server/images/sniff.ts"
import { api, type SignedIn } from "../support/api.ts"
import { run, source } from "../support/scanner-files.ts"
import { leicaScn } from "../support/scn-files.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, person, share } from "./support/labs-api.ts"
import { uploadWhole, waitForStatus } from "./support/slides-api.ts"

const [WIDTH, HEIGHT, MPP] = [1300, 900, 0.5]
const CASE = "CASE-2026-0042"
const SCANNER = { vendor: "leica", model: "Leica SCN400", objective: 20, scanned: "2026-11-28T09:15:02.00Z" }

let dir: string
let path: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "leica-scn-"))
  path = await leicaScn(dir, "leica.scn", {
    width: WIDTH,
    height: HEIGHT,
    mpp: MPP,
    objective: 20,
    model: SCANNER.model,
    created: SCANNER.scanned,
    caseNumber: CASE
  })
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Mean absolute difference per channel between two pictures of the same size, 0..255. */
const difference = async (a: string, b: string) => {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()))
  expect(x!.length).toBe(y!.length)
  let sum = 0
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!)
  return sum / x!.length
}

describe("a Leica SCN", () => {
  it("is a BigTIFF by its bytes, naming its case in the XML", () => {
    const bytes = readFileSync(path)
    expect(bytes.toString("latin1", 0, 4)).toBe("II+\0")
    expect(sniffFormat(bytes.subarray(0, 132))).toBe("bigtiff")
    expect(bytes.toString("latin1")).toContain(CASE)
  })

  it("is read by OpenSlide as drawn", async () => {
    const drawn = join(dir, "drawn.png")
    await source(drawn, WIDTH, HEIGHT)
    const read = join(dir, "read.png")
    await run("vips", ["copy", path, read])
    expect(await difference(drawn, read)).toBeLessThan(4)
  }, 60_000)

  it("becomes a pyramid with its mpp and scanner, the macro kept apart, no case in the build", async () => {
    const out = join(dir, "out")
    const pyramid = await buildPyramid(path, out, "slide")
    expect(pyramid).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER, associated: ["macro"] })
    expect(pyramid.mpp).toBeCloseTo(MPP, 6)
    const macro = await sharp(join(out, "associated", "macro.jpg")).metadata()
    expect([macro.width, macro.height]).toEqual([240, 120])
    rmSync(join(out, "associated"), { recursive: true })
    const published = readdirSync(out, { recursive: true, encoding: "utf8" })
      .map((name) => join(out, name))
      .filter((p) => statSync(p).isFile())
      .map((p) => readFileSync(p).toString("latin1"))
      .join("\n")
    expect(published).not.toContain(CASE)
  }, 60_000)

  it("downloads with its macro zeroed", async () => {
    expect((await redactionOf(path, "leica")).removed).toEqual(["macro"])
  })
})

describe("a Leica SCN uploaded", () => {
  let server: StartedServer
  let owner: SignedIn
  let reviewer: SignedIn
  let labId: string

  beforeAll(async () => {
    server = await startServer()
    owner = await person(server, "Leica Owner")
    reviewer = await person(server, "Leica Reviewer")
    const folder = await createFolder(server, owner, "Leica")
    await share(server, owner, folder.id, reviewer, "reviewer")
    const sent = await uploadWhole(server, owner, folder.id, "leica.scn", readFileSync(path))
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(lab.status).toBe("ready")
    labId = lab.id
  }, 120_000)
  afterAll(() => server.stop())

  it("is a ready slide with its mpp and scanner, and no case number in any answer", async () => {
    for (const who of [owner, reviewer]) {
      const lab = (await api(server).get(`/v2/labs/${labId}/`, { token: who.access })).body.data
      expect(lab).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: SCANNER })
      expect(lab.mpp).toBeCloseTo(MPP, 6)
      expect(JSON.stringify(lab)).not.toContain(CASE)
    }
  })

  it("shows its macro to the owner, not to a reviewer", async () => {
    const list = (who: SignedIn) => api(server).get(`/v2/labs/${labId}/associated-images/`, { token: who.access })
    const macro = (who: SignedIn) =>
      fetch(`${server.url}/v2/labs/${labId}/associated-images/macro/`, { headers: { authorization: `Bearer ${who.access}` } })
    expect((await list(owner)).body.data).toMatchObject({ images: ["macro"], shown: false })
    expect((await macro(owner)).status).toBe(200)
    expect((await list(reviewer)).body.data).toMatchObject({ images: [], shown: false })
    expect((await macro(reviewer)).status).toBe(404)
  })
})
