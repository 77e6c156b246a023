// The compare viewer in Chromium against the real server: three slides opened side by side from the
// address (an H&E at 0.25 µm/px, a stain at 0.5 µm/px, a photo with no scale); zoom and pan in one
// pane move the others by the same physical amount at the same physical scale; with sync off one
// pane moves alone and, sync back on, keeps its shift; a fourth slide added through the picker; a
// fifth refused with the spec's message; a reload keeps the set; a phone in Indonesian. Each pane
// writes its view in the shared frame (µm, screen px per µm) on its viewer's `data-view`.
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible } from "./support/a11y.ts"
import { snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { viewerWorld } from "./support/viewer-world.ts"

const { w, signedInPage, installPyramid, markReady } = viewerWorld("compare")

type View = { x: number; y: number; zoom: number; rotation: number }

const panes = (page: Page) => page.getByTestId("compare-pane")
const viewerIn = (page: Page, i: number) => panes(page).nth(i).getByTestId("slide-viewer")
const viewsOf = async (page: Page): Promise<View[]> =>
  (
    await page
      .locator('[data-testid="compare-pane"] [data-testid="slide-viewer"]')
      .evaluateAll((all) => all.map((el) => (el as HTMLElement).dataset.view ?? ""))
  ).map((text) => {
    const [x, y, zoom, rotation] = text.split(",").map(Number)
    return { x: x!, y: y!, zoom: zoom!, rotation: rotation! }
  })
const allOpen = (page: Page, count: number) =>
  expect
    .poll(() => page.locator('[data-testid="compare-pane"] [data-testid="slide-viewer"][data-state="open"][data-view]').count(), {
      timeout: 30_000
    })
    .toBe(count)
/** The views once every viewer has stopped gliding. */
const still = async (page: Page): Promise<View[]> => {
  let last = JSON.stringify(await viewsOf(page))
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(250)
    const now = JSON.stringify(await viewsOf(page))
    if (now === last) break
    last = now
  }
  return JSON.parse(last)
}
const centreOf = async (page: Page, i: number) => {
  const box = (await viewerIn(page, i).boundingBox())!
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}
const drag = async (page: Page, i: number, dx: number, dy: number) => {
  const c = await centreOf(page, i)
  await page.mouse.move(c.x, c.y)
  await page.mouse.down()
  for (let step = 1; step <= 8; step++) await page.mouse.move(c.x + (dx * step) / 8, c.y + (dy * step) / 8)
  await page.mouse.up()
}
const wheel = async (page: Page, i: number, notches: number) => {
  const c = await centreOf(page, i)
  await page.mouse.move(c.x, c.y)
  for (let n = 0; n < notches; n++) {
    await page.mouse.wheel(0, -120)
    await page.waitForTimeout(60)
  }
}
const moved = (after: View, before: View) => ({ dx: after.x - before.x, dy: after.y - before.y })
/** Two panes moved by the same physical amount, within half a screen pixel. */
const expectSameMove = (a: { dx: number; dy: number }, b: { dx: number; dy: number }, zoom: number) => {
  expect(Math.abs(a.dx - b.dx) * zoom).toBeLessThan(1)
  expect(Math.abs(a.dy - b.dy) * zoom).toBeLessThan(1)
}

describe("compare viewer", () => {
  let page: Page
  let ids: { he: string; stain: string; photo: string; fourth: string; fifth: string }

  it("opens three slides side by side from the address, each with its name and scale", async () => {
    await w.server.withDb((db) =>
      db.updateTable("labs").set({ mpp: 0.5, name: "Liver CD68 IHC.tif" }).where("id", "=", w.slides.public).execute()
    )
    await markReady(w.slides.processing, await installPyramid())
    const spleen = await sharedSlide(w.server, w.ada, { folder: "Spleen", file: "Spleen CD20.jpg", dots: 300, mpp: 0.5 })
    ids = { he: w.slides.ready, stain: w.slides.public, photo: w.slides.noScale, fourth: w.slides.processing, fifth: spleen.slideId }

    page = await signedInPage(w.ada.email)
    await page.goto(`/dashboard/labs/compare?ids=${ids.he},${ids.stain},${ids.photo}`)
    await allOpen(page, 3)
    expect(await panes(page).locator("h2").allTextContents()).toEqual(["Liver H&E 40x.tif", "Liver CD68 IHC.tif", "Kidney photo.jpg"])
    // The photo records no scale: it says it follows by image size, and shows no scale bar.
    await expect.poll(() => panes(page).nth(2).getByTestId("compare-relative").count()).toBe(1)
    expect(await panes(page).nth(2).getByTestId("scale-unknown").count()).toBe(1)
    // Same physical scale on both measured slides: their bars read the same length.
    await expect.poll(() => panes(page).nth(0).getByTestId("scale-bar-label").textContent()).toMatch(/µm|mm/)
    await expect
      .poll(
        async () =>
          (await panes(page).nth(1).getByTestId("scale-bar-label").textContent()) ===
          (await panes(page).nth(0).getByTestId("scale-bar-label").textContent())
      )
      .toBe(true)
    const views = await still(page)
    expect(views[1]!.zoom / views[0]!.zoom).toBeCloseTo(1, 2)
    await snap(page, "c01-three-panes")
  })

  it("zooming and panning one pane moves the others by the same physical amount", async () => {
    const before = await still(page)
    await wheel(page, 0, 4)
    const zoomed = await still(page)
    expect(zoomed[0]!.zoom).toBeGreaterThan(before[0]!.zoom * 1.5)
    for (const view of zoomed.slice(1)) expect(view.zoom / zoomed[0]!.zoom).toBeCloseTo(1, 2)
    // The scale bars follow: the same length on the H&E and on the stain scanned at half its resolution.
    expect(await panes(page).nth(1).getByTestId("scale-bar-label").textContent()).toBe(
      await panes(page).nth(0).getByTestId("scale-bar-label").textContent()
    )

    await drag(page, 0, -160, -90)
    const panned = await still(page)
    const lead = moved(panned[0]!, zoomed[0]!)
    expect(Math.abs(lead.dx) * panned[0]!.zoom).toBeGreaterThan(100)
    for (const i of [1, 2]) expectSameMove(moved(panned[i]!, zoomed[i]!), lead, panned[0]!.zoom)
    await snap(page, "c02-synced")
  })

  it("with sync off a pane moves alone; sync back on, it keeps its shift", async () => {
    await page.getByTestId("compare-sync").click()
    expect(await page.getByTestId("compare-sync").getAttribute("aria-pressed")).toBe("false")
    const before = await still(page)
    await drag(page, 1, 120, 40)
    const alone = await still(page)
    expect(Math.abs(moved(alone[1]!, before[1]!).dx) * alone[1]!.zoom).toBeGreaterThan(60)
    expect(alone[0]).toEqual(before[0])
    expect(alone[2]).toEqual(before[2])

    await page.getByTestId("compare-sync").click()
    expect(await page.getByTestId("compare-sync").getAttribute("aria-pressed")).toBe("true")
    await drag(page, 0, 100, -60)
    const after = await still(page)
    const lead = moved(after[0]!, alone[0]!)
    expect(Math.abs(lead.dx) * after[0]!.zoom).toBeGreaterThan(60)
    // The stain moved with the H&E, and its shift from it is what the solo move left.
    expectSameMove(moved(after[1]!, alone[1]!), lead, after[0]!.zoom)
    expectSameMove(moved(after[2]!, alone[2]!), lead, after[0]!.zoom)

    // Turning one slide turns the others.
    await panes(page).nth(1).getByRole("button", { name: "Rotate right 90°" }).click()
    const turned = await still(page)
    expect(turned.map((view) => view.rotation)).toEqual([90, 90, 90])
  })

  it("adds a fourth slide through the picker; a fifth is refused with the spec's message", async () => {
    await page.getByRole("button", { name: "Add slide" }).click()
    const dialog = page.getByRole("dialog")
    await dialog.getByRole("searchbox").fill("Lung")
    await dialog.getByRole("button", { name: "Add Lung biopsy.svs" }).waitFor()
    await snap(page, "c03-picker")
    await expectAccessible(page, "c03-picker")
    await dialog.getByRole("button", { name: "Add Lung biopsy.svs" }).click()
    await allOpen(page, 4)
    expect(await page.getByTestId("compare-count").textContent()).toBe("4 of 4 slides")
    expect(new URL(page.url()).searchParams.get("ids")).toBe([ids.he, ids.stain, ids.photo, ids.fourth].join(","))
    // The new pane joins the others at their scale.
    const views = await still(page)
    expect(views[3]!.zoom / views[0]!.zoom).toBeCloseTo(1, 2)
    await snap(page, "c03-four-panes")
    await expectAccessible(page, "c03-four-panes")

    await page.getByRole("button", { name: "Add slide" }).click()
    await dialog.getByRole("searchbox").fill("Spleen")
    await dialog.getByRole("button", { name: "Add Spleen CD20.jpg" }).click()
    await expect.poll(() => page.getByText("Maximum of 4 viewers allowed").count()).toBe(1)
    expect(await panes(page).count()).toBe(4)
    await page.keyboard.press("Escape")
  })

  it("a reload keeps the set; a pane's remove button takes it out of the set and the address", async () => {
    await page.reload()
    await allOpen(page, 4)
    expect(await panes(page).locator("h2").allTextContents()).toEqual([
      "Liver H&E 40x.tif",
      "Liver CD68 IHC.tif",
      "Kidney photo.jpg",
      "Lung biopsy.svs"
    ])
    await page.getByRole("button", { name: "Remove Kidney photo.jpg from the comparison" }).click()
    await allOpen(page, 3)
    expect(new URL(page.url()).searchParams.get("ids")).toBe([ids.he, ids.stain, ids.fourth].join(","))
    await page.getByRole("button", { name: "Remove Lung biopsy.svs from the comparison" }).click()
    await allOpen(page, 2)
    await still(page)
    await snap(page, "c04-two-panes")
  })

  it("the slide viewer's Compare opens the comparison with the picker", async () => {
    await page.goto(`/dashboard/labs/${ids.he}/annotations`)
    await page.getByTestId("open-compare").click()
    await expect.poll(() => page.getByRole("dialog").getByText("Add a slide to compare").count()).toBe(1)
    expect(new URL(page.url()).searchParams.get("ids")).toBe(ids.he)
  })

  it("two slides selected in their folder open side by side from their menu", async () => {
    await page.goto(`/dashboard/labs/${w.folderId}`)
    await page.getByRole("checkbox", { name: "Select Liver H&E 40x.tif" }).check()
    await page.getByRole("checkbox", { name: "Select Liver CD68 IHC.tif" }).check()
    await page.getByText("Liver CD68 IHC.tif", { exact: true }).first().click({ button: "right" })
    await page.getByRole("menuitem", { name: "Compare side by side" }).click()
    await allOpen(page, 2)
    expect(new URL(page.url()).searchParams.get("ids")?.split(",").sort()).toEqual([ids.he, ids.stain].sort())
  })

  it("on a phone in Indonesian the panes stack, and a fifth from the address is refused", async () => {
    const phone = await signedInPage(w.ada.email, { width: 390, height: 844 })
    await phone.goto(`/id/dashboard/labs/compare?ids=${[ids.he, ids.stain, ids.photo, ids.fourth, ids.fifth].join(",")}`)
    await expect.poll(() => phone.getByText("Maksimal 4 penampil diperbolehkan").count()).toBe(1)
    await expect.poll(() => panes(phone).count()).toBe(4)
    expect(new URL(phone.url()).searchParams.get("ids")?.split(",")).toHaveLength(4)
    await allOpen(phone, 4)
    const [first, second] = [await panes(phone).nth(0).boundingBox(), await panes(phone).nth(1).boundingBox()]
    // One above the other, each the phone's width.
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height - 1)
    expect(first!.width).toBeGreaterThan(380)
    expect(await panes(phone).nth(2).getByTestId("compare-relative").textContent()).toBe("Tanpa skala: mengikuti ukuran gambar")
    await snap(phone, "c05-phone-id")
    // The notice goes by itself: the bar under it is the phone's.
    await expect.poll(() => phone.getByText("Maksimal 4 penampil diperbolehkan").count(), { timeout: 10_000 }).toBe(0)
    await phone.evaluate(() => window.scrollTo(0, 0))
    // The bar's buttons fit the phone's width.
    const add = await phone.getByRole("button", { name: "Tambah slide" }).boundingBox()
    expect(add!.x + add!.width).toBeLessThanOrEqual(390)
    await snap(phone, "c06-phone-id-bar")
  })
})
