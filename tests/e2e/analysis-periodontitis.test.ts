// Periodontitis in the viewer, in Chromium against the real server (issue 24): a paid user opens a
// radiograph of three teeth drawn with 10 %, 25 % and 50 % bone loss (tests/support/planted-teeth.ts),
// puts the landmarks on each tooth with the point tool (the first tooth without a crest: it is found;
// the third's CEJ a few pixels into the enamel: it is snapped), selects each tooth's points in order
// and adds them as a tooth, gives the age, runs it, reads stage III/IV and grade C, each tooth's bone
// loss within 2 points, sees the landmarks and axes drawn, exports the CSV, and reads the result in
// Indonesian on a phone. Screenshots.
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SignedIn } from "../support/api.ts"
import { landmarksOf, threeTeeth } from "../support/planted-teeth.ts"
import { paidUser, radiographSlide } from "../server/support/analysis-api.ts"
import { openSlide, signInAs, snapWhenFailed, storedAnnotations, tool } from "./support/annotating.ts"
import { indonesianPhone, numberIn, panelState, summaryText, viewerPixels } from "./support/analysis-panel.ts"
import { expectAccessible } from "./support/a11y.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let labId = ""
let page: Page
let phone: Page | undefined
const MOUTH = threeTeeth(40)

/** Pixels of the tooth axes' green (#4ADE80): the grey radiograph has none. */
const greenPixels = (p: Page) => viewerPixels(p, (r, g, b) => g > 180 && r < 140 && b < 170 && g - r > 80)

/** Where an image pixel is on the page: the radiograph fits the viewer at home, centred. */
const screenOf = async (p: Page, point: { x: number; y: number }) => {
  const box = (await p.getByTestId("slide-viewer").boundingBox())!
  const scale = Math.min(box.width / MOUTH.width, box.height / MOUTH.height)
  return {
    x: box.x + (box.width - MOUTH.width * scale) / 2 + point.x * scale,
    y: box.y + (box.height - MOUTH.height * scale) / 2 + point.y * scale
  }
}

/** Each tooth's landmarks as the user clicks them: tooth 1 without a crest, tooth 3's CEJ 4 px into the enamel. */
const clicks = MOUTH.teeth.map((tooth, i) => {
  const l = landmarksOf(tooth)
  if (i === 0) return [l.cej, l.apex]
  if (i === 2) return [{ x: l.cej.x + 2, y: l.cej.y - 4 }, l.crest, l.apex]
  return [l.cej, l.crest, l.apex]
})

beforeAll(async () => {
  world = await startWorld()
  ada = await paidUser(world.server, "Ada Dentist")
  labId = await radiographSlide(world.server, ada, MOUTH)
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("analysis-periodontitis", () => ({ ada: page, phone }))

describe("periodontitis in the viewer", () => {
  it("a paid dentist places the landmarks, runs it, reads the stage and exports it", async () => {
    await signInAs(page, ada)
    await openSlide(page, labId)
    await settled(page)
    await tool(page, "Point").click()
    for (const point of clicks.flat()) {
      const before = (await storedAnnotations(world.server, labId, ada)).length
      const p = await screenOf(page, point)
      await page.mouse.click(p.x, p.y)
      await expect.poll(async () => (await storedAnnotations(world.server, labId, ada)).length, { timeout: 5_000 }).toBe(before + 1)
    }
    await snap(page, "analysis-periodontitis-points-laptop")

    await tool(page, "Pan and zoom").click()
    await tool(page, "AI analysis").click()
    await expect.poll(() => panelState(page), { timeout: 10_000 }).toBe("idle")
    await page.locator('[data-analysis="periodontitis"]').click()
    expect(await page.getByTestId("perio-add").isDisabled()).toBe(true)
    for (const [i, tooth] of clicks.entries()) {
      // The CEJ alone, then Shift+click the rest in order.
      for (const [j, point] of tooth.entries()) {
        const p = await screenOf(page, point)
        if (j === 1) await page.keyboard.down("Shift")
        await page.mouse.click(p.x, p.y)
      }
      await page.keyboard.up("Shift")
      await expect.poll(() => page.getByTestId("perio-selected").textContent()).toBe(`${tooth.length} points selected`)
      await page.getByTestId("perio-add").click()
      await expect.poll(() => page.getByTestId("perio-tooth").count()).toBe(i + 1)
    }
    expect(await page.getByTestId("perio-tooth").first().textContent()).toMatch(/^Tooth 1 CEJ [\d,]+, [\d,]+ · crest found · apex/)
    await page.getByTestId("perio-age").fill("40")
    expect(await page.getByTestId("analysis-run").textContent()).toBe("Run Periodontitis")
    await settled(page)
    await snap(page, "analysis-periodontitis-form-laptop")
    await expectAccessible(page, "the periodontitis form with three teeth")

    await page.getByTestId("analysis-run").click()
    await expect.poll(() => panelState(page), { timeout: 90_000 }).toBe("done")
    expect(await page.getByTestId("analysis-lead").textContent()).toBe("III/IV")
    expect(await summaryText(page, "grade")).toBe("C")
    for (const [i, tooth] of MOUTH.teeth.entries()) {
      const rbl = numberIn(await summaryText(page, `tooth_${i + 1}_rbl_pct`), ".")
      expect(Math.abs(rbl - tooth.rblPct)).toBeLessThan(2)
    }
    expect(await summaryText(page, "tooth_2_stage")).toBe("II")
    // The root along its outline is 12.06 mm; the tip of a root tapering to a point reads a little short.
    const root = await summaryText(page, "tooth_3_root_mm")
    expect(root).toMatch(/^\d+\.\d\d mm$/)
    expect(Math.abs(numberIn(root, ".") - 12.06)).toBeLessThan(0.25)
    await settled(page)
    await expect.poll(() => greenPixels(page), { timeout: 10_000 }).toBeGreaterThan(100)
    await snap(page, "analysis-periodontitis-results-laptop")
    await expectAccessible(page, "the periodontitis results")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("analysis-export").click()])
    expect(download.suggestedFilename()).toBe("radiograph.periodontitis.csv")
    const csv = await readFile((await download.path())!, "utf8")
    expect(csv).toContain("analysis,Periodontitis\r\n")
    expect(csv).toContain("Stage (AAP/EFP 2017),III/IV,\r\n")
    expect(csv).toContain("Grade,C,\r\n")
    expect(csv).toMatch(/Tooth 1: bone loss,(9|10|11)\.?\d*,%/)
  }, 240_000)

  it("shows the result in Indonesian on a phone", async () => {
    phone = await indonesianPhone(world.browser, world.server.url, ada, labId)
    expect(await phone.getByTestId("analysis-panel").textContent()).toMatch(
      /Stadium \(AAP\/EFP 2017\).*Gigi 3: kehilangan tulang.*Ekspor CSV/s
    )
    expect(await phone.getByTestId("analysis-lead").textContent()).toBe("III/IV")
    expect(await summaryText(phone, "tooth_3_root_mm")).toMatch(/^1[12],\d\d mm$/)
    await settled(phone)
    await snap(phone, "analysis-periodontitis-results-phone")
    // A new run: the form in Indonesian, the teeth still to be added.
    await phone.getByTestId("analysis-new").click()
    await phone.locator('[data-analysis="periodontitis"]').click()
    expect(await phone.getByTestId("analysis-form").textContent()).toMatch(/Belum ada gigi.*Usia pasien/s)
    await phone.getByTestId("perio-add").scrollIntoViewIfNeeded()
    await settled(phone)
    await snap(phone, "analysis-periodontitis-form-phone")
    await phone.context().close()
    phone = undefined
  }, 120_000)
})
