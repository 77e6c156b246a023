// Downloading a slide's original from the Details tab, in Chromium against the real server. Ada's
// Philips TIFF carries a photograph of its paper label naming a patient: "Download original" saves
// the file without it (the server's redaction, same size, still the slide), the Details tab says
// why, and "Download with label and overview" saves it byte for byte as scanned. Rosa, a reviewer,
// is offered no download and is refused the link. In Indonesian, a plain image downloads as uploaded.
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { philipsTiff } from "../support/scanner-vendors.ts"
import { createFolder, share } from "../server/support/labs-api.ts"
import { smallImage, uploadWhole, waitForStatus } from "../server/support/slides-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { showSidePanel } from "./support/slide-viewer.ts"
import { expectUrl, fillSignIn, startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let rosa: SignedIn
let page: Page
let rosaPage: Page
let dir = ""
const slides = { philips: { id: "", bytes: Buffer.alloc(0) }, png: { id: "", bytes: Buffer.alloc(0) } }

const upload = async (folder: string, name: string, bytes: Buffer) => {
  const sent = await uploadWhole(world.server, ada, folder, name, bytes)
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  const lab = await waitForStatus(world.server, ada, sent.body.data.lab.id, ["ready", "failed"], 60_000)
  expect(lab.status).toBe("ready")
  return lab.id as string
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.download@example.org" })
  rosa = await createSignedIn(world.server, { name: "Rosalind Franklin", email: "rosa.download@example.org" })
  dir = mkdtempSync(join(tmpdir(), "download-e2e-"))
  const folder = await createFolder(world.server, ada, "Kidney cases")
  await share(world.server, ada, folder.id, rosa, "reviewer")
  const philips = await philipsTiff(dir, "Kidney 2026-0101.tiff", {
    width: 1600,
    height: 1200,
    mpp: 0.25,
    model: "UFS Scanner",
    acquired: "20261128"
  })
  slides.philips.bytes = readFileSync(philips)
  slides.philips.id = await upload(folder.id, "Kidney 2026-0101.tiff", slides.philips.bytes)
  slides.png.bytes = Buffer.from(await smallImage("png", 900, 600))
  slides.png.id = await upload(folder.id, "Gram stain.png", slides.png.bytes)
  page = await (await newContext(world.browser, world.server.url)).newPage()
  rosaPage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(async () => {
  await stopWorld(world)
  rmSync(dir, { recursive: true, force: true })
})

snapWhenFailed("download", () => ({ ada: page, rosa: rosaPage }))

const openDetails = async (p: Page, prefix: string, id: string) => {
  await p.goto(`${prefix}/dashboard/labs/${id}/annotations`)
  await p.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
  await showSidePanel(p)
  await p.getByRole("tab", { name: prefix === "/id" ? "Detail" : "Details", exact: true }).click()
  await p.getByTestId("slide-details").waitFor()
}

/** Clicks `link` and answers the saved file's name and bytes. */
const downloaded = async (p: Page, link: ReturnType<Page["getByRole"]>) => {
  const [download] = await Promise.all([p.waitForEvent("download"), link.click()])
  const path = join(dir, `saved-${Date.now()}`)
  await download.saveAs(path)
  return { name: download.suggestedFilename(), bytes: readFileSync(path) }
}

describe("the original file in Details", () => {
  it("downloads a scanner's file without its label, and says so", async () => {
    await page.goto("/login")
    await fillSignIn(page, ada.email)
    await expectUrl(page, /\/dashboard\/labs$/)
    await openDetails(page, "", slides.philips.id)
    const section = page.getByTestId("slide-original")
    await section.waitFor()
    expect(await section.textContent()).toContain("left out of the download")
    const saved = await downloaded(page, section.getByRole("link", { name: "Download original" }))
    expect(saved.name).toBe("Kidney 2026-0101.tiff")
    // The same slide, of the same size, but not the bytes as scanned: the label's are gone.
    expect(saved.bytes.length).toBe(slides.philips.bytes.length)
    expect(saved.bytes.equals(slides.philips.bytes)).toBe(false)
    const base64 = /PIM_DP_IMAGE_DATA"[^>]*>([A-Za-z0-9+/=]{64})/.exec(slides.philips.bytes.toString("latin1"))?.[1]
    expect(base64).toBeDefined()
    expect(saved.bytes.toString("latin1")).not.toContain(base64)
    await snap(page, "download-01-details")
    await expectAccessible(page, "the Details tab with the original's download")
  }, 90_000)

  it("downloads it exactly as scanned when asked for the label too", async () => {
    const saved = await downloaded(page, page.getByTestId("slide-original").getByRole("link", { name: "Download with label and overview" }))
    expect(saved.bytes.equals(slides.philips.bytes)).toBe(true)
  }, 60_000)

  it("offers a reviewer no download, and the link refuses them", async () => {
    await rosaPage.goto("/login")
    await fillSignIn(rosaPage, rosa.email)
    await expectUrl(rosaPage, /\/dashboard\/labs$/)
    await openDetails(rosaPage, "", slides.philips.id)
    expect(await rosaPage.getByTestId("slide-details").textContent()).toContain("Philips")
    expect(await rosaPage.getByTestId("slide-original").count()).toBe(0)
    const status = await rosaPage.evaluate(async (url) => (await fetch(url)).status, `/v2/media/originals/${slides.philips.id}/`)
    expect(status).toBe(404)
  }, 90_000)

  it("in Indonesian, a plain image downloads as uploaded, with no word of labels", async () => {
    await openDetails(page, "/id", slides.png.id)
    const section = page.getByTestId("slide-original")
    expect(await section.textContent()).toContain("Berkas asli")
    expect(await section.getByTestId("slide-original-redacted").count()).toBe(0)
    const saved = await downloaded(page, section.getByRole("link", { name: "Unduh berkas asli" }))
    expect(saved.name).toBe("Gram stain.png")
    expect(saved.bytes.equals(slides.png.bytes)).toBe(true)
    await snap(page, "download-02-indonesian")
  }, 90_000)
})
