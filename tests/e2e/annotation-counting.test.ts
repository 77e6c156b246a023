// Counting cells and the slide's labels in Chromium against the real server, as a pathologist does the
// manual Ki67 count: the label made with the first point is listed once; labels made in the panel
// take distinct colours (the spec's yellow first); points of a positive and a negative label are
// counted live with the index positive / (positive + negative); a comment made while a label is
// active is not counted; the slide, which records no resolution, is calibrated by its owner from a
// ruler line, after which the scale bar shows and the counts have a density; the CSV download holds
// the counts, the index and every annotation's measurements; deleting a label says whose shapes go,
// and its deleter undoes it: the label and its shapes come back with their ids, authors and versions.
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LABEL_PALETTE } from "../../src/annotation/palette.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { at, drag, openSlide, signInAs, snapWhenFailed, storedAnnotations, tool } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { showSidePanel } from "./support/slide-viewer.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let rosa: SignedIn
let slideId = ""
let adaPage: Page
let rosaPage: Page

const labelRows = (page: Page) => page.getByTestId("label-row")
const labelRow = (page: Page, name: string) => page.locator(`[data-testid="label-row"][data-label="${name}"]`)
const labelCount = async (page: Page, name: string) => Number(await labelRow(page, name).getByTestId("label-count").textContent())
const countsRow = (page: Page, name: string) => page.locator(`[data-testid="counts-row"][data-label="${name}"]`)
const countOf = async (page: Page, name: string) => Number(await countsRow(page, name).getByTestId("counts-count").textContent())
const indexText = (page: Page) => page.getByTestId("counts-index-value").textContent()
const stored = () => storedAnnotations(world.server, slideId, ada)
const labelsOf = async () => {
  const reply = await api(world.server).get(`/v2/labs/label-slide/?lab_id=${slideId}&page=1&limit=1000`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results as Array<{ id: string; name: string; color: string }>
}
const notSaving = (page: Page) =>
  expect.poll(async () => (await page.getByTestId("annotation-count").textContent()) ?? "", { timeout: 10_000 }).not.toContain("Saving")

const activate = async (page: Page, name: string) => {
  const main = labelRow(page, name).locator("button[aria-pressed]")
  await main.click()
  await expect.poll(() => main.getAttribute("aria-pressed")).toBe("true")
}

/** Clicks points at these fractions of the viewer with the point tool, each saved before the next. */
const clickPoints = async (page: Page, spots: ReadonlyArray<readonly [number, number]>) => {
  await tool(page, "Point").click()
  for (const [fx, fy] of spots) {
    const before = (await stored()).length
    const p = await at(page, fx, fy)
    await page.mouse.click(p.x, p.y)
    await expect.poll(async () => (await stored()).length, { timeout: 5_000 }).toBe(before + 1)
    await notSaving(page)
  }
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.counting@example.org" })
  rosa = await createSignedIn(world.server, { name: "Rosalind Franklin", email: "rosa.counting@example.org" })
  // A JPEG records no scale: the slide starts without a resolution.
  const made = await sharedSlide(world.server, ada, { folder: "Ki67 cases", file: "Breast Ki67.jpg", dots: 160 })
  slideId = made.slideId
  await share(world.server, ada, made.folderId, rosa, "reviewer")
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  rosaPage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("counting", () => ({ ada: adaPage, rosa: rosaPage }))

describe("counting and labels", () => {
  it("the label made with the slide's first point is listed once", async () => {
    await signInAs(adaPage, ada)
    await openSlide(adaPage, slideId)
    expect(await labelRows(adaPage).count()).toBe(0)
    await clickPoints(adaPage, [[0.3, 0.3]])
    await labelRow(adaPage, "Annotation").waitFor()
    // Both the save's answer and the channel's label message have arrived: still one row.
    await expect.poll(async () => (await labelsOf()).length).toBe(1)
    await adaPage.waitForTimeout(1_500)
    expect(await labelRows(adaPage).count()).toBe(1)
    expect(await labelCount(adaPage, "Annotation")).toBe(1)
  }, 60_000)

  it("labels made in the panel take distinct colours, the spec's yellow first", async () => {
    for (const name of ["Ki67 positive", "Ki67 negative"]) {
      await adaPage.getByRole("button", { name: "New label" }).click()
      await adaPage.getByLabel("Label name").fill(name)
      await adaPage.getByRole("button", { name: "Create", exact: true }).click()
      await labelRow(adaPage, name).waitFor()
    }
    expect(await labelRows(adaPage).count()).toBe(3)
    const colors = (await labelsOf()).map((l) => [l.name, l.color])
    expect(colors.sort()).toEqual([
      ["Annotation", LABEL_PALETTE[0]],
      ["Ki67 negative", LABEL_PALETTE[2]],
      ["Ki67 positive", LABEL_PALETTE[1]]
    ])
    expect(LABEL_PALETTE[0]).toBe("#FFFF00")
  }, 60_000)

  it("counts each label's points live with the Ki67 index; a comment made while a label is active is not counted", async () => {
    await activate(adaPage, "Ki67 positive")
    await clickPoints(adaPage, [
      [0.4, 0.3],
      [0.45, 0.35],
      [0.5, 0.3]
    ])
    await activate(adaPage, "Ki67 negative")
    await clickPoints(adaPage, [[0.55, 0.4]])
    await adaPage.getByTestId("counts-panel").getByRole("button", { name: "Counts" }).click()
    await expect.poll(() => countOf(adaPage, "Ki67 positive")).toBe(3)
    await expect.poll(() => countOf(adaPage, "Ki67 negative")).toBe(1)
    // The pair is taken from the label names; 3 / (3 + 1).
    await expect.poll(() => indexText(adaPage)).toBe("75.0 %")

    // A comment while "Ki67 negative" is active: saved, listed, and counted nowhere.
    await tool(adaPage, "Comment").click()
    const before = (await stored()).length
    const spot = await at(adaPage, 0.6, 0.45)
    await adaPage.mouse.click(spot.x, spot.y)
    await adaPage.getByRole("textbox", { name: "Comment", exact: true }).waitFor()
    await adaPage.keyboard.type("Mitosis? Check at 40x")
    await adaPage.keyboard.press("Enter")
    await expect.poll(async () => (await stored()).length, { timeout: 5_000 }).toBe(before + 1)
    await notSaving(adaPage)
    await expect.poll(() => adaPage.getByTestId("annotation-row").count()).toBe(before + 1)
    expect(await labelCount(adaPage, "Ki67 negative")).toBe(1)
    expect(await countOf(adaPage, "Ki67 negative")).toBe(1)
    expect(await indexText(adaPage)).toBe("75.0 %")
    // It took the slide's comment label, made now, not the active one; which stays active.
    const pin = (await stored()).find((a) => a.data.body[1]?.value === "Mitosis? Check at 40x")
    expect(pin?.data.body[0].value).toBe("Comment")
    await labelRow(adaPage, "Comment").waitFor()
    expect(await labelCount(adaPage, "Comment")).toBe(0)
    expect(await labelRow(adaPage, "Comment").getByTestId("label-comments").textContent()).toContain("1")
    expect(await labelRow(adaPage, "Ki67 negative").locator("button[aria-pressed]").getAttribute("aria-pressed")).toBe("true")

    // One more negative cell: the index follows at once.
    await clickPoints(adaPage, [[0.35, 0.5]])
    await expect.poll(() => indexText(adaPage)).toBe("60.0 %")
    expect(await adaPage.getByTestId("counts-area").textContent()).toContain("does not record its microns per pixel")
    await snap(adaPage, "counting-01-ki67-index-without-scale")
    await expectAccessible(adaPage, "the counts panel")
  }, 90_000)

  it("the owner calibrates the slide from a ruler line: the scale bar shows and counts get a density", async () => {
    await adaPage.getByTestId("scale-unknown").waitFor()
    // No ruler line yet: the microns can be typed in; a value out of range is refused here.
    const typed = adaPage.getByTestId("calibrate-mpp")
    await typed.getByLabel("Microns per pixel").fill("0")
    await typed.getByRole("button", { name: "Save" }).click()
    await adaPage.getByText("Type a number of microns above 0 and at most 50.").waitFor()

    await tool(adaPage, "Measure").click()
    const from = await at(adaPage, 0.2, 0.8)
    await drag(adaPage, from, { x: from.x + 300, y: from.y }, 12)
    const line = adaPage.getByTestId("calibrate-line")
    await line.waitFor()
    const px = Number(((await line.textContent()) ?? "").match(/is ([\d,]+) px/)?.[1]?.replace(/,/g, ""))
    expect(px).toBeGreaterThan(0)
    await line.getByRole("textbox").fill("250")
    await snap(adaPage, "counting-02-calibrate-from-line")
    await line.getByRole("button", { name: "Calibrate from this line" }).click()
    await adaPage.getByText("Resolution saved.").first().waitFor()
    const mpp = (await api(world.server).get(`/v2/labs/${slideId}/`, { token: ada.access })).body.data.mpp
    // The panel rounds the pixels it shows; the line's own length gave the value.
    expect(mpp).toBeCloseTo(250 / px, 2)
    await adaPage.getByTestId("scale-bar").waitFor()
    await adaPage.keyboard.press("Escape")
    await expect.poll(() => adaPage.getByTestId("counts-area").textContent()).toMatch(/^Region: [\d.,]+ mm²$/)
    const density = await countsRow(adaPage, "Ki67 positive").locator("td").nth(2).textContent()
    expect(density).not.toBe("–")
    // 2400 × 1600 px at that mpp: 3 points over the slide's area.
    const areaMm2 = (2400 * 1600 * mpp * mpp) / 1_000_000
    expect(Number(density!.replace(/,/g, ""))).toBeCloseTo(3 / areaMm2, 0)
    await snap(adaPage, "counting-03-counts-with-density")
  }, 90_000)

  it("a reviewer is offered no calibration, and adds a negative cell that Ada's count takes live", async () => {
    await signInAs(rosaPage, rosa)
    await openSlide(rosaPage, slideId)
    await rosaPage.getByTestId("scale-bar").waitFor()
    await tool(rosaPage, "Measure").click()
    const from = await at(rosaPage, 0.2, 0.7)
    await drag(rosaPage, from, { x: from.x + 200, y: from.y }, 8)
    await rosaPage.waitForTimeout(300)
    expect(await rosaPage.getByTestId("calibrate-panel").count()).toBe(0)
    await rosaPage.keyboard.press("Escape")
    await activate(rosaPage, "Ki67 negative")
    await clickPoints(rosaPage, [[0.65, 0.6]])
    await expect.poll(() => countOf(adaPage, "Ki67 negative"), { timeout: 5_000 }).toBe(3)
    await expect.poll(() => indexText(adaPage)).toBe("50.0 %")
  }, 60_000)

  it("the CSV holds the counts, the index and every annotation's measurements", async () => {
    const downloading = adaPage.waitForEvent("download")
    await adaPage.getByRole("button", { name: "Export CSV" }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe("Breast Ki67.counts.csv")
    const csv = (await readFile((await download.path())!)).toString("utf8")
    const lines = csv.split("\r\n")
    expect(lines[0]).toBe("region,Whole slide")
    expect(lines).toContain("label,count,per_mm2")
    expect(lines.find((l) => l.startsWith("Ki67 positive,"))).toMatch(/^Ki67 positive,3,[\d.]+$/)
    expect(lines.find((l) => l.startsWith("Ki67 negative,"))).toMatch(/^Ki67 negative,3,[\d.]+$/)
    expect(lines).toContain("index_percent,50")
    expect(lines).toContain("id,kind,label,author,points,area_um2,perimeter_um,length_um,comment")
    const annotations = await stored()
    const rows = lines
      .slice(lines.indexOf("id,kind,label,author,points,area_um2,perimeter_um,length_um,comment") + 1)
      .filter((l) => l !== "")
    expect(rows).toHaveLength(annotations.length)
    expect(rows.filter((r) => r.includes(",comment,"))).toEqual([expect.stringContaining("Mitosis? Check at 40x")])
    expect(rows.filter((r) => r.includes("Rosalind Franklin"))).toHaveLength(1)
  }, 60_000)

  it("counts within a chosen region: only the cells inside a rectangle, with its area's density", async () => {
    const points = (await stored())
      .filter((a) => a.data.body[0].label.name === "Ki67 positive")
      .map((a) => /cx='([^']+)' cy='([^']+)'/.exec(a.data.target.selector.value)!)
      .map((m) => ({ x: Number(m[1]), y: Number(m[2]) }))
    expect(points).toHaveLength(3)
    const [minX, maxX] = [Math.min(...points.map((p) => p.x)) - 4, Math.max(...points.map((p) => p.x)) + 4]
    const [minY, maxY] = [Math.min(...points.map((p) => p.y)) - 4, Math.max(...points.map((p) => p.y)) + 4]
    const annotation = (await labelsOf()).find((l) => l.name === "Annotation")!
    const box = `xywh=pixel:${minX},${minY},${maxX - minX},${maxY - minY}`
    const reply = await api(world.server).post(
      `/v2/labs/${slideId}/v2/annotations/`,
      {
        data: [
          {
            id: crypto.randomUUID(),
            data: {
              type: "Annotation",
              body: [{ type: "TextualBody", purpose: "tagging", value: "Annotation", label: { id: annotation.id } }],
              target: { source: slideId, selector: { type: "FragmentSelector", value: box } }
            }
          }
        ]
      },
      { token: ada.access }
    )
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const region = adaPage.getByTestId("counts-panel").getByLabel("Region")
    await expect.poll(() => region.locator("option").count(), { timeout: 5_000 }).toBe(2)
    await region.selectOption({ label: "Annotation #1" })
    await expect.poll(() => countOf(adaPage, "Ki67 positive")).toBe(3)
    expect(await countOf(adaPage, "Ki67 negative")).toBe(0)
    expect(await indexText(adaPage)).toBe("100.0 %")
    const mpp = (await api(world.server).get(`/v2/labs/${slideId}/`, { token: ada.access })).body.data.mpp
    const areaMm2 = ((maxX - minX) * (maxY - minY) * mpp * mpp) / 1_000_000
    const density = await countsRow(adaPage, "Ki67 positive").locator("td").nth(2).textContent()
    expect(Number(density!.replace(/,/g, "")) / (3 / areaMm2)).toBeCloseTo(1, 2)
    await snap(adaPage, "counting-08-region")
    await region.selectOption({ label: "Whole slide" })
    await expect.poll(() => countOf(adaPage, "Ki67 negative")).toBe(3)
  }, 60_000)

  it("deleting a label names how many shapes of whose go", async () => {
    await labelRow(adaPage, "Ki67 negative").getByRole("button", { name: "Delete Ki67 negative" }).click()
    const dialog = adaPage.getByRole("dialog")
    // Two of Ada's cells and Rosalind's (the comment is under its own label).
    await dialog.getByText("Its 3 annotations are deleted with it, for everyone. You can undo it for a day.").waitFor()
    const authors = dialog.getByTestId("label-delete-authors").locator("li")
    expect(await authors.allTextContents()).toEqual(["2 by You", "1 by Rosalind Franklin"])
    await snap(adaPage, "counting-04-delete-label-authors")
    await expectAccessible(adaPage, "the label deletion dialog")
    const before = (await stored()).filter((a) => a.data.body[0].label.name === "Ki67 negative")
    expect(before).toHaveLength(3)
    await dialog.getByRole("button", { name: "Delete label" }).click()
    await labelRow(adaPage, "Ki67 negative").waitFor({ state: "detached" })
    await expect.poll(() => countsRow(adaPage, "Ki67 negative").count()).toBe(0)
    expect((await stored()).filter((a) => a.data.body[0].label.name === "Ki67 negative")).toHaveLength(0)
    // Rosalind's screen loses them too.
    await labelRow(rosaPage, "Ki67 negative").waitFor({ state: "detached", timeout: 5_000 })

    // Undo, from the toast: the label and all three shapes come back with their ids and authors.
    await snap(adaPage, "counting-05-label-deleted-undo-offered")
    await adaPage.getByRole("button", { name: "Undo delete", exact: true }).click()
    await adaPage.getByText("Ki67 negative is back with 3 annotations.").waitFor()
    await labelRow(adaPage, "Ki67 negative").waitFor()
    const after = (await stored()).filter((a) => a.data.body[0].label.name === "Ki67 negative")
    const key = (a: { id: string; version: number; user: { id: string } }) => `${a.id} ${a.version} ${a.user.id}`
    expect(after.map(key).sort()).toEqual(before.map(key).sort())
    await expect.poll(() => labelCount(adaPage, "Ki67 negative")).toBe(3)
    await expect.poll(() => indexText(adaPage)).toBe("50.0 %")
    // The other screen hears of the label again.
    await labelRow(rosaPage, "Ki67 negative").waitFor({ timeout: 5_000 })
    await snap(adaPage, "counting-06-label-restored")
  }, 60_000)

  it("the counts speak Indonesian", async () => {
    await adaPage.goto(`/id/dashboard/labs/${slideId}/annotations`)
    await adaPage.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 20_000 })
    await showSidePanel(adaPage)
    const panel = adaPage.getByTestId("counts-panel")
    await panel.getByRole("button", { name: "Hitungan" }).click()
    await panel.getByText("Indeks: positif / (positif + negatif)").waitFor()
    await panel.getByRole("button", { name: "Ekspor CSV" }).waitFor()
    await snap(adaPage, "counting-07-indonesian")
  }, 60_000)
})
