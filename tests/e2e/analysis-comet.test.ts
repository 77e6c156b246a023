// The comet assay in the viewer, in Chromium against the real server (issue 24): a paid user opens a
// fluorescence image of planted comets of known % DNA in tail (tests/support/planted-comets.ts),
// chooses Comet, runs it with the defaults, sees every comet boxed on the slide and the count, the mean
// and median % DNA in tail and the tail moments in the summary (in pixels: the image has no
// resolution), and exports them as CSV; then reads them in Indonesian on a phone. Screenshots.
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { meanAndMedian } from "../../server/ai/comet/comet.ts"
import type { SignedIn } from "../support/api.ts"
import { cometSlide, paidUser } from "../server/support/analysis-api.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { chooseAnalysis, indonesianPhone, numberIn, panelState, shownCount, summaryText, viewerPixels } from "./support/analysis-panel.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let slide: Awaited<ReturnType<typeof cometSlide>>
let page: Page
let phone: Page | undefined

/** Pixels of the Comet label's rose (#F43F5E) in the viewer: the boxes as drawn (the comets are green). */
const rosePixels = (p: Page) => viewerPixels(p, (r, g, b) => r > 180 && g < 120 && b > 50)

beforeAll(async () => {
  world = await startWorld()
  ada = await paidUser(world.server, "Ada Geneticist")
  slide = await cometSlide(world.server, ada)
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("analysis-comet", () => ({ ada: page, phone }))

describe("the comet assay in the viewer", () => {
  it("a paid user runs the comet assay and reads % DNA in tail for the population", async () => {
    await chooseAnalysis(page, ada, slide.labId, "comet")
    expect(await page.getByTestId("comet-threshold").inputValue()).toBe("25")
    // No resolution: areas in px².
    expect(await page.getByTestId("analysis-form").textContent()).toContain("px²")
    expect(await page.getByTestId("analysis-run").textContent()).toBe("Run Comet")
    await settled(page)
    await snap(page, "analysis-comet-form-laptop")

    await page.getByTestId("analysis-run").click()
    await expect.poll(() => panelState(page), { timeout: 90_000 }).toBe("done")
    const planted = slide.comets.length
    expect(Number(await page.getByTestId("analysis-lead").textContent())).toBe(planted)
    const truth = meanAndMedian(slide.comets.map((c) => c.tailDnaPct))
    expect(Math.abs(numberIn(await summaryText(page, "mean_tail_dna_pct"), ".") - truth.mean!)).toBeLessThan(1.5)
    expect(Math.abs(numberIn(await summaryText(page, "median_tail_dna_pct"), ".") - truth.median!)).toBeLessThan(2)
    expect(await summaryText(page, "mean_tail_length")).toMatch(/ px$/)
    expect(await summaryText(page, "median_olive_moment")).toMatch(/^[\d.]+ px$/)
    await expect.poll(() => shownCount(page), { timeout: 20_000 }).toBe(planted)
    await settled(page)
    await expect.poll(() => rosePixels(page), { timeout: 10_000 }).toBeGreaterThan(1000)
    await snap(page, "analysis-comet-results-laptop")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("analysis-export").click()])
    expect(download.suggestedFilename()).toBe("comets.comet.csv")
    const csv = await readFile((await download.path())!, "utf8")
    expect(csv).toContain("analysis,Comet\r\n")
    expect(csv).toContain(`Comets,${planted},`)
    expect(csv).toMatch(/Median % DNA in tail,[\d.]+,%/)
    expect(csv).toMatch(/Mean Olive tail moment,[\d.]+,px/)
  }, 180_000)

  it("shows the result in Indonesian on a phone", async () => {
    phone = await indonesianPhone(world.browser, world.server.url, ada, slide.labId)
    expect(await phone.getByTestId("analysis-panel").textContent()).toMatch(/Komet.*Median % DNA di ekor.*Ekspor CSV/s)
    expect(Number(await phone.getByTestId("analysis-lead").textContent())).toBe(slide.comets.length)
    expect(await summaryText(phone, "mean_tail_dna_pct")).toMatch(/^\d+,\d %$/)
    await settled(phone)
    await snap(phone, "analysis-comet-results-phone")
    await phone.context().close()
    phone = undefined
  }, 120_000)
})
