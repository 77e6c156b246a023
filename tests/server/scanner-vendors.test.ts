// Scanners' own TIFFs beyond Aperio (issue 22): a Ventana BIF, a Philips TIFF and a Hamamatsu NDPI,
// each written here to the rules OpenSlide 3.4's readers check (tests/support/scanner-vendors.ts),
// become slides through OpenSlide: the full level's size, the file's mpp, the scanner named, and
// nothing of the operator, the case or the patient the files also carry, in the pyramid or in any
// answer. Then each is uploaded to the real server and becomes a ready slide saying the same.
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildPyramid } from "../../server/images/pyramid.ts"
import { sniffFormat } from "../../server/images/sniff.ts"
import { api, type SignedIn } from "../support/api.ts"
import { hamamatsuNdpi, philipsTiff, ventanaBif } from "../support/scanner-vendors.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, person } from "./support/labs-api.ts"
import { uploadWhole, waitForStatus } from "./support/slides-api.ts"

const [WIDTH, HEIGHT] = [1300, 900]
const SECRETS = ["b414003d-operator", "CASE-2026-0042", "Doe^Jane", "MRN-123456"]

interface Case {
  readonly name: string
  readonly make: (dir: string) => Promise<string>
  readonly mpp: number
  readonly scanner: { vendor: string; model: string; objective: number | null; scanned: string | null }
  /** The pictures kept privately beside the pyramid, as OpenSlide names them. */
  readonly associated: ReadonlyArray<string>
}

const CASES: ReadonlyArray<Case> = [
  {
    name: "Ventana BIF",
    make: (dir) =>
      ventanaBif(dir, "ventana.bif", { width: WIDTH, height: HEIGHT, mpp: 0.2325, magnification: 40, model: "VENTANA DP 200" }),
    mpp: 0.2325,
    scanner: { vendor: "ventana", model: "VENTANA DP 200", objective: 40, scanned: null },
    associated: ["macro"]
  },
  {
    name: "Philips TIFF",
    make: (dir) =>
      philipsTiff(dir, "philips.tiff", {
        width: WIDTH,
        height: HEIGHT,
        mpp: 0.25,
        model: "UFS Scanner",
        acquired: "20261128091502.000000"
      }),
    mpp: 0.25,
    scanner: { vendor: "philips", model: "UFS Scanner", objective: null, scanned: "20261128091502.000000" },
    associated: ["label"]
  },
  {
    name: "Hamamatsu NDPI",
    make: (dir) =>
      hamamatsuNdpi(dir, "hamamatsu.ndpi", {
        width: WIDTH,
        height: HEIGHT,
        mpp: 0.4545,
        lens: 20,
        model: "C13220-01",
        created: "2026:11:28 09:15:02"
      }),
    mpp: 0.4545,
    scanner: { vendor: "hamamatsu", model: "C13220-01", objective: 20, scanned: "2026:11:28 09:15:02" },
    associated: ["macro"]
  }
]

/** Every file under `dir`, as text (JPEG tiles included: a secret in a comment or EXIF would show). */
const everything = (dir: string): string =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path).toString("latin1"))
    .join("\n")

let dir: string
const files = new Map<string, string>()
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "scanner-vendors-"))
  for (const c of CASES) files.set(c.name, await c.make(dir))
}, 120_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each(CASES)("a $name", (c) => {
  it("is a TIFF by its bytes, and carries the secrets the test looks for", () => {
    const bytes = readFileSync(files.get(c.name)!)
    expect(sniffFormat(bytes.subarray(0, 132))).toBe("tiff")
    // The test can fail: the file itself names some of them, so the pyramid must have dropped them.
    expect(SECRETS.some((s) => bytes.toString("latin1").includes(s))).toBe(true)
  })

  it("becomes a pyramid through OpenSlide, with its mpp and scanner and none of its secrets", async () => {
    const out = join(dir, `out-${c.scanner.vendor}`)
    const pyramid = await buildPyramid(files.get(c.name)!, out, "slide")
    expect(pyramid).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: c.scanner })
    expect(pyramid.mpp).toBeCloseTo(c.mpp, 6)
    const levels = readdirSync(join(out, "slide_files")).filter((d) => /^\d+$/.test(d)).length
    expect(levels).toBe(Math.ceil(Math.log2(WIDTH)) + 1)
    // The label or macro is kept, apart: the picture the file holds (240 x 120), in associated/.
    expect(pyramid.associated).toEqual(c.associated)
    const picture = await sharp(join(out, "associated", `${c.associated[0]}.jpg`)).metadata()
    expect([picture.width, picture.height]).toEqual([240, 120])
    rmSync(join(out, "associated"), { recursive: true })
    const published = everything(out)
    for (const secret of SECRETS) expect(published).not.toContain(secret)
  }, 60_000)
})

describe("uploaded to the server", () => {
  let server: StartedServer
  let owner: SignedIn
  beforeAll(async () => {
    server = await startServer()
    owner = await person(server, "Vendor Owner")
  })
  afterAll(() => server.stop())

  it.each(CASES)(
    "a $name is a ready slide with its mpp and scanner, no secret in any answer",
    async (c) => {
      const folder = await createFolder(server, owner, c.name)
      const path = files.get(c.name)!
      const sent = await uploadWhole(server, owner, folder.id, path.split("/").pop()!, readFileSync(path))
      expect(sent.status, JSON.stringify(sent.body)).toBe(201)
      const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
      expect(lab.status).toBe("ready")
      expect(lab).toMatchObject({ width: WIDTH, height: HEIGHT, scanner: c.scanner })
      expect(lab.mpp).toBeCloseTo(c.mpp, 6)
      const detail = JSON.stringify((await api(server).get(`/v2/labs/${lab.id}/`, { token: owner.access })).body)
      const listing = JSON.stringify((await api(server).get(`/v2/labs/?parent=${folder.id}`, { token: owner.access })).body)
      for (const secret of SECRETS) {
        expect(detail).not.toContain(secret)
        expect(listing).not.toContain(secret)
      }
    },
    90_000
  )
})
