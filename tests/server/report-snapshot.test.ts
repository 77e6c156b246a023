// A report's snapshot (issue 23): the region the author chose, read from the slide's pyramid, with
// the slide's annotations drawn on it in their label's colour, in the PDF with a caption giving its
// size in µm and where it lies; a region outside the slide is a 400 naming the field and nothing is
// stored. The PDF's page is rendered by Ghostscript and its pixels read back.
import { execFile } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import sharp from "sharp"
import { extractText } from "unpdf"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createLabel, postAnnotations, rect, webAnnotation } from "./support/annotations-api.ts"
import { download } from "./support/billing-api.ts"
import { client, createFolder, person } from "./support/labs-api.ts"
import { readySlide, SLIDE_HEIGHT, SLIDE_WIDTH } from "./support/ready-slide.ts"

const run = promisify(execFile)
/** The PDF's text on one line; µ (micro sign) and μ (mu) read as the same letter. */
const textOf = async (pdf: Uint8Array) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, " ").normalize("NFKC")
const said = (sentence: string) => sentence.normalize("NFKC")
const GREEN = [0, 200, 83] as const

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let folder: string
let dir: string

beforeAll(async () => {
  server = await startServer()
  c = client(server)
  owner = await person(server, "Dr. Sari Wibowo")
  folder = (await createFolder(server, owner, "Snapshots")).id
  dir = await mkdtemp(join(tmpdir(), "report-snapshot-"))
})
afterAll(async () => {
  await server.stop()
  await rm(dir, { recursive: true, force: true })
})

/** A ready slide (600 x 400, 0.5 µm/px) with one green region at (100, 100) to (300, 250). */
const slideWithRegion = async () => {
  const slide = await readySlide(server, { ownerId: owner.id, parentId: folder, name: `Snapshot ${randomUUID().slice(0, 4)}.svs` })
  await server.withDb((db) => db.updateTable("labs").set({ mpp: 0.5 }).where("id", "=", slide.labId).execute())
  const label = await createLabel(server, owner, slide.labId, "Tumour", "#00C853")
  const posted = await postAnnotations(server, owner, slide.labId, [
    { id: randomUUID(), data: webAnnotation(label.id, rect(100, 100, 200, 150)) }
  ])
  expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300)
  return slide.labId
}

const writeReport = (slide: string, region: object) =>
  c.post(
    `/v2/slides/${slide}/reports/`,
    { title: "Margins", value: "", fields: { diagnosis: "Clear margins.", region } },
    { token: owner.access }
  )

/** Pixels of the PDF's first page (rendered at 100 dpi) within 60 of `rgb`. */
const pagePixels = async (pdf: Uint8Array, [r0, g0, b0]: readonly [number, number, number]) => {
  const file = join(dir, `${randomUUID()}.pdf`)
  await writeFile(file, pdf)
  await run("gs", [
    "-q",
    "-dNOPAUSE",
    "-dBATCH",
    "-sDEVICE=png16m",
    "-r100",
    "-dFirstPage=1",
    "-dLastPage=1",
    `-sOutputFile=${file}.png`,
    file
  ])
  if (process.env.SNAPSHOT_PAGE) await writeFile(process.env.SNAPSHOT_PAGE, await readFile(`${file}.png`))
  const { data, info } = await sharp(await readFile(`${file}.png`))
    .raw()
    .toBuffer({ resolveWithObject: true })
  let n = 0
  for (let i = 0; i < data.length; i += info.channels)
    if (Math.abs(data[i]! - r0) + Math.abs(data[i + 1]! - g0) + Math.abs(data[i + 2]! - b0) < 60) n++
  return n
}

describe("a report's snapshot", () => {
  it("shows the region with the slide's annotations drawn on it, and says its size in µm", async () => {
    const slide = await slideWithRegion()
    const saved = await writeReport(slide, { x: 0, y: 0, width: SLIDE_WIDTH, height: SLIDE_HEIGHT })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.fields.region).toEqual({ x: 0, y: 0, width: SLIDE_WIDTH, height: SLIDE_HEIGHT })
    const pdf = await download(server, `/v2/slides/download-report/${saved.body.data.id}/`, owner.access)
    expect(pdf.status).toBe(200)
    const text = await textOf(pdf.bytes)
    expect(text).toContain(said("Region of 300 × 200 µm, from 0, 0 px on the slide."))
    // The scale bar: a fifth of the region's 300 µm, rounded to 50.
    expect(text).toContain(said("REGION 50 µm"))
    // The region's outline, in the label's green, is on the page.
    expect(await pagePixels(pdf.bytes, GREEN)).toBeGreaterThan(300)
  }, 60_000)

  it("has no snapshot when the report names no region: no green on the page", async () => {
    const slide = await slideWithRegion()
    const saved = await c.post(`/v2/slides/${slide}/reports/`, { title: "Plain", value: "", fields: {} }, { token: owner.access })
    const pdf = await download(server, `/v2/slides/download-report/${saved.body.data.id}/`, owner.access)
    expect(await textOf(pdf.bytes)).not.toContain("Region of")
    expect(await pagePixels(pdf.bytes, GREEN)).toBeLessThan(20)
  }, 60_000)

  it("a region away from the shape shows the slide but not the shape", async () => {
    const slide = await slideWithRegion()
    const saved = await writeReport(slide, { x: 350, y: 260, width: 200, height: 120 })
    const pdf = await download(server, `/v2/slides/download-report/${saved.body.data.id}/`, owner.access)
    expect(await textOf(pdf.bytes)).toContain(said("Region of 100 × 60 µm, from 350, 260 px on the slide."))
    expect(await pagePixels(pdf.bytes, GREEN)).toBeLessThan(20)
    // The slide's own colour (#c08040) fills the snapshot.
    expect(await pagePixels(pdf.bytes, [0xc0, 0x80, 0x40])).toBeGreaterThan(5000)
  }, 60_000)

  it("refuses a region outside the slide, or of no size, with a 400 naming the field; nothing is stored", async () => {
    const slide = await slideWithRegion()
    for (const region of [
      { x: 500, y: 0, width: 200, height: 100 },
      { x: 0, y: 0, width: 0, height: 100 },
      { x: -1, y: 0, width: 10, height: 10 },
      { x: 0.5, y: 0, width: 10, height: 10 }
    ]) {
      const refused = await writeReport(slide, region)
      expect(refused.status, JSON.stringify(region)).toBe(400)
      expect(JSON.stringify(refused.body)).toContain("fields.region")
    }
    const listed = await c.get(`/v2/slides/${slide}/reports/`, { token: owner.access })
    expect(listed.body.data.results).toEqual([])
  })
})
