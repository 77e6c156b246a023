// An annotation's own name, description and lock (QuPath's name, description and isLocked) in
// Chromium against the real server, with two people on one slide: Ada (the owner) names a shape,
// describes it and locks it in the selected-annotation panel, each saved as an edit she can undo;
// locked, its handles are gone, a drag moves nothing and Delete says it is locked instead of
// deleting; a lock she did not hear of meets the server's 409, said as a lock. Grace (an admin of the
// folder) sees the name and the lock live; a reviewer reads them with nothing to change; after a
// reload all is kept; an imported shape says who drew it and when; the QuPath export carries name,
// description and isLocked. Screenshots at 1440x900 and on a 390 px phone in Indonesian.
import { randomUUID } from "node:crypto"
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import { propsOf } from "../../src/annotation/props.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { createLabel, newAnnotation, polygon, postAnnotations } from "../server/support/annotations-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { at, drag, openSlide as openSlideOf, signInAs as signIn, storedAnnotations, tool, snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { showSidePanel } from "./support/slide-viewer.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let slideId = ""
let folderId = ""
let adaPage: Page
let gracePage: Page

/** The region in the middle of the slide (2400 x 1600), and a small imported one in its corner. */
const region = {
  id: randomUUID(),
  outline: polygon([
    [900, 600],
    [1500, 600],
    [1500, 1000],
    [900, 1000]
  ])
}
const imported = {
  id: randomUUID(),
  outline: polygon([
    [150, 150],
    [450, 150],
    [450, 400],
    [150, 400]
  ])
}

interface StoredProps {
  id: string
  version: number
  data: { name?: string; description?: string; locked?: boolean; target: { selector: { value: string } } }
}

const storedRegion = async (): Promise<StoredProps> =>
  (await storedAnnotations(world.server, slideId, ada)).find((a) => a.id === region.id) as unknown as StoredProps

const atVersion = async (version: number): Promise<StoredProps> => {
  await expect.poll(async () => (await storedRegion()).version, { timeout: 10_000 }).toBe(version)
  return storedRegion()
}

const panel = (page: Page) => page.getByTestId("selected-annotation")
const lockButton = (page: Page) => panel(page).getByRole("button", { name: "Lock", exact: true })

/** Selects the region with the pan tool, at the middle of the viewer (where the slide's middle is). */
const selectRegion = async (page: Page) => {
  await tool(page, "Pan and zoom").click()
  const middle = await at(page, 0.5, 0.5)
  await page.mouse.click(middle.x, middle.y)
  await expect.poll(() => panel(page).getAttribute("data-id"), { timeout: 5_000 }).toBe(region.id)
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.props@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.props@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Named cases", file: "Colon resection.jpg", dots: 240 })
  slideId = made.slideId
  folderId = made.folderId
  const tumour = await createLabel(world.server, ada, slideId, "Tumour", "#e11d48")
  const stroma = await createLabel(world.server, ada, slideId, "Stroma", "#22d3ee")
  const fromFile = newAnnotation(stroma.id, imported.outline, imported.id)
  const posted = await postAnnotations(world.server, ada, slideId, [
    newAnnotation(tumour.id, region.outline, region.id),
    { ...fromFile, data: { ...fromFile.data, creator: { type: "Person", name: "Dr. Sari Wulandari" }, created: "2024-05-01T09:30:00Z" } }
  ])
  expect(posted.status, JSON.stringify(posted.body)).toBe(201)
  await share(world.server, ada, made.folderId, grace, "admin")
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("properties", () => ({ ada: adaPage, grace: gracePage }))

describe("an annotation's name, description and lock", () => {
  it("Ada names the selected region; the list shows the name, and Grace's list too, live", async () => {
    await signIn(adaPage, ada)
    await signIn(gracePage, grace)
    await openSlideOf(adaPage, slideId)
    await openSlideOf(gracePage, slideId)
    await selectRegion(adaPage)
    expect(await adaPage.getByTestId("annotation-overlay").getAttribute("data-handles")).toBe("editable")
    expect(await lockButton(adaPage).getAttribute("aria-pressed")).toBe("false")
    const name = panel(adaPage).getByRole("textbox", { name: "Name" })
    await name.fill("Invasive front")
    await name.press("Enter")
    expect((await atVersion(2)).data.name).toBe("Invasive front")
    await adaPage.getByTestId("annotation-name").filter({ hasText: "Invasive front" }).waitFor({ timeout: 5_000 })
    await gracePage.getByTestId("annotation-name").filter({ hasText: "Invasive front" }).waitFor({ timeout: 5_000 })
  }, 90_000)

  it("describes it on several lines (Ctrl+Enter saves), then locks it: the handles go", async () => {
    const description = panel(adaPage).getByRole("textbox", { name: "Description" })
    await description.fill("Tumour cells at the deep margin.")
    await description.press("Shift+Enter")
    await description.pressSequentially("Check against the frozen section.")
    await description.press("Control+Enter")
    expect((await atVersion(3)).data.description).toBe("Tumour cells at the deep margin.\nCheck against the frozen section.")
    await lockButton(adaPage).click()
    const locked = await atVersion(4)
    expect(locked.data).toMatchObject({ name: "Invasive front", locked: true })
    await expect.poll(() => lockButton(adaPage).getAttribute("aria-pressed")).toBe("true")
    await expect.poll(() => adaPage.getByTestId("annotation-overlay").getAttribute("data-handles")).toBe("fixed")
    await adaPage.getByTestId("annotation-locked-note").waitFor()
    await snap(adaPage, "properties-01-named-described-locked")
  }, 60_000)

  it("locked, a drag of its corner or body moves nothing, and Delete says it is locked", async () => {
    const before = await storedRegion()
    // Its corner (1500, 1000) where the viewer shows it: the slide fills the viewer's width at home.
    const corner = await adaPage.getByTestId("slide-viewer").evaluate((viewer) => {
      const rect = viewer.getBoundingClientRect()
      const scale = rect.width / 2400
      return { x: rect.left + 1500 * scale, y: rect.top + (rect.height - 1600 * scale) / 2 + 1000 * scale }
    })
    await adaPage.mouse.move(corner.x, corner.y)
    // No handle there: the cursor does not offer to drag a vertex.
    expect(await adaPage.getByTestId("annotation-overlay").evaluate((overlay) => overlay.style.cursor)).not.toBe("pointer")
    await drag(adaPage, corner, { x: corner.x + 60, y: corner.y + 40 })
    await drag(adaPage, await at(adaPage, 0.5, 0.5), await at(adaPage, 0.55, 0.6))
    await adaPage.waitForTimeout(600)
    expect((await storedRegion()).data.target.selector.value).toBe(before.data.target.selector.value)
    // The drag moved nothing; the region stays selected.
    expect(await panel(adaPage).getAttribute("data-id")).toBe(region.id)
    await adaPage.keyboard.press("Delete")
    await adaPage.getByText("This annotation is locked").first().waitFor({ timeout: 5_000 })
    await snap(adaPage, "properties-02-delete-refused")
    await panel(adaPage).getByRole("button", { name: "Delete" }).click()
    await adaPage.getByText("Unlock it in the Selected annotation panel").first().waitFor({ timeout: 5_000 })
    const after = await storedRegion()
    expect(after.version).toBe(before.version)
    expect(after.data.locked).toBe(true)
  }, 60_000)

  it("Grace sees the lock live: the row shows it, and her panel shows the name, description and lock", async () => {
    await gracePage.getByTestId("annotation-locked").waitFor({ timeout: 5_000 })
    await selectRegion(gracePage)
    await expect.poll(() => panel(gracePage).getByRole("textbox", { name: "Name" }).inputValue()).toBe("Invasive front")
    expect(await lockButton(gracePage).getAttribute("aria-pressed")).toBe("true")
    expect(await gracePage.getByTestId("annotation-overlay").getAttribute("data-handles")).toBe("fixed")
    await snap(gracePage, "properties-03-grace-sees-locked")
  }, 60_000)

  it("Ctrl+Z undoes the lock and Ctrl+Shift+Z locks it again, like any edit", async () => {
    await adaPage
      .getByTestId("slide-viewer")
      .focus()
      .catch(() => undefined)
    await adaPage.keyboard.press("Control+z")
    expect((await atVersion(5)).data.locked).toBeUndefined()
    await expect.poll(() => lockButton(adaPage).getAttribute("aria-pressed")).toBe("false")
    await expect.poll(() => gracePage.getByTestId("annotation-locked").count(), { timeout: 5_000 }).toBe(0)
    await adaPage.keyboard.press("Control+Shift+z")
    expect((await atVersion(6)).data.locked).toBe(true)
    await expect.poll(() => lockButton(adaPage).getAttribute("aria-pressed")).toBe("true")
  }, 60_000)

  it("after a reload the name, description and lock are kept", async () => {
    await openSlideOf(adaPage, slideId)
    await adaPage.getByTestId("annotation-name").filter({ hasText: "Invasive front" }).waitFor({ timeout: 5_000 })
    await selectRegion(adaPage)
    expect(await panel(adaPage).getByRole("textbox", { name: "Name" }).inputValue()).toBe("Invasive front")
    expect(await panel(adaPage).getByRole("textbox", { name: "Description" }).inputValue()).toContain("frozen section")
    expect(await lockButton(adaPage).getAttribute("aria-pressed")).toBe("true")
    expect(await adaPage.getByTestId("annotation-overlay").getAttribute("data-handles")).toBe("fixed")
    await expectAccessible(adaPage, "a locked, named annotation in the side panel")
  }, 60_000)

  it("an imported shape says who drew it and when", async () => {
    await adaPage.getByTestId("annotation-row").filter({ hasText: "Stroma" }).getByRole("button").first().click()
    await expect.poll(() => panel(adaPage).getAttribute("data-id"), { timeout: 5_000 }).toBe(imported.id)
    const line = panel(adaPage).getByTestId("annotation-provenance")
    await expect.poll(() => line.textContent()).toMatch(/^Imported, drawn by Dr\. Sari Wulandari on May 1, 2024/)
    await snap(adaPage, "properties-04-imported-provenance")
  }, 60_000)

  it("locked behind Ada's back (no message came), her Delete meets the server's 409: she is told it is locked, and it stays", async () => {
    // Written straight into the database: no realtime message, so Ada's screen still thinks it unlocked.
    await world.server.withDb(async (db) => {
      const row = await db.selectFrom("annotations").select("data").where("id", "=", imported.id).executeTakeFirstOrThrow()
      const data = { ...JSON.parse(row.data), locked: true }
      await db
        .updateTable("annotations")
        .set({ data: JSON.stringify(data), locked: 1, props: JSON.stringify(propsOf(data)) })
        .where("id", "=", imported.id)
        .execute()
    })
    expect(await panel(adaPage).getAttribute("data-locked")).toBe("false")
    await adaPage.keyboard.press("Delete")
    await adaPage.getByText("This annotation is locked").first().waitFor({ timeout: 5_000 })
    await expect.poll(() => adaPage.getByTestId("annotation-row").count(), { timeout: 5_000 }).toBe(2)
    // Shown as the server holds it: locked too.
    await expect.poll(() => adaPage.getByTestId("annotation-locked").count(), { timeout: 5_000 }).toBe(2)
    expect((await storedAnnotations(world.server, slideId, ada)).map((a) => a.id)).toContain(imported.id)
    await snap(adaPage, "properties-05-server-refused-locked")
  }, 60_000)

  it("the QuPath export carries the name, description and isLocked", async () => {
    const downloading = adaPage.waitForEvent("download")
    await adaPage.getByRole("button", { name: "Export QuPath GeoJSON" }).click()
    const file = JSON.parse(await readFile((await (await downloading).path())!, "utf8"))
    const feature = file.features.find((f: { id: string }) => f.id === region.id)
    expect(feature.properties).toMatchObject({
      name: "Invasive front",
      description: "Tumour cells at the deep margin.\nCheck against the frozen section.",
      isLocked: true
    })
    expect(file.features.find((f: { id: string }) => f.id === imported.id).properties.isLocked).toBe(true)
  }, 60_000)

  it("a reviewer who did not draw it reads the name, description and lock, with nothing to change", async () => {
    const rosalind = await createSignedIn(world.server, { name: "Rosalind Franklin", email: "rosalind.props@example.org" })
    await share(world.server, ada, folderId, rosalind, "reviewer")
    const page = await (await newContext(world.browser, world.server.url)).newPage()
    await signIn(page, rosalind)
    await openSlideOf(page, slideId)
    await selectRegion(page)
    await expect.poll(() => panel(page).getByTestId("annotation-name-text").textContent()).toBe("Invasive front")
    await panel(page).getByText("Check against the frozen section.").waitFor()
    await panel(page).getByTestId("annotation-locked-note").waitFor()
    expect(await panel(page).getByRole("textbox").count()).toBe(0)
    expect(await lockButton(page).count()).toBe(0)
    await snap(page, "properties-06-reviewer-reads")
    await page.close()
  }, 90_000)

  it("on a phone (390 px) in Indonesian: the name, description and lock fit the screen; the import says who and when", async () => {
    const phone = await (await newContext(world.browser, world.server.url)).newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await signIn(phone, ada)
    await phone.goto(`/id/dashboard/labs/${slideId}/annotations`)
    await phone.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
    await phone.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
    await showSidePanel(phone)
    await phone.getByRole("toolbar", { name: "Alat" }).getByRole("button", { name: "Geser dan perbesar", exact: true }).click()
    await phone.getByTestId("annotation-row").filter({ hasText: "Invasive front" }).getByRole("button").first().click()
    await expect.poll(() => panel(phone).getAttribute("data-id"), { timeout: 5_000 }).toBe(region.id)
    expect(await panel(phone).getByRole("button", { name: "Kunci", exact: true }).getAttribute("aria-pressed")).toBe("true")
    const box = (await panel(phone).getByRole("textbox", { name: "Deskripsi" }).boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    await snap(phone, "properties-07-phone-id")
    await phone.getByTestId("annotation-row").filter({ hasText: "Stroma" }).getByRole("button").first().click()
    await expect
      .poll(() => panel(phone).getByTestId("annotation-provenance").textContent(), { timeout: 5_000 })
      .toMatch(/^Diimpor, digambar oleh Dr\. Sari Wulandari pada 1 Mei 2024/)
    await snap(phone, "properties-08-phone-id-imported")
    await phone.close()
  }, 90_000)
})
