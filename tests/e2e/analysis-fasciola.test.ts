// The Fasciola egg analysis in the viewer, in Chromium against the real server (issue 24): a paid
// user opens a stool-sediment image of planted eggs (tests/support/planted-eggs.ts: eggs, touching
// pairs, debris of other colours and sizes), chooses Fasciola, reads the published egg sizes as the
// defaults, gives the sample weight, runs it, sees every egg drawn on the slide as an ellipse and the
// count, eggs per gram and mean size in the summary, and exports it as CSV. Then in Indonesian on a
// phone: the result read back, a second run with a weight typed with a decimal comma. Screenshots of
// the form and the results on a laptop and a phone.
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { eggSlide, paidUser } from "../server/support/analysis-api.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { chooseAnalysis, indonesianPhone, numberIn, panelState, shownCount, summaryText, viewerPixels } from "./support/analysis-panel.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let slide: Awaited<ReturnType<typeof eggSlide>>
let page: Page
let phone: Page | undefined

/**
 * Pixels of the label's cyan (#00B4D8) in the viewer: the eggs' outlines as drawn. Nothing in the
 * stool image is near it (yellow-brown eggs, beige sediment, green and grey debris).
 */
const cyanPixels = (p: Page) => viewerPixels(p, (r, g, b) => r < 90 && g > 140 && b > 170)

beforeAll(async () => {
  world = await startWorld()
  ada = await paidUser(world.server, "Ada Parasitologist")
  slide = await eggSlide(world.server, ada, { touchingPairs: 2, seed: 5 })
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("analysis-fasciola", () => ({ ada: page, phone }))

describe("Fasciola eggs in the viewer", () => {
  it("a paid user runs Fasciola with a sample weight and reads the count and eggs per gram", async () => {
    await chooseAnalysis(page, ada, slide.labId, "fasciola")
    expect(await page.locator('[data-analysis="fasciola"]').getAttribute("aria-pressed")).toBe("true")
    // The published egg sizes are the defaults, with their units; the weight is empty (optional).
    expect(await page.getByTestId("fasciola-min-length").inputValue()).toBe("130")
    expect(await page.getByTestId("fasciola-max-length").inputValue()).toBe("150")
    expect(await page.getByTestId("fasciola-min-width").inputValue()).toBe("63")
    expect(await page.getByTestId("fasciola-max-width").inputValue()).toBe("90")
    expect(await page.getByTestId("fasciola-tolerance").inputValue()).toBe("10")
    expect(await page.getByTestId("fasciola-sample-weight").inputValue()).toBe("")
    const form = (await page.getByTestId("analysis-form").textContent()) ?? ""
    expect(form).toContain("Egg length")
    expect(form).toContain("µm")
    // A weight that is not one disables Run; a good one enables it.
    await page.getByTestId("fasciola-sample-weight").fill("0")
    expect(await page.getByTestId("analysis-run").isDisabled()).toBe(true)
    await page.getByTestId("fasciola-sample-weight").fill("0.5")
    expect(await page.getByTestId("analysis-run").textContent()).toBe("Run Fasciola")
    await settled(page)
    await snap(page, "analysis-fasciola-form-laptop")

    await page.getByTestId("analysis-run").click()
    await expect.poll(() => panelState(page), { timeout: 90_000 }).toBe("done")
    const planted = slide.eggs.length
    expect(Number(await page.getByTestId("analysis-lead").textContent())).toBe(planted)
    expect(numberIn(await summaryText(page, "eggs_per_gram"), ".")).toBe(planted / 0.5)
    expect(await summaryText(page, "eggs_per_gram")).toMatch(/ \/g$/)
    const meanLength = slide.eggs.reduce((s, e) => s + e.lengthUm, 0) / planted
    expect(Math.abs(numberIn(await summaryText(page, "mean_length_um"), ".") / meanLength - 1)).toBeLessThan(0.03)
    expect(await summaryText(page, "mean_width_um")).toMatch(/ µm$/)
    const rejected = slide.debris.speck + slide.debris.short + slide.debris.long + slide.debris.narrow
    expect(numberIn(await summaryText(page, "rejected"), ".")).toBe(rejected)
    // Every egg is drawn on the slide: one annotation each, under the analysis' label.
    await expect.poll(() => shownCount(page), { timeout: 20_000 }).toBe(planted)
    expect(await page.getByTestId("analysis-layer").textContent()).toContain("Fasciola egg")
    // Drawn: the outlines are on the slide, and go with the detections layer.
    await settled(page)
    await expect.poll(() => cyanPixels(page), { timeout: 10_000 }).toBeGreaterThan(2000)
    await page.getByTestId("analysis-layer-toggle").uncheck()
    await expect.poll(() => cyanPixels(page), { timeout: 10_000 }).toBeLessThan(50)
    await page.getByTestId("analysis-layer-toggle").check()
    await expect.poll(() => cyanPixels(page), { timeout: 10_000 }).toBeGreaterThan(2000)
    await settled(page)
    await snap(page, "analysis-fasciola-results-laptop")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("analysis-export").click()])
    expect(download.suggestedFilename()).toBe("stool.fasciola.csv")
    const csv = await readFile((await download.path())!, "utf8")
    expect(csv).toContain("analysis,Fasciola\r\n")
    expect(csv).toContain(`Fasciola eggs,${planted},`)
    expect(csv).toContain(`Eggs per gram (EPG),${planted / 0.5},/g`)
    expect(csv).toContain("Sample weight,0.5,g")
  }, 180_000)

  it("shows the result in Indonesian on a phone, and runs again with a weight in decimal comma", async () => {
    phone = await indonesianPhone(world.browser, world.server.url, ada, slide.labId)
    expect(await phone.getByTestId("analysis-panel").textContent()).toMatch(/Telur Fasciola.*Telur per gram \(EPG\).*Ekspor CSV/s)
    const planted = slide.eggs.length
    expect(Number(await phone.getByTestId("analysis-lead").textContent())).toBe(planted)
    // Indonesian writes the decimal comma.
    expect(await summaryText(phone, "mean_length_um")).toMatch(/^\d+,\d µm$/)
    await settled(phone)
    await snap(phone, "analysis-fasciola-results-phone")

    await phone.getByTestId("analysis-new").click()
    await phone.locator('[data-analysis="fasciola"]').click()
    expect(await phone.getByTestId("analysis-form").textContent()).toContain("Berat sampel (opsional)")
    await phone.getByTestId("fasciola-sample-weight").fill("0,25")
    expect(await phone.getByTestId("analysis-run").textContent()).toBe("Jalankan Fasciola")
    await settled(phone)
    await snap(phone, "analysis-fasciola-form-phone")
    await phone.getByTestId("analysis-run").click()
    await expect.poll(() => panelState(phone!), { timeout: 90_000 }).toBe("done")
    expect(numberIn(await summaryText(phone, "eggs_per_gram"), ",")).toBe(planted * 4)
    expect(await summaryText(phone, "sample_weight_g")).toBe("0,25 g")
    await phone.context().close()
    phone = undefined
  }, 180_000)
})
