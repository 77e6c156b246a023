// DICOM whole-slide images (issue 22): a series written here with dcmjs (tests/support/dicom-files.ts)
// becomes a slide: one instance or the whole series zipped, the full-resolution level's JPEG or
// JPEG 2000 tiles joined (the picture comes out as drawn, its padding cut), microns per pixel and the scanner from
// the file, and nothing of the label's patient fields anywhere. Refusals: a DICOM that is not a
// whole-slide image, a zip without DICOM in it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readWsiInstance } from "../../server/images/dicom-wsi.ts"
import { extractDicomSeries } from "../../server/images/dicom-zip.ts"
import { ImageRejected } from "../../server/images/image-rejected.ts"
import { buildPyramid } from "../../server/images/pyramid.ts"
import { sniffFormat } from "../../server/images/sniff.ts"
import { tissue } from "../e2e/support/tissue.ts"
import { api, type SignedIn } from "../support/api.ts"
import { dicomSeries } from "../support/dicom-files.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, person } from "./support/labs-api.ts"
import { asCookie } from "./support/ready-slide.ts"
import { uploadWhole, waitForStatus } from "./support/slides-api.ts"
import { zip } from "./support/zip.ts"

const [WIDTH, HEIGHT, TILE] = [700, 500, 256]
let dir: string
let raw: Buffer
let series: Array<{ name: string; data: Uint8Array }>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "dicom-wsi-"))
  raw = await tissue(WIDTH, HEIGHT, 5)
  series = await dicomSeries({ raw, width: WIDTH, height: HEIGHT, tile: TILE, mpp: 0.5, lowerLevels: 1 })
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const write = (name: string, data: Uint8Array) => {
  const path = join(dir, name)
  writeFileSync(path, data)
  return path
}

/** Mean absolute difference per channel between two RGB pictures of the same size (0-255). */
const difference = (a: Buffer, b: Buffer) => {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!)
  return sum / a.length
}

describe("a DICOM whole-slide image series", () => {
  it("is recognised by its bytes", () => {
    expect(sniffFormat(series[0]!.data.subarray(0, 132))).toBe("dicom")
    expect(sniffFormat(zip(series).subarray(0, 132))).toBe("zip")
  })

  it("becomes a pyramid of its full level, with its mpp and scanner, as drawn", async () => {
    const input = write("level-0.dcm", series[0]!.data)
    const out = join(dir, "single")
    const pyramid = await buildPyramid(input, out, "slide")
    expect(pyramid).toMatchObject({ width: WIDTH, height: HEIGHT, mpp: 0.5 })
    expect(pyramid.scanner).toEqual({
      vendor: "Preparat Test Scanner Co.",
      model: "DicomScan 9000",
      objective: 20,
      scanned: "2026-11-27 10:15:00"
    })
    // The top level of the pyramid is the picture, its padding cut: 700 x 500 across three by two tiles.
    const files = join(out, "slide_files")
    const top = String(
      Math.max(
        ...readdirSync(files)
          .filter((d) => /^\d+$/.test(d))
          .map(Number)
      )
    )
    expect(readdirSync(join(files, top)).sort()).toEqual(["0_0.jpeg", "0_1.jpeg", "1_0.jpeg", "1_1.jpeg", "2_0.jpeg", "2_1.jpeg"])
    const corner = await sharp(readFileSync(join(files, top, "0_0.jpeg")))
      .extract({ left: 0, top: 0, width: 200, height: 200 })
      .raw()
      .toBuffer()
    const drawn = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .extract({ left: 0, top: 0, width: 200, height: 200 })
      .raw()
      .toBuffer()
    expect(difference(corner, drawn)).toBeLessThan(8)
    // The far corner: the last column is 188 wide, not the frame's 256.
    const edge = await sharp(readFileSync(join(files, top, "2_1.jpeg"))).metadata()
    expect(edge.width).toBe(WIDTH - 2 * TILE + 1)
  }, 60_000)

  it("becomes the same picture when its tiles are JPEG 2000 codestreams (transfer syntax .91)", async () => {
    const j2k = await dicomSeries({ raw, width: WIDTH, height: HEIGHT, tile: TILE, mpp: 0.5, lowerLevels: 0, codec: "jpeg2000" })
    // Really JPEG 2000: the codestream's start-of-codestream and size markers, no JPEG's FF D8.
    const bytes = Buffer.from(j2k[0]!.data)
    expect(bytes.includes(Buffer.from("1.2.840.10008.1.2.4.91"))).toBe(true)
    expect(bytes.includes(Buffer.from([0xff, 0x4f, 0xff, 0x51]))).toBe(true)
    expect(bytes.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false)
    const out = join(dir, "j2k")
    const pyramid = await buildPyramid(write("j2k-level-0.dcm", j2k[0]!.data), out, "slide")
    expect(pyramid).toMatchObject({ width: WIDTH, height: HEIGHT, mpp: 0.5 })
    const full = join(out, "slide_files", String(Math.ceil(Math.log2(Math.max(WIDTH, HEIGHT)))))
    // Deep Zoom tiles overlap their neighbours by one pixel: the far one starts a pixel early.
    for (const [name, left, top] of [
      ["0_0.jpeg", 0, 0],
      ["2_1.jpeg", 2 * TILE - 1, TILE - 1]
    ] as const) {
      const tile = sharp(readFileSync(join(full, name)))
      const { width, height } = await tile.metadata()
      const shown = await tile.raw().toBuffer()
      const drawn = await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .extract({ left, top, width: width!, height: height! })
        .raw()
        .toBuffer()
      expect(difference(shown, drawn), name).toBeLessThan(8)
    }
  }, 120_000)

  it("refuses a DICOM that is not a whole-slide image, and a zip with no DICOM in it", async () => {
    const notWsi = Buffer.from(series[0]!.data)
    // Rewrite the SOP class UID's last digit: 1.2.840.10008.5.1.4.1.1.77.1.6 becomes ...1.7 (not a slide).
    const at = notWsi.indexOf("1.2.840.10008.5.1.4.1.1.77.1.6", 200)
    notWsi.write("7", at + "1.2.840.10008.5.1.4.1.1.77.1.".length)
    const one = buildPyramid(write("other.dcm", notWsi), join(dir, "other"), "slide")
    await expect(one).rejects.toBeInstanceOf(ImageRejected)
    await expect(one).rejects.toThrow(/not a whole-slide image/)
    const empty = buildPyramid(
      write("empty.zip", zip([{ name: "readme.txt", data: new TextEncoder().encode("hello") }])),
      join(dir, "empty"),
      "slide"
    )
    await expect(empty).rejects.toThrow(/no DICOM file/)
  }, 60_000)
})

describe("a zipped DICOM series uploaded", () => {
  let server: StartedServer
  let owner: SignedIn
  let labId = ""
  beforeAll(async () => {
    server = await startServer()
    owner = await person(server, "Dicom Owner")
  })
  afterAll(() => server.stop())

  it("is a ready slide with the file's mpp and scanner, and no patient field in any answer", async () => {
    const folder = await createFolder(server, owner, "DICOM")
    const sent = await uploadWhole(server, owner, folder.id, "series.zip", zip(series))
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const lab = await waitForStatus(server, owner, sent.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(lab.status).toBe("ready")
    expect(lab).toMatchObject({ mpp: 0.5, scanner: { vendor: "Preparat Test Scanner Co.", model: "DicomScan 9000", objective: 20 } })
    const detail = JSON.stringify((await api(server).get(`/v2/labs/${lab.id}/`, { token: owner.access })).body)
    const listing = JSON.stringify((await api(server).get(`/v2/labs/?parent=${folder.id}`, { token: owner.access })).body)
    for (const secret of ["Doe", "MRN-123456", "ACC-987"]) {
      expect(detail).not.toContain(secret)
      expect(listing).not.toContain(secret)
    }
    labId = lab.id
  }, 90_000)

  it("downloads without its label instance, a slide again; whole and as uploaded when asked to keep it", async () => {
    const download = (query = "") => fetch(`${server.url}/v2/media/originals/${labId}/${query}`, { headers: asCookie(owner.access) })
    const reply = await download()
    expect(reply.status).toBe(200)
    expect(reply.headers.get("x-associated-removed")).toBe("label")
    const body = Buffer.from(await reply.arrayBuffer())
    expect(Number(reply.headers.get("content-length"))).toBe(body.length)
    // Every level is there, and no label picture (it shows the patient's name written on the glass).
    const rebuilt = write("downloaded.zip", body)
    const files = await extractDicomSeries(rebuilt, body.length, join(dir, "downloaded"))
    expect(files).toHaveLength(series.length - 1)
    const types = await Promise.all(files.map(async (file) => (await readWsiInstance(file))?.instance.imageType[2]))
    expect(types.sort()).toEqual(series.slice(0, -1).map(() => "VOLUME"))
    expect(await buildPyramid(rebuilt, join(dir, "out-downloaded"), "slide")).toMatchObject({ width: WIDTH, height: HEIGHT })
    // The copy made for the download is gone once it has streamed.
    await expect
      .poll(() => readdirSync(server.dataDir, { recursive: true, encoding: "utf8" }).filter((n) => n.includes(".download-")))
      .toEqual([])
    const kept = await download("?associated=keep")
    expect(kept.headers.get("x-associated-removed")).toBe("none")
    expect(Buffer.from(await kept.arrayBuffer()).equals(Buffer.from(zip(series)))).toBe(true)
  }, 90_000)
})
