// The stroke analysis in the viewer, in Chromium against the real server (issue 24): a paid user opens
// a photograph of a TTC-stained brain slice drawn with known areas (tests/support/planted-infarct.ts,
// the right hemisphere swollen), chooses Stroke, gives the slice's midline and thickness, runs it, and reads the
// infarct %, the edema-corrected infarct and the volume, sees the infarct and both hemispheres
// outlined on the slide, exports the CSV, and reads the result in Indonesian on a phone. Screenshots.
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { paidUser, SLICE_MPP, strokeSlide } from "../server/support/analysis-api.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { chooseAnalysis, indonesianPhone, numberIn, panelState, shownCount, summaryText, viewerPixels } from "./support/analysis-panel.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let slide: Awaited<ReturnType<typeof strokeSlide>>
let page: Page
let phone: Page | undefined

const SLICE = {
  width: 1500,
  height: 1200,
  centre: [750, 600] as const,
  left: 450,
  right: 480,
  half: 375,
  infarct: { x: 975, y: 575, r: 150 }
}
const MM2 = (SLICE_MPP / 1000) ** 2

/** Pixels of the Infarct label's yellow (#FACC15) in the viewer: the outline as drawn over red and pale tissue. */
const yellowPixels = (p: Page) => viewerPixels(p, (r, g, b) => r > 200 && g > 170 && b < 90)

beforeAll(async () => {
  world = await startWorld()
  ada = await paidUser(world.server, "Ada Neurologist")
  slide = await strokeSlide(world.server, ada, SLICE)
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("analysis-stroke", () => ({ ada: page, phone }))

describe("the stroke analysis in the viewer", () => {
  it("a paid user measures the infarct of a TTC slice, corrected for edema, and exports it", async () => {
    await chooseAnalysis(page, ada, slide.labId, "stroke")
    expect(await page.getByTestId("analysis-run").textContent()).toBe("Run Stroke (TTC)")
    // The swollen slice is not symmetric: its midline is given (the drawn one, at x = 750).
    await page.getByTestId("stroke-midline").fill("750")
    await page.getByTestId("stroke-thickness").fill("2")
    await settled(page)
    await snap(page, "analysis-stroke-form-laptop")

    await page.getByTestId("analysis-run").click()
    await expect.poll(() => panelState(page), { timeout: 90_000 }).toBe("done")
    const { left, right, infarct } = slide.areas
    expect(Math.abs(numberIn((await page.getByTestId("analysis-lead").textContent()) ?? "", ".") - (100 * infarct) / right)).toBeLessThan(1)
    const corrected = left - (right - infarct)
    expect(Math.abs(numberIn(await summaryText(page, "corrected_infarct_pct"), ".") - (100 * corrected) / left)).toBeLessThan(1)
    expect(await summaryText(page, "infarct_area_mm2")).toMatch(/ mm²$/)
    expect(Math.abs(numberIn(await summaryText(page, "infarct_volume_mm3"), ".") - infarct * MM2 * 2) / (infarct * MM2 * 2)).toBeLessThan(
      0.03
    )
    // The infarct and both hemispheres, outlined.
    await expect.poll(() => shownCount(page), { timeout: 20_000 }).toBe(3)
    await settled(page)
    await expect.poll(() => yellowPixels(page), { timeout: 10_000 }).toBeGreaterThan(200)
    await snap(page, "analysis-stroke-results-laptop")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("analysis-export").click()])
    expect(download.suggestedFilename()).toBe("ttc-slice.stroke.csv")
    const csv = await readFile((await download.path())!, "utf8")
    expect(csv).toContain("analysis,Stroke (TTC)\r\n")
    expect(csv).toMatch(/Infarct \(% of hemisphere\),[\d.]+,%/)
    expect(csv).toMatch(/Infarct volume in this slice,[\d.]+,mm³/)
  }, 180_000)

  it("shows the result in Indonesian on a phone", async () => {
    phone = await indonesianPhone(world.browser, world.server.url, ada, slide.labId)
    expect(await phone.getByTestId("analysis-panel").textContent()).toMatch(/Infark terkoreksi edema.*Ekspor CSV/s)
    expect(await phone.getByTestId("analysis-lead").textContent()).toMatch(/^\d+,\d %$/)
    await settled(phone)
    await snap(phone, "analysis-stroke-results-phone")
    await phone.context().close()
    phone = undefined
  }, 120_000)
})
