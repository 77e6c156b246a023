// A scanner's file downloaded (GET /v2/slides/{id}/original/) leaves its label and macro out by default
// (issue 22: they often show a patient's name): the pictures' directories are unlinked and their bytes
// zeroed, a Philips label in its XML blanked, and what remains is still the slide OpenSlide reads, of
// the same size. `?associated=keep` answers the file exactly as uploaded; a plain image is untouched.
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { writeAssociatedImages } from "../../server/images/associated-images.ts"
import { tiffLayout } from "../../server/images/tiff-directories.ts"
import type { SignedIn } from "../support/api.ts"
import { aperioSvs, run } from "../support/scanner-files.ts"
import { addAperioLabel, hamamatsuNdpi, labelJpeg, philipsTiff, ventanaBif } from "../support/scanner-vendors.ts"
import { leicaScn } from "../support/scn-files.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, person } from "./support/labs-api.ts"
import { uploadWhole, waitForStatus } from "./support/slides-api.ts"

const [WIDTH, HEIGHT] = [1300, 900]

interface Case {
  readonly name: string
  readonly file: string
  readonly make: (dir: string) => Promise<string>
  readonly vendor: string
  readonly removed: string
  /** What OpenSlide still lists afterwards: a BIF's first directory stays (it holds the XMP), its pixels zeroed. */
  readonly listedAfter?: string
}

const CASES: ReadonlyArray<Case> = [
  {
    name: "Aperio SVS with a label",
    file: "aperio.svs",
    make: async (dir) => {
      const path = await aperioSvs(dir, "aperio.svs", {
        width: WIDTH,
        height: HEIGHT,
        tiles: "jpeg",
        mpp: 0.25,
        appMag: 40,
        scanner: "SS1",
        date: "11/28/26"
      })
      await addAperioLabel(path, "Doe^Jane")
      return path
    },
    vendor: "aperio",
    removed: "label"
  },
  {
    name: "Philips TIFF",
    file: "philips.tiff",
    make: (dir) =>
      philipsTiff(dir, "philips.tiff", { width: WIDTH, height: HEIGHT, mpp: 0.25, model: "UFS", acquired: "20261128091502.000000" }),
    vendor: "philips",
    removed: "label"
  },
  {
    name: "Ventana BIF",
    file: "ventana.bif",
    make: (dir) => ventanaBif(dir, "ventana.bif", { width: WIDTH, height: HEIGHT, mpp: 0.2325, magnification: 40, model: "DP 200" }),
    vendor: "ventana",
    removed: "macro",
    listedAfter: "macro"
  },
  {
    name: "Hamamatsu NDPI",
    file: "hamamatsu.ndpi",
    make: (dir) =>
      hamamatsuNdpi(dir, "hamamatsu.ndpi", {
        width: WIDTH,
        height: HEIGHT,
        mpp: 0.4545,
        lens: 20,
        model: "C13220-01",
        created: "2026:11:28 09:15:02"
      }),
    vendor: "hamamatsu",
    removed: "macro"
  },
  {
    // The macro is the first directory, whose description is the XML that makes the file an SCN.
    name: "Leica SCN",
    file: "leica.scn",
    make: (dir) =>
      leicaScn(dir, "leica.scn", {
        width: WIDTH,
        height: HEIGHT,
        mpp: 0.5,
        objective: 20,
        model: "SCN400",
        created: "2026-11-28T09:15:02.00Z",
        caseNumber: "CASE-2026-0042"
      }),
    vendor: "leica",
    removed: "macro",
    listedAfter: "macro"
  }
]

/** What OpenSlide makes of a file: its vendor, size and associated images. */
const openSlide = async (path: string) => {
  const { stdout } = await run("vipsheader", ["-a", path])
  const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, "m").exec(stdout)?.[1]?.trim() ?? ""
  return { vendor: field("openslide.vendor"), width: field("width"), height: field("height"), associated: field("slide-associated-images") }
}

let dir: string
let server: StartedServer
let owner: SignedIn
const uploaded = new Map<string, { id: string; bytes: Buffer }>()

const download = (id: string, query = "") =>
  fetch(`${server.url}/v2/slides/${id}/original/${query}`, { headers: { authorization: `Bearer ${owner.access}` } })

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "original-redaction-"))
  server = await startServer()
  owner = await person(server, "Redaction Owner")
  const folder = await createFolder(server, owner, "Scans")
  for (const c of CASES) {
    const bytes = readFileSync(await c.make(dir))
    const sent = await uploadWhole(server, owner, folder.id, c.file, bytes)
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(lab.status).toBe("ready")
    uploaded.set(c.name, { id: lab.id, bytes })
  }
}, 240_000)

afterAll(async () => {
  await server.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe.each(CASES)("a $name downloaded", (c) => {
  it("has its pictures as uploaded: the test can tell them apart", async () => {
    const path = join(dir, `as-uploaded-${c.file}`)
    writeFileSync(path, uploaded.get(c.name)!.bytes)
    expect((await openSlide(path)).associated).toContain(c.removed)
  })

  it("by default leaves the label and macro out, and is still the same slide, of the same size", async () => {
    const { id, bytes } = uploaded.get(c.name)!
    const reply = await download(id)
    expect(reply.status).toBe(200)
    expect(reply.headers.get("x-associated-removed")).toBe(c.removed)
    const body = Buffer.from(await reply.arrayBuffer())
    expect(body.length).toBe(bytes.length)
    expect(Number(reply.headers.get("content-length"))).toBe(bytes.length)
    const path = join(dir, `downloaded-${c.file}`)
    writeFileSync(path, body)
    expect(await openSlide(path)).toEqual({
      vendor: c.vendor,
      width: String(WIDTH),
      height: String(HEIGHT),
      associated: c.listedAfter ?? ""
    })
    // Our own reader of labels finds none either.
    expect(await writeAssociatedImages(path, c.vendor, join(dir, `build-${c.vendor}`))).toEqual([])
  }, 60_000)

  it("with associated=keep is byte for byte the file uploaded", async () => {
    const { id, bytes } = uploaded.get(c.name)!
    const reply = await download(id, "?associated=keep")
    expect(reply.headers.get("x-associated-removed")).toBe("none")
    expect(Buffer.from(await reply.arrayBuffer()).equals(bytes)).toBe(true)
  })
})

describe("the label's own bytes", () => {
  it("are gone from an Aperio download, not only unlinked", async () => {
    const { id } = uploaded.get("Aperio SVS with a label")!
    const body = Buffer.from(await (await download(id)).arrayBuffer())
    // The label directory's pixels, as the test wrote them (raw RGB), are nowhere in the file.
    const { data } = await (await import("sharp"))
      .default(await labelJpeg("Doe^Jane"))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect(uploaded.get("Aperio SVS with a label")!.bytes.includes(data.subarray(0, 4096))).toBe(true)
    expect(body.includes(data.subarray(0, 4096))).toBe(false)
  })

  it("a Ventana macro, which stays listed, has every byte of its tiles zeroed", async () => {
    const { id, bytes } = uploaded.get("Ventana BIF")!
    const body = Buffer.from(await (await download(id)).arrayBuffer())
    const path = join(dir, "ventana-zeroed.bif")
    writeFileSync(path, body)
    const [first] = (await tiffLayout(path))!.directories
    expect(first!.description).toBe("Label_Image")
    for (const range of first!.data) {
      expect(bytes.subarray(range.start, range.start + range.length).some((b) => b !== 0)).toBe(true)
      expect(body.subarray(range.start, range.start + range.length).every((b) => b === 0)).toBe(true)
    }
  })

  it("a Philips label's base64 is blanked in its XML", async () => {
    const { id, bytes } = uploaded.get("Philips TIFF")!
    const body = Buffer.from(await (await download(id)).arrayBuffer()).toString("latin1")
    const base64 = /PIM_DP_IMAGE_DATA"[^>]*>([A-Za-z0-9+/=]{64})/.exec(bytes.toString("latin1"))?.[1]
    expect(base64).toBeDefined()
    expect(body).not.toContain(base64)
  })
})

describe("what the download refuses or leaves alone", () => {
  it("an unknown associated= is a 400 naming the field", async () => {
    const reply = await download(uploaded.get("Aperio SVS with a label")!.id, "?associated=some")
    expect(reply.status).toBe(400)
    expect(await reply.text()).toContain("associated")
  })
})
