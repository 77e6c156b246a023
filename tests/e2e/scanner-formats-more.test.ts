// The other scanners' own formats of issue 22, each uploaded through the browser to the real server
// (scanner-formats.test.ts walks Aperio SVS, DICOM and Philips; mrxs.test.ts MRXS): a Ventana BIF,
// a Hamamatsu NDPI, a zipped Hamamatsu VMS set and a Leica SCN, each written here to the rules of
// OpenSlide 3.4's readers (tests/support/). Each becomes ready, the viewer opens it at the file's own
// mpp (the top bar), the ruler measures 600 image pixels as 600 times that mpp in µm, and Details
// names its scanner. The Leica macro photographs a label naming a patient: the owner sees it, a
// reviewer of the folder does not; the case and the patient reach no answer either reads.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { hamamatsuNdpi, ventanaBif } from "../support/scanner-vendors.ts"
import { leicaScn } from "../support/scn-files.ts"
import { vmsSet } from "../support/vms-files.ts"
import { createFolder, share } from "../server/support/labs-api.ts"
import { zip } from "../server/support/zip.ts"
import { drag, snapWhenFailed, tool } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { keepAnswers, openSlideDetails } from "./support/slide-viewer.ts"
import { expectUrl, fillSignIn, startWorld, stopWorld, type World } from "./support/session.ts"

const SECRETS = ["b414003d-operator", "CASE-2026-0042", "Doe^Jane"]

interface Case {
  readonly file: string
  readonly make: (dir: string) => Promise<string>
  readonly width: number
  readonly height: number
  readonly mpp: number
  /** The top bar's facts, as an English reader sees them. */
  readonly facts: string
  /** The Details rows that name the scanner. */
  readonly details: ReadonlyArray<string>
}

const CASES: ReadonlyArray<Case> = [
  {
    file: "Tonsil 2026-0201.bif",
    make: (dir) =>
      ventanaBif(dir, "Tonsil 2026-0201.bif", { width: 1300, height: 900, mpp: 0.2325, magnification: 40, model: "VENTANA DP 200" }),
    width: 1300,
    height: 900,
    mpp: 0.2325,
    facts: "1,300 × 900 px · 0.2325 µm/px",
    details: ["ScannerVentana (Roche) · VENTANA DP 200", "Objective40×"]
  },
  {
    file: "Skin 2026-0202.ndpi",
    make: (dir) =>
      hamamatsuNdpi(dir, "Skin 2026-0202.ndpi", {
        width: 1300,
        height: 900,
        mpp: 0.4545,
        lens: 20,
        model: "C13220-01",
        created: "2026:11:28 09:15:02"
      }),
    width: 1300,
    height: 900,
    mpp: 0.4545,
    facts: "1,300 × 900 px · 0.4545 µm/px",
    details: ["ScannerHamamatsu · C13220-01", "Objective20×", "ScannedNov 28, 2026"]
  },
  {
    file: "Gastric 2026-0203.zip",
    make: async (dir) => {
      const files = join(dir, "vms")
      mkdirSync(files)
      await vmsSet(files, "Gastric 2026-0203", { width: 1280, height: 896, mpp: 0.46, lens: 20 })
      const path = join(dir, "Gastric 2026-0203.zip")
      writeFileSync(path, zip(readdirSync(files).map((name) => ({ name, data: readFileSync(join(files, name)) }))))
      return path
    },
    width: 1280,
    height: 896,
    mpp: 0.46,
    facts: "1,280 × 896 px · 0.4600 µm/px",
    details: ["ScannerHamamatsu", "Objective20×"]
  },
  {
    file: "Prostate 2026-0204.scn",
    make: (dir) =>
      leicaScn(dir, "Prostate 2026-0204.scn", {
        width: 1300,
        height: 900,
        mpp: 0.5,
        objective: 20,
        model: "Leica SCN400",
        created: "2026-11-28T09:15:02.00Z",
        caseNumber: "CASE-2026-0042"
      }),
    width: 1300,
    height: 900,
    mpp: 0.5,
    facts: "1,300 × 900 px · 0.5000 µm/px",
    details: ["ScannerLeica · Leica SCN400", "Objective20×", "ScannedNov 28, 2026"]
  }
]

let world: World
let ada: SignedIn
let rosa: SignedIn
let page: Page
let rosaPage: Page
let dir = ""
let folderId = ""
const files = new Map<string, string>()
const ids = new Map<string, string>()
const seen: Array<string> = []

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.scanners@example.org" })
  rosa = await createSignedIn(world.server, { name: "Rosalind Franklin", email: "rosa.scanners@example.org" })
  dir = mkdtempSync(join(tmpdir(), "scanner-more-e2e-"))
  for (const c of CASES) files.set(c.file, await c.make(dir))
  const folder = await createFolder(world.server, ada, "Scanners")
  folderId = folder.id
  await share(world.server, ada, folder.id, rosa, "reviewer")
  page = await (await newContext(world.browser, world.server.url)).newPage()
  rosaPage = await (await newContext(world.browser, world.server.url)).newPage()
  keepAnswers(page, seen)
  keepAnswers(rosaPage, seen)
}, 180_000)

afterAll(async () => {
  await stopWorld(world)
  rmSync(dir, { recursive: true, force: true })
})

snapWhenFailed("scanner-more", () => ({ ada: page, rosa: rosaPage }))

const details = (p: Page) => p.getByTestId("slide-details")

describe("more scanners' own files", () => {
  it("upload together through the browser and each becomes a ready slide", async () => {
    await page.goto("/login")
    await fillSignIn(page, ada.email)
    await expectUrl(page, /\/dashboard\/labs$/)
    await page.goto(`/dashboard/labs/${folderId}`)
    await page.getByTestId("upload-input").setInputFiles(CASES.map((c) => files.get(c.file)!))
    for (const c of CASES) {
      const row = page.getByTestId("upload-row").filter({ hasText: c.file })
      await expect.poll(() => row.getAttribute("data-state"), { timeout: 120_000 }).toBe("ready")
      const item = page.getByTestId("lab-item").filter({ hasText: c.file })
      const href = await item.getByRole("link").first().getAttribute("href")
      const id = /\/dashboard\/labs\/([^/]+)\/annotations$/.exec(href ?? "")?.[1] ?? ""
      expect(id, `${c.file}'s link: ${href}`).not.toBe("")
      ids.set(c.file, id)
    }
    await snap(page, "scanner-more-ready")
  }, 240_000)

  describe.each(CASES)("$file", (c) => {
    it("opens at the file's resolution, and the ruler measures with it", async () => {
      await page.goto(`/dashboard/labs/${ids.get(c.file)}/annotations`)
      await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
      await expect.poll(() => page.getByTestId("slide-facts").textContent()).toBe(c.facts)
      await page.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
      await page.keyboard.press("0")
      await page.waitForTimeout(1200)
      // In the home view the whole slide fits the viewer, centred: image pixels map by its box alone.
      const box = (await page.getByTestId("slide-viewer").boundingBox())!
      const scale = Math.min(box.width / c.width, box.height / c.height)
      const [left, top] = [box.x + (box.width - c.width * scale) / 2, box.y + (box.height - c.height * scale) / 2]
      const at = (x: number, y: number) => ({ x: left + x * scale, y: top + y * scale })
      await tool(page, "Measure").click()
      await drag(page, at(300, c.height / 2), at(900, c.height / 2), 12)
      const reading = page.getByTestId("ruler-reading")
      await expect.poll(() => reading.textContent(), { timeout: 2_000 }).toMatch(/^Measured length: [\d.]+ µm$/)
      const measured = Number.parseFloat((await reading.textContent())!.replace("Measured length: ", ""))
      // 600 image pixels at the file's mpp, give or take a screen pixel at each end.
      expect(Math.abs(measured - 600 * c.mpp)).toBeLessThan((2 * c.mpp) / scale + 0.2)
      await snap(page, `scanner-more-ruler-${c.file.split(".").pop()}`)
      await page.keyboard.press("Escape")
    }, 60_000)

    it("Details names the scanner", async () => {
      await openSlideDetails(page, ids.get(c.file)!)
      const text = await details(page).textContent()
      for (const row of c.details) expect(text).toContain(row)
    }, 60_000)
  })

  it("the Leica macro is the owner's: a reviewer sees the slide and its scanner, not the macro", async () => {
    const id = ids.get("Prostate 2026-0204.scn")!
    await openSlideDetails(page, id)
    const macro = page.getByTestId("slide-associated-macro").locator("img")
    await macro.waitFor()
    await expect.poll(() => macro.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240)
    await snap(page, "scanner-more-leica-owner")

    await rosaPage.goto("/login")
    await fillSignIn(rosaPage, rosa.email)
    await expectUrl(rosaPage, /\/dashboard\/labs$/)
    await openSlideDetails(rosaPage, id)
    expect(await details(rosaPage).textContent()).toContain("ScannerLeica · Leica SCN400")
    expect(await rosaPage.getByTestId("slide-associated").count()).toBe(0)
    await snap(rosaPage, "scanner-more-leica-reviewer")
    for (const secret of SECRETS) expect(seen.some((body) => body.includes(secret))).toBe(false)
  }, 90_000)
})
