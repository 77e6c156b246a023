// Carotid IMT in the viewer, in Chromium against the real server (issue 24): a paid user opens a
// B-mode image of a far wall drawn with a known thickness (tests/support/planted-wall.ts), selects the
// rectangle drawn over the wall, chooses Carotid IMT on that shape, runs it, reads the mean IMT
// within 0.05 mm, sees both interfaces traced on the image, exports the CSV, and reads the result in
// Indonesian on a phone. Screenshots.
import { randomUUID } from "node:crypto"
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { curvedWall } from "../support/planted-wall.ts"
import { imtSlide, paidUser } from "../server/support/analysis-api.ts"
import { createLabel, postAnnotations, rect, webAnnotation } from "../server/support/annotations-api.ts"
import { openSlide, signInAs, snapWhenFailed, tool } from "./support/annotating.ts"
import { indonesianPhone, numberIn, panelState, summaryText, viewerPixels } from "./support/analysis-panel.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let labId = ""
let regionId = ""
let page: Page
let phone: Page | undefined
const WALL = curvedWall(800, 600, 50, 0.8)

/** Pixels of the lumen-intima trace's pink (#F472B6): grey ultrasound and the yellow region have none (about 80 at this zoom). */
const pinkPixels = (p: Page) => viewerPixels(p, (r, g, b) => r > 200 && g < 150 && b > 140 && r - g > 80)

beforeAll(async () => {
  world = await startWorld()
  ada = await paidUser(world.server, "Ada Sonographer")
  labId = await imtSlide(world.server, ada, WALL)
  const label = await createLabel(world.server, ada, labId, "Far wall", "#FACC15")
  regionId = randomUUID()
  const posted = await postAnnotations(world.server, ada, labId, [
    { id: regionId, data: webAnnotation(label.id, rect(100, 200, 600, 160)) }
  ])
  expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300)
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("analysis-imt", () => ({ ada: page, phone }))

describe("carotid IMT in the viewer", () => {
  it("a paid user measures the far wall in a selected rectangle and exports it", async () => {
    await signInAs(page, ada)
    await openSlide(page, labId)
    await page.locator(`[data-testid="annotation-row"][data-id="${regionId}"] button`).first().click()
    await tool(page, "AI analysis").click()
    await expect.poll(() => panelState(page), { timeout: 10_000 }).toBe("idle")
    await page.locator('[data-analysis="imt"]').click()
    expect(await page.getByTestId("imt-min").inputValue()).toBe("0.3")
    await page.getByTestId("analysis-region-shape").check()
    expect(await page.getByTestId("analysis-run").textContent()).toBe("Run Carotid IMT")
    await settled(page)
    await snap(page, "analysis-imt-form-laptop")

    await page.getByTestId("analysis-run").click()
    await expect.poll(() => panelState(page), { timeout: 90_000 }).toBe("done")
    const mean = numberIn((await page.getByTestId("analysis-lead").textContent()) ?? "", ".")
    expect(Math.abs(mean - 0.8)).toBeLessThan(0.05)
    // Read to the hundredth of a millimetre.
    expect(await summaryText(page, "imt_max_mm")).toMatch(/^0\.\d\d mm$/)
    expect(await summaryText(page, "columns")).toBe("600")
    await settled(page)
    await expect.poll(() => pinkPixels(page), { timeout: 10_000 }).toBeGreaterThan(40)
    await snap(page, "analysis-imt-results-laptop")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("analysis-export").click()])
    expect(download.suggestedFilename()).toBe("carotid.imt.csv")
    const csv = await readFile((await download.path())!, "utf8")
    expect(csv).toContain("analysis,Carotid IMT\r\n")
    expect(csv).toMatch(/Mean IMT,0\.[78]\d*,mm/)
  }, 180_000)

  it("shows the result in Indonesian on a phone", async () => {
    phone = await indonesianPhone(world.browser, world.server.url, ada, labId)
    expect(await phone.getByTestId("analysis-panel").textContent()).toMatch(/IMT rata-rata.*Ekspor CSV/s)
    expect(await phone.getByTestId("analysis-lead").textContent()).toMatch(/^0,\d\d mm$/)
    await settled(phone)
    await snap(phone, "analysis-imt-results-phone")
    await phone.context().close()
    phone = undefined
  }, 120_000)
})
