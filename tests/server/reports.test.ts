// A slide's reports with their structured fields over real HTTP (issue 23): the fields are kept
// tidied and bounded (a 400 names the field, nothing stored), a note never carries them, and
// GET /v2/slides/download-report/{id}/ answers a real PDF (read back with unpdf's text extractor) in
// the reader's language, to the slide's members only: anyone else gets 404, as for a hidden slide.
import { extractText } from "unpdf"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REPORT_LIMITS } from "../../src/contract/report-fields.ts"
import type { SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createSlide } from "./support/annotations-api.ts"
import { download, startsWithPdf } from "./support/billing-api.ts"
import { client, createFolder, makePublic, person, share } from "./support/labs-api.ts"
import { readySlide } from "./support/ready-slide.ts"

let server: StartedServer
let c: ReturnType<typeof client>
let owner: SignedIn
let reviewer: SignedIn
let stranger: SignedIn
let folder: string
let made = 0

beforeAll(async () => {
  server = await startServer()
  c = client(server)
  owner = await person(server, "Dr. Sari Wibowo")
  reviewer = await person(server, "Dr. Budi Santoso")
  stranger = await person(server, "Someone Else")
  folder = (await createFolder(server, owner, "RS Harapan Pathology")).id
  await share(server, owner, folder, reviewer, "reviewer")
})
afterAll(() => server.stop())

const fields = {
  case_id: "  S-2026-0412 ",
  specimen: "Breast, left, core needle biopsy",
  stain: "Ki-67 (MIB-1)",
  clinical: "",
  findings: "Sheets of atypical ductal cells with moderate pleomorphism. ".repeat(160),
  diagnosis: "Invasive carcinoma of no special type, grade 2.",
  measurements: {
    rows: [
      { label: "Ki67 positive", count: 120, shapes: 0, area_um2: null },
      { label: "Ki67 negative", count: 280, shapes: 0, area_um2: null },
      { label: "Tumour", count: 0, shapes: 2, area_um2: 2_500_000 }
    ],
    index: { positive: "Ki67 positive", negative: "Ki67 negative", percent: 30 }
  }
}

const writeReport = (who: SignedIn, slide: string, body: object) => c.post(`/v2/slides/${slide}/reports/`, body, { token: who.access })
const pdfText = async (bytes: Uint8Array) => {
  const { text, totalPages } = await extractText(new Uint8Array(bytes), { mergePages: true })
  return { text: text.replace(/\s+/g, " "), totalPages }
}

describe("a report's structured fields", () => {
  it("are kept trimmed, blank ones dropped, and come back with the report", async () => {
    const slide = await createSlide(server, owner, folder)
    const saved = await writeReport(reviewer, slide, { title: "Core biopsy", value: "See findings.", fields })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.fields).toEqual({ ...fields, case_id: "S-2026-0412", clinical: undefined, findings: fields.findings.trim() })
    expect(saved.body.data.fields).not.toHaveProperty("clinical")
    const listed = (await c.get(`/v2/slides/${slide}/reports/`, { token: owner.access })).body.data.results[0]
    expect(listed.fields.diagnosis).toBe(fields.diagnosis)
    expect(listed.fields.measurements.rows).toHaveLength(3)
    // An edit replaces them, and names who saved it last.
    const edited = await c.put(
      `/v2/slides/${slide}/reports/${listed.id}/`,
      { title: "Core biopsy", value: "", fields: { diagnosis: "Benign." } },
      { token: owner.access }
    )
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data.fields).toEqual({ diagnosis: "Benign." })
    expect(edited.body.data.editor).toMatchObject({ id: owner.id })
  })

  it("refuses a field over its bound or a malformed table with a 400 naming it, storing nothing", async () => {
    const slide = await createSlide(server, owner, folder)
    const long = await writeReport(owner, slide, {
      title: "Too long",
      value: "",
      fields: { diagnosis: "x".repeat(REPORT_LIMITS.diagnosis + 1) }
    })
    expect(long.status).toBe(400)
    expect(long.body.fields.join(" ")).toContain("fields.diagnosis")
    const badRow = await writeReport(owner, slide, {
      title: "Bad table",
      value: "",
      fields: { measurements: { rows: [{ label: "A", count: -1, shapes: 0, area_um2: null }], index: null } }
    })
    expect(badRow.status).toBe(400)
    expect(badRow.body.fields.join(" ")).toContain("fields.measurements.rows.0.count")
    expect((await c.get(`/v2/slides/${slide}/reports/`, { token: owner.access })).body.data.meta.count).toBe(0)
  })

  it("are never carried by a note", async () => {
    const slide = await createSlide(server, owner, folder)
    const note = await c.post(`/v2/slides/${slide}/notes/`, { title: "A note", value: "", fields }, { token: owner.access })
    expect(note.status).toBe(200)
    expect(note.body.data).not.toHaveProperty("fields")
    const listed = (await c.get(`/v2/slides/${slide}/notes/`, { token: owner.access })).body.data.results[0]
    expect(listed).not.toHaveProperty("fields")
  })
})

describe("a report's PDF", () => {
  const reportOn = async () => {
    const slide = await readySlide(server, { ownerId: owner.id, parentId: folder, name: `HE-0412 left breast ${++made}.svs` })
    await server.withDb((db) => db.updateTable("labs").set({ mpp: 0.25 }).where("id", "=", slide.labId).execute())
    const saved = await writeReport(reviewer, slide.labId, { title: "Core biopsy: Ki-67", value: "Correlate with imaging.", fields })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // The owner reviews it: the PDF then says who reviewed.
    const edited = await c.put(
      `/v2/slides/${slide.labId}/reports/${saved.body.data.id}/`,
      { title: "Core biopsy: Ki-67", value: "Correlate with imaging.", fields },
      { token: owner.access }
    )
    expect(edited.status).toBe(200)
    return { slide: slide.labId, id: saved.body.data.id as string }
  }

  it("is a PDF with the lab, the slide, the fields, the table, both people and page numbers", async () => {
    const { id } = await reportOn()
    const pdf = await download(server, `/v2/slides/download-report/${id}/`, reviewer.access)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toBe("application/pdf")
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="Core-biopsy-Ki-67-\d{4}-\d{2}-\d{2}\.pdf"/)
    expect(startsWithPdf(pdf.bytes)).toBe(true)
    const { text, totalPages } = await pdfText(pdf.bytes)
    // The long findings run onto further pages, each numbered.
    expect(totalPages).toBeGreaterThan(1)
    for (let i = 1; i <= totalPages; i++) expect(text).toContain(`Page ${i} of ${totalPages}`)
    for (const expected of [
      "PATHOLOGY REPORT",
      "RS Harapan Pathology",
      "HE-0412 left breast 1.svs",
      "Core biopsy: Ki-67",
      "S-2026-0412",
      "Breast, left, core needle biopsy",
      "MICROSCOPIC FINDINGS",
      "DIAGNOSIS",
      fields.diagnosis,
      "Ki67 positive",
      "Ki67 negative",
      "Tumour",
      "30.0 %",
      "Total area (mm²)",
      "2.500",
      "Reported by",
      "Dr. Budi Santoso",
      "Reviewed by",
      "Dr. Sari Wibowo"
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain("CLINICAL INFORMATION")
  })

  it("speaks Indonesian when asked, or when that is the reader's language", async () => {
    const { id } = await reportOn()
    const asked = await pdfText((await download(server, `/v2/slides/download-report/${id}/?lang=id`, owner.access)).bytes)
    for (const word of [
      "LAPORAN PATOLOGI",
      "MIKROSKOPIS",
      "Dilaporkan oleh",
      "Diperiksa oleh",
      "Halaman 1 dari",
      "Luas total (mm²)",
      "30,0 %"
    ])
      expect(asked.text).toContain(word)
    await server.withDb((db) => db.updateTable("users").set({ locale: "id" }).where("id", "=", reviewer.id).execute())
    const own = await pdfText((await download(server, `/v2/slides/download-report/${id}/`, reviewer.access)).bytes)
    expect(own.text).toContain("Halaman 1 dari")
    await server.withDb((db) => db.updateTable("users").set({ locale: "en" }).where("id", "=", reviewer.id).execute())
    expect((await download(server, `/v2/slides/download-report/${id}/?lang=fr`, owner.access)).status).toBe(400)
  })

  it("is not found for anyone who may not read the slide's reports, even on a public slide, nor for a note's id", async () => {
    const { slide, id } = await reportOn()
    expect((await download(server, `/v2/slides/download-report/${id}/`, stranger.access)).status).toBe(404)
    await makePublic(server, owner, slide)
    expect((await download(server, `/v2/slides/download-report/${id}/`, stranger.access)).status).toBe(404)
    expect((await download(server, `/v2/slides/download-report/${id}/`, undefined)).status).toBe(401)
    const note = await c.post(`/v2/slides/${slide}/notes/`, { title: "A note", value: "" }, { token: owner.access })
    expect((await download(server, `/v2/slides/download-report/${note.body.data.id}/`, owner.access)).status).toBe(404)
  })
})
