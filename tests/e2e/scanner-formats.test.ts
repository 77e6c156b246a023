// A scanner's own file, uploaded through the browser to the real server: an Aperio SVS whose tiles are
// JPEG 2000 (which sharp's libtiff cannot decode; OpenSlide through the system's libvips does). Ada
// uploads it to her workspace; it becomes ready with a thumbnail; the viewer opens it, its top bar
// gives the file's 0.4990 µm/px, the scale bar is in micrometres, and the Details tab says who
// scanned it (Aperio, the ScanScope id, 20×, the date) in English and in Indonesian. What the
// scanner wrote about the operator and the case is nowhere in the answers the browser gets. Then a
// DICOM whole-slide series, zipped with a label that names a patient, takes the same way.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { dicomSeries } from "../support/dicom-files.ts"
import { aperioSvs } from "../support/scanner-files.ts"
import { philipsTiff } from "../support/scanner-vendors.ts"
import { createFolder, share } from "../server/support/labs-api.ts"
import { uploadWhole, waitForStatus } from "../server/support/slides-api.ts"
import { zip } from "../server/support/zip.ts"
import { tissue } from "./support/tissue.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { keepAnswers, openSlideDetails, showSidePanel } from "./support/slide-viewer.ts"
import { expectUrl, fillSignIn, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let page: Page
let dir = ""
let svs = ""
let slideId = ""
let dicomZip = ""
let philips = ""
const seen: Array<string> = []

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.scanner@example.org" })
  dir = mkdtempSync(join(tmpdir(), "scanner-e2e-"))
  svs = await aperioSvs(dir, "Colon biopsy 2026-0042.svs", {
    width: 3200,
    height: 2400,
    tiles: "j2k",
    mpp: 0.499,
    appMag: 20,
    scanner: "SS1302",
    date: "11/28/26"
  })
  // A DICOM series as an archive exports it: two levels and a label naming the patient, zipped.
  const [width, height] = [1400, 1000]
  const series = await dicomSeries({ raw: await tissue(width, height, 11), width, height, tile: 256, mpp: 0.5, lowerLevels: 1 })
  // A Philips TIFF whose label (a photograph of the slide's paper label) names a patient.
  philips = await philipsTiff(dir, "Kidney 2026-0101.tiff", {
    width: 1600,
    height: 1200,
    mpp: 0.25,
    model: "UFS Scanner",
    acquired: "20261128"
  })
  dicomZip = join(dir, "Liver series 2026-0077.zip")
  writeFileSync(dicomZip, zip(series))
  page = await (await newContext(world.browser, world.server.url)).newPage()
  // Every answer the browser reads, to check that the operator and the case never reach it.
  keepAnswers(page, seen)
}, 180_000)

afterAll(async () => {
  await stopWorld(world)
  rmSync(dir, { recursive: true, force: true })
})

snapWhenFailed("scanner", () => ({ ada: page }))

const details = (p: Page) => p.getByTestId("slide-details")

describe("a scanner's own file", () => {
  it("an Aperio SVS of JPEG 2000 tiles uploads and becomes a ready slide with a thumbnail", async () => {
    await page.goto("/login")
    await fillSignIn(page, ada.email)
    await expectUrl(page, /\/dashboard\/labs$/)
    await page.getByTestId("upload-input").setInputFiles(svs)
    const row = page.getByTestId("upload-row").filter({ hasText: "Colon biopsy 2026-0042.svs" })
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 90_000 }).toBe("ready")
    const tile = page.getByTestId("lab-item").filter({ hasText: "Colon biopsy 2026-0042.svs" })
    await tile.locator("img[src*='slide_thumb_312x281']").waitFor({ state: "attached", timeout: 30_000 })
    const href = await tile.getByRole("link").first().getAttribute("href")
    slideId = /\/dashboard\/labs\/([^/]+)\/annotations$/.exec(href ?? "")?.[1] ?? ""
    expect(slideId, `the slide's link: ${href}`).not.toBe("")
    await snap(page, "scanner-ready")
  })

  it("the viewer opens it at the file's resolution, the scale bar in micrometres", async () => {
    await page.goto(`/dashboard/labs/${slideId}/annotations`)
    await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId("slide-facts").textContent()).toBe("3,200 × 2,400 px · 0.4990 µm/px")
    await expect.poll(() => page.getByTestId("scale-bar-label").textContent()).toMatch(/µm|mm/)
    await snap(page, "scanner-viewer")
  })

  it("the Details tab says who scanned it, how and when", async () => {
    await showSidePanel(page)
    await page.getByRole("tab", { name: "Details" }).click()
    await details(page).waitFor()
    const text = await details(page).textContent()
    expect(text).toContain("ScannerAperio (Leica) · SS1302")
    expect(text).toContain("Objective20×")
    // Aperio writes "11/28/26" and "09:15:02"; the reader sees a date of their own calendar.
    expect(text).toContain("ScannedNov 28, 2026, 9:15 AM")
    await snap(page, "scanner-details")
    await expectAccessible(page, "scanner-details")
    // The operator and the case number written in the file reach no answer.
    expect(seen.some((body) => body.includes("b414003d-operator") || body.includes("CASE-2026-0042"))).toBe(false)
  })

  it("and in Indonesian", async () => {
    await page.goto(`/id/dashboard/labs/${slideId}/annotations`)
    await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
    await showSidePanel(page)
    await page.getByRole("tab", { name: "Detail", exact: true }).click()
    const text = await details(page).textContent()
    expect(text).toContain("PemindaiAperio (Leica) · SS1302")
    expect(text).toContain("Objektif20×")
  })
})

// After the Indonesian step the reader's language stays Indonesian (its cookie): the DICOM walk is in it.
describe("a DICOM whole-slide image series, zipped", () => {
  let dicomId = ""
  it("uploads, becomes ready, and opens at the file's resolution with its scanner in Details", async () => {
    await page.goto("/id/dashboard/labs")
    await page.getByTestId("upload-input").setInputFiles(dicomZip)
    const row = page.getByTestId("upload-row").filter({ hasText: "Liver series 2026-0077.zip" })
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 90_000 }).toBe("ready")
    const tile = page.getByTestId("lab-item").filter({ hasText: "Liver series 2026-0077.zip" })
    const href = await tile.getByRole("link").first().getAttribute("href")
    dicomId = /\/dashboard\/labs\/([^/]+)\/annotations$/.exec(href ?? "")?.[1] ?? ""
    expect(dicomId, `the slide's link: ${href}`).not.toBe("")
    await page.goto(`/id/dashboard/labs/${dicomId}/annotations`)
    await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId("slide-facts").textContent()).toBe("1.400 × 1.000 px · 0,5000 µm/px")
    await expect.poll(() => page.getByTestId("scale-bar-label").textContent()).toMatch(/µm|mm/)
    await showSidePanel(page)
    await page.getByRole("tab", { name: "Detail", exact: true }).click()
    const text = await details(page).textContent()
    expect(text).toContain("PemindaiPreparat Test Scanner Co. · DicomScan 9000")
    expect(text).toContain("Objektif20×")
    await snap(page, "scanner-dicom-details")
    // The label's patient name, record number and accession number reach no answer.
    expect(seen.some((body) => body.includes("Doe^Jane") || body.includes("MRN-123456") || body.includes("ACC-987"))).toBe(false)
  }, 150_000)
})

// The label a Philips scanner keeps with the slide: the owner sees it in Details (Indonesian, her
// language by now), a reviewer of the folder does not until she shows it, then does.
describe("a Philips TIFF's label", () => {
  let philipsId = ""
  let rosa: SignedIn
  let rosaPage: Page
  const associated = (p: Page) => p.getByTestId("slide-associated")

  beforeAll(async () => {
    rosa = await createSignedIn(world.server, { name: "Rosalind Franklin", email: "rosa.scanner@example.org" })
    const folder = await createFolder(world.server, ada, "Kidney cases")
    await share(world.server, ada, folder.id, rosa, "reviewer")
    const sent = await uploadWhole(world.server, ada, folder.id, "Kidney 2026-0101.tiff", readFileSync(philips))
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const lab = await waitForStatus(world.server, ada, sent.body.data.lab.id, ["ready", "failed"], 60_000)
    expect(lab.status).toBe("ready")
    philipsId = lab.id
    rosaPage = await (await newContext(world.browser, world.server.url)).newPage()
  }, 120_000)

  it("the owner sees the label in Details, with the switch that shows it to reviewers", async () => {
    await openSlideDetails(page, philipsId, "/id")
    expect(await details(page).textContent()).toContain("PemindaiPhilips · UFS Scanner")
    const label = page.getByTestId("slide-associated-label").locator("img")
    await label.waitFor()
    await expect.poll(() => label.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240)
    expect(await associated(page).textContent()).toContain("Label dan makro")
    expect(await page.getByRole("switch", { name: "Tampilkan kepada peninjau" }).getAttribute("aria-checked")).toBe("false")
    await snap(page, "scanner-label-owner")
    await expectAccessible(page, "scanner-label-owner")
  }, 90_000)

  it("a reviewer does not see it until the owner shows it", async () => {
    await rosaPage.goto("/login")
    await fillSignIn(rosaPage, rosa.email)
    await expectUrl(rosaPage, /\/dashboard\/labs$/)
    await openSlideDetails(rosaPage, philipsId)
    expect(await details(rosaPage).textContent()).toContain("ScannerPhilips · UFS Scanner")
    expect(await associated(rosaPage).count()).toBe(0)
    await snap(rosaPage, "scanner-label-reviewer-hidden")

    await page.getByRole("switch", { name: "Tampilkan kepada peninjau" }).click()
    await expect.poll(() => associated(page).getAttribute("data-shown")).toBe("true")

    await openSlideDetails(rosaPage, philipsId)
    const label = rosaPage.getByTestId("slide-associated-label").locator("img")
    await label.waitFor()
    await expect.poll(() => label.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240)
    expect(await associated(rosaPage).textContent()).toContain("Shown to everyone the slide is shared with")
    expect(await rosaPage.getByRole("switch").count()).toBe(0)
    await snap(rosaPage, "scanner-label-reviewer-shown")
  }, 90_000)
})
