// A structured report in Chromium against the real server (issue 23): Ada opens a slide whose
// metadata names its case and on which Ki67 cells are counted and a tumour region drawn; the new
// report's form comes with the case id filled in and the slide's measurement table kept; she writes
// specimen, stain, clinical information, findings and diagnosis, saves, sees the diagnosis on the
// card, downloads the PDF and its text holds what she wrote, the table's labels and "Page 1 of".
// The form is photographed at 1440x900 and at 390 px; the card after saving.
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { extractText } from "unpdf"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { createLabel, newAnnotation, polygon, postAnnotations } from "../server/support/annotations-api.ts"
import { openSlide, signInAs, snapWhenFailed } from "./support/annotating.ts"
import { newContext, SCREENSHOT_DIR, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let slideId = ""
let page: Page

/** Points (circles of radius 0) at distinct places of the 2400x1600 slide. */
const points = (n: number, seed: number) => ({
  type: "SvgSelector" as const,
  value: `<svg>${Array.from({ length: n }, (_, i) => `<circle cx='${(i * 131 + seed) % 2300}' cy='${(i * 97 + seed) % 1500}' r='0'/>`).join("")}</svg>`
})

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Dr. Ada Lovelace", email: "ada.reports@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "RS Harapan Pathology", file: "Breast core Ki67.jpg", dots: 80, mpp: 0.5 })
  slideId = made.slideId
  const client = api(world.server)
  const meta = await client.put("/v2/labs/metadata/", { lab_id: slideId, name: "Case ID", value: "S-2026-0412" }, { token: ada.access })
  expect(meta.status, JSON.stringify(meta.body)).toBe(200)
  const positive = await createLabel(world.server, ada, slideId, "Ki67 positive")
  const negative = await createLabel(world.server, ada, slideId, "Ki67 negative")
  const tumour = await createLabel(world.server, ada, slideId, "Tumour")
  const posted = await postAnnotations(world.server, ada, slideId, [
    newAnnotation(positive.id, points(12, 7)),
    newAnnotation(negative.id, points(28, 53)),
    newAnnotation(
      tumour.id,
      polygon([
        [200, 200],
        [2200, 200],
        [2200, 1400],
        [200, 1400]
      ])
    )
  ])
  expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300)
  page = await (await newContext(world.browser, world.server.url)).newPage()
  await page.setViewportSize({ width: 1440, height: 900 })
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("reports", () => ({ ada: page }))

const openReports = async () => {
  await openSlide(page, slideId)
  await page.getByRole("tab", { name: "Notes", exact: true }).click()
  await page.getByRole("button", { name: "Reports", exact: true }).click()
}

describe("a structured report", () => {
  it("is written with the case id from the metadata and the slide's measurements kept", async () => {
    await signInAs(page, ada)
    await openReports()
    await page.getByRole("button", { name: "New report" }).click()
    const form = page.getByTestId("note-form")
    await expect.poll(() => form.getByLabel("Case / patient ID").inputValue()).toBe("S-2026-0412")
    await form.getByText("From the slide's metadata").waitFor()
    await form.getByLabel("Title", { exact: true }).fill("Core biopsy, left breast: Ki-67")
    await form.getByLabel("Specimen").fill("Breast, left, core needle biopsy")
    await form.getByLabel("Stain").fill("Ki-67 (MIB-1)")
    await form.getByLabel("Clinical information").fill("52-year-old woman, 2 cm mass, BI-RADS 5.")
    await form.getByLabel("Microscopic findings").fill("Infiltrating nests of atypical ductal cells with moderate pleomorphism.")
    await form.getByLabel("Diagnosis").fill("Invasive carcinoma of no special type, grade 2.")
    await form.getByLabel("Comment").fill("ER, PR and HER2 to follow.")
    // The table is the counts section's: 12 positive, 28 negative, 30 % index, the tumour's area.
    await expect(form.getByLabel("Include the slide's measurements").isChecked()).resolves.toBe(true)
    const table = form.getByTestId("report-measurements")
    // In the labels' order, as the counts section lists them.
    await expect
      .poll(async () => (await table.locator("tbody th").allTextContents()).sort())
      .toEqual(["Ki67 negative", "Ki67 positive", "Tumour"])
    await form.getByText("30.0 %").waitFor()
    // The snapshot: the part of the slide the viewer shows (its full height: the slide is fitted).
    const region = form.getByTestId("report-region")
    await region.getByText("The PDF can show a region of the slide").waitFor()
    await region.getByRole("button", { name: "Use the current view" }).click()
    await expect.poll(() => region.locator("span").first().textContent()).toMatch(/^Region of [\d,]+ × 1,600 px at [\d,]+, 0$/)
    await snap(page, "reports-01-form-1440")
    await form.getByRole("button", { name: "Save", exact: true }).click()
    await form.waitFor({ state: "detached" })
    await page.getByTestId("report-diagnosis").getByText("Invasive carcinoma of no special type, grade 2.").waitFor()
    await snap(page, "reports-02-card-1440")
  }, 120_000)

  it("downloads as a PDF holding what was written, the table and page numbers", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download “Core biopsy, left breast: Ki-67” as PDF" }).click()
    ])
    expect(download.suggestedFilename()).toMatch(/^Core-biopsy-left-breast-Ki-67-\d{4}-\d{2}-\d{2}\.pdf$/)
    const bytes = new Uint8Array(await readFile((await download.path())!))
    // Kept beside the screenshots, to be looked at as a clinician would see it.
    await download.saveAs(join(SCREENSHOT_DIR, "reports-04-report.pdf"))
    const text = (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, " ")
    for (const expected of [
      "PATHOLOGY REPORT",
      "RS Harapan Pathology",
      "Breast core Ki67.jpg",
      "Core biopsy, left breast: Ki-67",
      "S-2026-0412",
      "Invasive carcinoma of no special type, grade 2.",
      "Ki67 positive",
      "Ki67 negative",
      "Tumour",
      "30.0 %",
      "Dr. Ada Lovelace",
      "REGION",
      // The view's 1,600 px of height at 0.5 µm/px (the extractor reads µ as the Greek letter).
      " × 800 ",
      "px on the slide."
    ])
      expect(text).toContain(expected)
    expect(text).toMatch(/Page 1 of [12]/)
  }, 60_000)

  it("fits a phone: the form at 390 px", async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openReports()
    await page.getByRole("button", { name: "New report" }).click()
    await page.getByTestId("note-form").getByLabel("Diagnosis").waitFor()
    await snap(page, "reports-03-form-390")
    await page.getByRole("button", { name: "Cancel", exact: true }).click()
  }, 60_000)
})
