// Image analysis in the viewer, in Chromium against the real server (issue 24): a paid user selects a
// region of a slide of planted nuclei (the generator the server tests use: a known count and Ki67
// share), opens the AI tool, runs Ki67 with QuPath's defaults, watches its progress and reads the
// index, which must be within 3 points of what was planted in the region; a reviewer on the same
// slide, on the free plan, sees the detections arrive live and the job end on their own panel, and
// is offered the upgrade when they try to run one. The detections hide as one layer, the summary
// exports as CSV, and the results go in one call. Screenshots of the panel on a laptop and a phone.
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type SignedIn } from "../support/api.ts"
import { positiveShare } from "../support/planted-nuclei.ts"
import { paidUser, plantedSlide } from "../server/support/analysis-api.ts"
import { person, share } from "../server/support/labs-api.ts"
import { openSlide, signInAs, snapWhenFailed, tool } from "./support/annotating.ts"
import { expectAccessible } from "./support/a11y.ts"
import { newContext, settled, snap } from "./support/browser.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let rosa: SignedIn
let slide: Awaited<ReturnType<typeof plantedSlide>>
let regionId = ""
let adaPage: Page
let rosaPage: Page

/** The region analysed: the left half of the slide, as a rectangle annotation. */
const REGION = { x: 0, y: 0, width: 1200, height: 1200 }

const shownCount = async (page: Page) => Number(((await page.getByTestId("annotation-count").textContent()) ?? "").replace(/[^\d]/g, ""))
const panelState = (page: Page) => page.getByTestId("analysis-panel").getAttribute("data-state")
const leadValue = async (page: Page) => Number(((await page.getByTestId("analysis-lead").textContent()) ?? "").replace(/[^\d.]/g, ""))
const summaryValue = async (page: Page, field: string) =>
  Number(
    ((await page.locator(`[data-testid="analysis-summary"] tr[data-field="${field}"] td`).nth(1).textContent()) ?? "").replace(
      /[^\d.]/g,
      ""
    )
  )

const openAnalysis = async (page: Page) => {
  await tool(page, "AI analysis").click()
  await page.getByRole("tab", { name: "AI", exact: true }).and(page.locator('[aria-selected="true"]')).waitFor()
  await expect.poll(() => panelState(page), { timeout: 10_000 }).not.toBe("loading")
}

beforeAll(async () => {
  world = await startWorld()
  ada = await paidUser(world.server, "Ada Analyst")
  rosa = await person(world.server, "Rosa Reviewer")
  slide = await plantedSlide(world.server, ada, { width: 2400, height: 1200, seed: 7 })
  await share(world.server, ada, slide.labId, rosa, "reviewer")
  const label = (
    await api(world.server).post("/v2/labs/label-slide/", { lab_id: slide.labId, name: "Tumour region" }, { token: ada.access })
  ).body.data
  const made = await api(world.server).post(
    `/v2/labs/${slide.labId}/v2/annotations/`,
    {
      data: [
        {
          id: crypto.randomUUID(),
          data: {
            type: "Annotation",
            body: [{ type: "TextualBody", purpose: "tagging", value: "Tumour region", label: { id: label.id } }],
            target: {
              source: slide.labId,
              selector: { type: "FragmentSelector", value: `xywh=pixel:${REGION.x},${REGION.y},${REGION.width},${REGION.height}` }
            }
          }
        }
      ]
    },
    { token: ada.access }
  )
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  regionId = made.body.data.results[0].id
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  rosaPage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("analysis", () => ({ ada: adaPage, rosa: rosaPage }))

/** The compact reads of Rosa's screen while the job runs (their query strings). */
const rosaReads: string[] = []

describe("image analysis in the viewer", () => {
  it("a paid user runs Ki67 on a selected region, watches it progress and reads the planted index", async () => {
    await signInAs(rosaPage, rosa)
    await openSlide(rosaPage, slide.labId)
    await openAnalysis(rosaPage)
    expect(await rosaPage.getByTestId("analysis-form").isVisible()).toBe(true)

    await signInAs(adaPage, ada)
    await openSlide(adaPage, slide.labId)
    // Select the region in the annotation list, then open the AI tool: the region is offered.
    await adaPage.locator(`[data-testid="annotation-row"][data-id="${regionId}"] button`).first().click()
    await openAnalysis(adaPage)
    // Only the analyses the server runs; the paid plan's analyses left.
    expect(await adaPage.locator("[data-analysis]").evaluateAll((els) => els.map((e) => e.getAttribute("data-analysis")))).toEqual([
      "ki67",
      "counting",
      "fasciola",
      "comet",
      "stroke",
      "imt",
      "periodontitis"
    ])
    expect(await adaPage.getByTestId("analysis-usage").textContent()).toBe("100 of 100 analyses left this period")
    expect(await adaPage.getByTestId("analysis-plus1").inputValue()).toBe("0.2")
    expect(await adaPage.getByTestId("analysis-plus3").inputValue()).toBe("0.6")
    const shape = adaPage.getByTestId("analysis-region-shape")
    expect(await shape.isEnabled()).toBe(true)
    await shape.check()
    await snap(adaPage, "analysis-form-laptop")

    // Every percent the bar shows, recorded in the page as it changes.
    await adaPage.evaluate(() => {
      const seen: Array<string> = []
      ;(window as unknown as { seenPercents: Array<string> }).seenPercents = seen
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="analysis-progress"] [role="progressbar"]')
        const value = bar?.getAttribute("aria-valuenow")
        if (value != null && seen.at(-1) !== value) seen.push(value)
      }).observe(document.body, { subtree: true, childList: true, attributes: true })
    })
    // What Rosa's screen reads of the slide while the detections arrive.
    rosaPage.on("request", (request) => {
      if (request.url().includes("/annotations/compact/")) rosaReads.push(new URL(request.url()).search)
    })
    await adaPage.getByTestId("analysis-run").click()
    await expect.poll(() => panelState(adaPage), { timeout: 90_000 }).toBe("done")
    const seen = await adaPage.evaluate(() => (window as unknown as { seenPercents: Array<string> }).seenPercents.map(Number))
    expect(seen.length, `percents seen: ${seen}`).toBeGreaterThan(0)
    expect(seen.some((p) => p < 100)).toBe(true)
    // It rises, never back.
    expect([...seen].sort((a, b) => a - b)).toEqual(seen)

    const inRegion = slide.nuclei.filter((n) => n.x < REGION.width && n.y < REGION.height)
    const index = await leadValue(adaPage)
    expect(Math.abs(index - positiveShare(inRegion)), `index ${index} against ${positiveShare(inRegion)}`).toBeLessThanOrEqual(3)
    const nuclei = await summaryValue(adaPage, "nuclei")
    expect(Math.abs(nuclei - inRegion.length) / inRegion.length).toBeLessThanOrEqual(0.03)
    expect(await summaryValue(adaPage, "h_score")).toBeGreaterThan(0)
    // The detections are on the slide: one per nucleus, beside the region.
    await expect.poll(() => shownCount(adaPage), { timeout: 20_000 }).toBe(nuclei + 1)
    await expect.poll(async () => adaPage.getByTestId("analysis-usage").textContent()).toBe("99 of 100 analyses left this period")
    // The requester hears that it ended: a toast now, and the bell worded as the system's.
    await adaPage.getByText("Your image analysis on planted.png has ended").waitFor({ timeout: 10_000 })
    await adaPage.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click()
    const item = adaPage.getByTestId("notification-item").filter({ hasText: "Your image analysis on a slide has ended" })
    await item.waitFor({ timeout: 10_000 })
    expect(await item.textContent()).toContain("planted.png")
    expect(await item.textContent()).not.toContain("Someone")
    await snap(adaPage, "analysis-notification-laptop")
    await adaPage
      .getByRole("button", { name: /^Close/ })
      .first()
      .click()
    await item.waitFor({ state: "hidden" })
    await settled(adaPage)
    await snap(adaPage, "analysis-results-laptop")
  }, 180_000)

  it("the second user on the slide saw the job progress and the detections arrive live", async () => {
    await expect.poll(() => panelState(rosaPage), { timeout: 20_000 }).toBe("done")
    expect(await leadValue(rosaPage)).toBe(await leadValue(adaPage))
    await expect.poll(() => shownCount(rosaPage), { timeout: 20_000 }).toBe(await shownCount(adaPage))
    // Each batch too large for its message brought only its own detections, never the whole slide again.
    expect(rosaReads.length).toBeGreaterThan(0)
    expect(rosaReads.every((query) => query.startsWith("?created_since="))).toBe(true)
    // The reviewer did not start it: no removing someone else's results.
    expect(await rosaPage.getByTestId("analysis-remove").count()).toBe(0)
  })

  it("hides the detections as one layer, and exports the summary as CSV", async () => {
    const toggle = adaPage.getByTestId("analysis-layer-toggle")
    expect(await toggle.isChecked()).toBe(true)
    await toggle.uncheck()
    await adaPage.getByRole("tab", { name: "Annotations" }).click()
    for (const name of ["Ki67 positive", "Ki67 negative"]) {
      const row = adaPage.locator(`[data-testid="label-row"][data-label="${name}"] [data-hidden]`).first()
      await expect.poll(() => row.getAttribute("data-hidden")).toBe("true")
    }
    expect(
      await adaPage.locator('[data-testid="label-row"][data-label="Tumour region"] [data-hidden]').first().getAttribute("data-hidden")
    ).toBe("false")
    await adaPage.getByRole("tab", { name: "AI", exact: true }).click()
    await adaPage.getByTestId("analysis-layer-toggle").check()

    const [download] = await Promise.all([adaPage.waitForEvent("download"), adaPage.getByTestId("analysis-export").click()])
    expect(download.suggestedFilename()).toBe("planted.ki67.csv")
    const csv = await readFile((await download.path())!, "utf8")
    expect(csv).toContain("analysis,IHC Ki67")
    expect(csv).toMatch(new RegExp(`Ki67 index,${(await leadValue(adaPage)).toString().replace(".", "\\.")}\\d*,%`))
    expect(csv).toContain(`Nuclei,${await summaryValue(adaPage, "nuclei")},`)
  })

  it("a nucleus chosen in the list shows its measurements, read-only", async () => {
    // Opened afresh, the slide comes from the compact read, which leaves a detection's measurements out.
    await openSlide(adaPage, slide.labId)
    await adaPage.getByRole("tab", { name: "Annotations" }).click()
    await adaPage.getByLabel("Filter by label").selectOption({ label: "Ki67 positive" })
    const row = adaPage.getByTestId("annotation-row").first()
    const id = await row.getAttribute("data-id")
    await row.locator("button").first().click()
    const selected = adaPage.locator(`[data-testid="selected-annotation"][data-id="${id}"]`)
    await selected.waitFor()
    // Read from the server when shown: the compact read leaves a detection's measurements out.
    const rows = selected.locator('[data-testid="detection-measurements"] > div')
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(4)
    expect(await rows.locator("dt").allTextContents()).toEqual(["Area µm^2", "DAB OD mean", "Hematoxylin OD mean", "Intensity"])
    expect(await rows.nth(3).locator("dd").textContent()).toMatch(/^[123]\+$/)
    expect(await selected.getByTestId("annotation-locked-note").textContent()).toContain("Made by an analysis")
    // Nothing to edit: no name or description field, no lock to lift, no delete.
    expect(await selected.getByRole("textbox").count()).toBe(0)
    expect(await selected.getByRole("button", { name: "Lock" }).count()).toBe(0)
    await snap(adaPage, "analysis-detection-selected")
    await expectAccessible(adaPage, "a selected detection's measurements")
    await adaPage.keyboard.press("Escape")
    await adaPage.getByLabel("Filter by label").selectOption({ label: "All labels" })
    await adaPage.getByRole("tab", { name: "AI", exact: true }).click()
    await expect.poll(() => panelState(adaPage), { timeout: 10_000 }).toBe("done")
  })

  it("a free user is offered the upgrade", async () => {
    await rosaPage.getByTestId("analysis-new").click()
    await rosaPage.getByTestId("analysis-run").click()
    const offer = rosaPage.getByTestId("analysis-upgrade")
    await offer.waitFor({ timeout: 10_000 })
    expect(await offer.textContent()).toContain("AI analysis is a paid feature")
    expect(await rosaPage.getByTestId("analysis-upgrade-link").getAttribute("href")).toBe("/dashboard/pricing")
    await snap(rosaPage, "analysis-upgrade-laptop")
  })

  it("shows the panel on a phone, in Indonesian", async () => {
    const phone = await (
      await world.browser.newContext({ baseURL: world.server.url, viewport: { width: 390, height: 844 }, locale: "en-US" })
    ).newPage()
    await signInAs(phone, ada)
    await phone.goto(`/id/dashboard/labs/${slide.labId}/annotations?panel=analysis`)
    await phone.getByTestId("analysis-results").waitFor({ timeout: 20_000 })
    expect(await phone.getByTestId("analysis-panel").textContent()).toMatch(/Analisis gambar.*Indeks Ki67.*Ekspor CSV/s)
    await phone.getByTestId("analysis-lead").waitFor()
    // Indonesian writes the decimal comma.
    expect(await phone.getByTestId("analysis-lead").textContent()).toMatch(/^\d+,\d %$/)
    await settled(phone)
    await snap(phone, "analysis-results-phone")
    // A nucleus chosen on the phone: its measurements and why it is read-only, in Indonesian.
    await phone.getByRole("tab", { name: "Anotasi" }).click()
    await phone.getByLabel("Saring menurut label").selectOption({ label: "Ki67 positive" })
    await phone.getByTestId("annotation-row").first().locator("button").first().click()
    await phone.getByTestId("detection-measurements").waitFor({ timeout: 10_000 })
    expect(await phone.getByTestId("detection-fields").textContent()).toContain("Dibuat oleh analisis")
    await snap(phone, "analysis-detection-phone")
    await phone.context().close()
  })

  it("removes the results in one call, for everyone on the slide", async () => {
    await adaPage.getByTestId("analysis-remove").click()
    await expect.poll(() => panelState(adaPage), { timeout: 10_000 }).toBe("idle")
    expect(await adaPage.getByRole("status").filter({ hasText: "detections removed" }).count()).toBe(1)
    await expect.poll(() => shownCount(adaPage), { timeout: 10_000 }).toBe(1)
    await expect.poll(() => shownCount(rosaPage), { timeout: 10_000 }).toBe(1)
  })
})
