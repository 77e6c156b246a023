// A 3DHistech MRXS slide (issue 22), generated here as OpenSlide reads it (tests/support/mrxs-files.ts),
// uploaded through the browser as one zip of the .mrxs and its folder: it becomes ready, the viewer
// opens it at the file's 0.2430 µm/px, the ruler measures 600 image pixels as 600 x 0.243 µm, and
// the Details tab names the scanner (3DHistech, its model, 20x, the date) in English and
// Indonesian. The owner sees the label, which names a patient; a reviewer of the folder does not,
// and neither the case number nor the patient reaches any answer either reads. A second set, its
// folder picked whole, is zipped by the browser and downloads with its label and macro blanked.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { MRXS_CASE, MRXS_PATIENT, mrxsSet } from "../support/mrxs-files.ts"
import { createFolder, share } from "../server/support/labs-api.ts"
import { zip } from "../server/support/zip.ts"
import { expectAccessible } from "./support/a11y.ts"
import { drag, snapWhenFailed, tool } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { keepAnswers, openSlideDetails } from "./support/slide-viewer.ts"
import { expectUrl, fillSignIn, SIGN_IN_WORDS, startWorld, stopWorld, type World } from "./support/session.ts"

const [WIDTH, HEIGHT, MPP] = [1536, 1024, 0.243]
let world: World
let ada: SignedIn
let rosa: SignedIn
let page: Page
let rosaPage: Page
let dir = ""
let zipPath = ""
let slideId = ""
let folderId = ""
let picked = ""
const seen: Array<string> = []

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.mrxs@example.org" })
  rosa = await createSignedIn(world.server, { name: "Rosalind Franklin", email: "rosa.mrxs@example.org" })
  dir = mkdtempSync(join(tmpdir(), "mrxs-e2e-"))
  const set = join(dir, "set")
  await mrxsSet(set, "Lymph node 2026-0077", { width: WIDTH, height: HEIGHT, mpp: MPP, objective: 20 })
  const names = readdirSync(set, { recursive: true, encoding: "utf8" }).filter((name) => statSync(join(set, name)).isFile())
  zipPath = join(dir, "Lymph node 2026-0077.zip")
  writeFileSync(zipPath, zip(names.map((name) => ({ name, data: readFileSync(join(set, name)) }))))
  picked = join(dir, "picked")
  await mrxsSet(picked, "Tonsil 2026-0080", { width: 512, height: 512, mpp: MPP, objective: 40 })
  page = await (await newContext(world.browser, world.server.url)).newPage()
  rosaPage = await (await newContext(world.browser, world.server.url)).newPage()
  keepAnswers(page, seen)
  keepAnswers(rosaPage, seen)
}, 120_000)

afterAll(async () => {
  await stopWorld(world)
  rmSync(dir, { recursive: true, force: true })
})

snapWhenFailed("mrxs", () => ({ ada: page, rosa: rosaPage }))

const details = (p: Page) => p.getByTestId("slide-details")

describe("an MRXS slide, zipped", () => {
  it("uploads through the browser and becomes a ready slide with a thumbnail", async () => {
    await page.goto("/login")
    await fillSignIn(page, ada.email)
    await expectUrl(page, /\/dashboard\/labs$/)
    const folder = await createFolder(world.server, ada, "Lymph nodes")
    folderId = folder.id
    await share(world.server, ada, folder.id, rosa, "reviewer")
    await page.goto(`/dashboard/labs/${folder.id}`)
    await page.getByTestId("upload-input").setInputFiles(zipPath)
    const row = page.getByTestId("upload-row").filter({ hasText: "Lymph node 2026-0077.zip" })
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 90_000 }).toBe("ready")
    const item = page.getByTestId("lab-item").filter({ hasText: "Lymph node 2026-0077.zip" })
    await item.locator("img[src*='slide_thumb_312x281']").waitFor({ state: "attached", timeout: 30_000 })
    const href = await item.getByRole("link").first().getAttribute("href")
    slideId = /\/dashboard\/labs\/([^/]+)\/annotations$/.exec(href ?? "")?.[1] ?? ""
    expect(slideId, `the slide's link: ${href}`).not.toBe("")
    await snap(page, "mrxs-ready")
  }, 120_000)

  it("opens at the file's resolution, and the ruler measures with it", async () => {
    await page.goto(`/dashboard/labs/${slideId}/annotations`)
    await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId("slide-facts").textContent()).toBe("1,536 × 1,024 px · 0.2430 µm/px")
    await expect.poll(() => page.getByTestId("scale-bar-label").textContent()).toMatch(/µm|mm/)
    // The whole slide in view ("0"), settled; it has no annotations yet, so nothing else to wait for.
    await page.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
    await page.keyboard.press("0")
    await page.waitForTimeout(1200)
    // In the home view the whole slide fits the viewer, centred: image pixels map by its box alone.
    const box = (await page.getByTestId("slide-viewer").boundingBox())!
    const scale = Math.min(box.width / WIDTH, box.height / HEIGHT)
    const [left, top] = [box.x + (box.width - WIDTH * scale) / 2, box.y + (box.height - HEIGHT * scale) / 2]
    const at = (x: number, y: number) => ({ x: left + x * scale, y: top + y * scale })
    await tool(page, "Measure").click()
    await drag(page, at(300, 500), at(900, 500), 12)
    const reading = page.getByTestId("ruler-reading")
    await expect.poll(() => reading.textContent(), { timeout: 2_000 }).toMatch(/^Measured length: [\d.]+ µm$/)
    const measured = Number.parseFloat((await reading.textContent())!.replace("Measured length: ", ""))
    // 600 image pixels of 0.243 µm: 145.8 µm, give or take a screen pixel at each end.
    expect(Math.abs(measured - 600 * MPP)).toBeLessThan((2 * MPP) / scale + 0.2)
    await snap(page, "mrxs-ruler")
    await page.keyboard.press("Escape")
  }, 60_000)

  it("Details names the scanner, and the owner sees the label", async () => {
    await openSlideDetails(page, slideId)
    const text = await details(page).textContent()
    expect(text).toContain("Scanner3DHistech (MIRAX) · Pannoramic MIDI")
    expect(text).toContain("Objective20×")
    expect(text).toContain("ScannedNov 28, 2026, 2:25 PM")
    const label = page.getByTestId("slide-associated-label").locator("img")
    await label.waitFor()
    await expect.poll(() => label.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400)
    await snap(page, "mrxs-details-owner")
    await expectAccessible(page, "mrxs-details-owner")
  }, 60_000)

  it("and in Indonesian", async () => {
    await openSlideDetails(page, slideId, "/id")
    const text = await details(page).textContent()
    expect(text).toContain("Pemindai3DHistech (MIRAX) · Pannoramic MIDI")
    expect(text).toContain("Objektif20×")
    await snap(page, "mrxs-details-id")
  }, 60_000)

  it("a folder picked whole goes as one zip made in the browser, and downloads without its label", async () => {
    await page.goto(`/dashboard/labs/${folderId}`)
    // The folder holds the .mrxs and its folder of files, as the scanner's software writes them.
    await page.getByTestId("upload-folder-input").setInputFiles(picked)
    const row = page.getByTestId("upload-row").filter({ hasText: "Tonsil 2026-0080.zip" })
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 90_000 }).toBe("ready")
    const item = page.getByTestId("lab-item").filter({ hasText: "Tonsil 2026-0080.zip" })
    const href = await item.getByRole("link").first().getAttribute("href")
    const id = /\/dashboard\/labs\/([^/]+)\/annotations$/.exec(href ?? "")?.[1] ?? ""
    await snap(page, "mrxs-folder-picked")
    // The zip made in the browser is stored, so the download blanks its label and macro in place.
    const original = await page.request.get(`/v2/media/originals/${id}/`)
    expect(original.status()).toBe(200)
    expect(original.headers()["x-associated-removed"]).toBe("label,macro")
  }, 120_000)

  it("a reviewer sees the slide and its scanner, not its label", async () => {
    await rosaPage.goto("/login")
    await fillSignIn(rosaPage, rosa.email)
    await expectUrl(rosaPage, /\/dashboard\/labs$/)
    await openSlideDetails(rosaPage, slideId)
    expect(await details(rosaPage).textContent()).toContain("Scanner3DHistech (MIRAX) · Pannoramic MIDI")
    expect(await rosaPage.getByTestId("slide-associated").count()).toBe(0)
    await snap(rosaPage, "mrxs-details-reviewer")
    expect(seen.some((body) => body.includes(MRXS_CASE) || body.includes(MRXS_PATIENT))).toBe(false)
  }, 60_000)

  it("on a phone in Indonesian the folder upload is in reach beside the upload button", async () => {
    const phone = await (
      await world.browser.newContext({ baseURL: world.server.url, viewport: { width: 390, height: 844 }, locale: "id-ID" })
    ).newPage()
    await phone.goto("/id/login")
    await fillSignIn(phone, ada.email, SIGN_IN_WORDS.id)
    await expectUrl(phone, /\/dashboard\/labs$/)
    await phone.goto(`/id/dashboard/labs/${folderId}`)
    const button = phone.getByRole("button", { name: "Unggah folder" })
    await button.waitFor()
    const box = (await button.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await snap(phone, "mrxs-phone-toolbar")
    await phone.context().close()
  }, 60_000)
})
