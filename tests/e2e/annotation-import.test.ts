// Importing a QuPath GeoJSON file with a preview, in Chromium against the real server (issue 29).
// Ada's slide has a Tumour label in red. She chooses a QuPath export holding a polygon with a hole,
// a MultiPolygon, an unclassified object, a shape partly outside the image, a detection, a TMA core
// and a two-vertex ring: the dialog says 5 of 7 items will be imported (Tumour 3, Stroma and
// uncategorized as new labels), 0 to update and 5 to create, names the skipped and changed items
// with their reasons, warns of the shape outside the image, and notes that the file's Tumour colour
// differs. Import stores 5 shapes (the holed polygon as one region), creates no label for the refused
// ring's class, and keeps our red. The same file again: 5 to update, 0 to create; she takes the
// file's colour; the count stays 5 and Tumour turns blue. As copies: 10. In Indonesian the dialog
// speaks Indonesian, and on a phone it fits the screen.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseSelector } from "../../src/annotation/geometry.ts"
import type { Selector } from "../../src/contract/annotations.ts"
import { qupathImportFile } from "../../src/testing/qupathImportFixture.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { signIn } from "./support/home-view.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { showSidePanel } from "./support/slide-viewer.ts"

let world: World
let ada: SignedIn
let slideId = ""
let page: Page

interface Stored {
  id: string
  version: number
  data: { body: Array<{ value: string; label: { id: string; color?: string } }>; target: { selector: Selector } }
}

const file = { name: "case-12.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify(qupathImportFile)) }

const stored = async (): Promise<Array<Stored>> => {
  const reply = await api(world.server).get(`/v2/labs/${slideId}/v2/annotations/?page=1&limit=999999`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}
const labelsOfSlide = async (): Promise<Array<{ id: string; name: string; color: string }>> => {
  const reply = await api(world.server).get(`/v2/labs/label-slide/?lab_id=${slideId}&page=1&limit=1000`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}

/** The slide's page with its shapes loaded and the side panel open (the slide starts empty: nothing to fit). */
const openSlide = async (p: Page, prefix = "") => {
  await p.goto(`${prefix}/dashboard/labs/${slideId}/annotations`)
  await p.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
  await p.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
  await showSidePanel(p)
}

const dialog = (p: Page) => p.getByRole("dialog")
const choose = async (p: Page) => {
  await p.getByTestId("annotation-import-file").setInputFiles(file)
  await dialog(p).getByTestId("import-summary").waitFor({ timeout: 10_000 })
}
const classRows = async (p: Page) =>
  (await dialog(p).getByTestId("import-class").allTextContents()).map((text) => text.replace(/\s+/g, " ").trim())
const notes = async (p: Page, testId: string) =>
  (await dialog(p).getByTestId(testId).getByRole("listitem").allTextContents()).map((text) => text.replace(/\s+/g, " ").trim())

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.import@example.org" })
  slideId = (await sharedSlide(world.server, ada, { folder: "Imports", file: "Liver biopsy.jpg", dots: 200 })).slideId
  const created = await api(world.server).post(
    "/v2/labs/label-slide/",
    { lab_id: slideId, name: "Tumour", color: "#E11D48" },
    { token: ada.access }
  )
  expect(created.status).toBe(201)
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("import", () => ({ ada: page }))

describe("importing a QuPath file with a preview", () => {
  it("the preview counts shapes per class, names what is skipped or changed and why, and stores nothing yet", async () => {
    await signIn(page, ada)
    await openSlide(page)
    await choose(page)
    const d = dialog(page)
    expect(await d.getByTestId("import-summary").textContent()).toBe("5 of 7 items can be imported from this QuPath GeoJSON file.")
    expect(await classRows(page)).toEqual(["Tumour3", "StromaNew label1", "uncategorizedNew label1"])
    expect(await d.getByTestId("import-updates").textContent()).toBe("0 to update")
    expect(await d.getByTestId("import-creates").textContent()).toBe("5 to create")
    expect(await d.getByTestId("import-outside").textContent()).toContain("1 shape lies partly outside the image")
    expect(await d.getByTestId("import-outside").textContent()).toContain("(item 4)")
    expect(await notes(page, "import-skipped")).toEqual([
      "Item 6its object type tmaCore is not an annotation",
      "Item 7a ring has fewer than 3 vertices"
    ])
    expect(await notes(page, "import-changed")).toEqual([
      "Item 2a MultiPolygon of 2 parts: kept as one region",
      "Item 3no class: it gets the label uncategorized",
      "Item 5a QuPath detection: imported as an annotation"
    ])
    const colour = d.getByTestId("import-colour")
    expect(await colour.textContent()).toContain("Tumourthe file's colour differs")
    expect(await colour.getByRole("button", { name: "Keep ours" }).getAttribute("aria-pressed")).toBe("true")
    expect(await stored()).toHaveLength(0)
    await snap(page, "import-01-preview")
    await expectAccessible(page, "the import preview")
  }, 90_000)

  it("Import stores the shapes (the holed polygon as one region), creates only the labels used, keeps our colour", async () => {
    await dialog(page).getByRole("button", { name: "Import", exact: true }).click()
    await page.getByText("Annotations imported").waitFor({ timeout: 15_000 })
    await expect.poll(async () => (await stored()).length).toBe(5)
    const labels = await labelsOfSlide()
    expect(labels.map((l) => l.name).sort()).toEqual(["Stroma", "Tumour", "uncategorized"])
    expect(labels.find((l) => l.name === "Tumour")?.color).toBe("#E11D48")
    expect(labels.find((l) => l.name === "Stroma")?.color).toBe("#22AA44")
    const kinds = (await stored()).map((a) => {
      const parsed = parseSelector(a.data.target.selector)
      return parsed.ok ? parsed.geometry.kind : "unreadable"
    })
    expect(kinds.filter((k) => k === "area")).toHaveLength(2)
    await expect.poll(() => page.getByTestId("annotation-count").textContent()).toContain("5")
    await snap(page, "import-02-imported")
  }, 60_000)

  it("the same file again updates those shapes: 5 to update, the count stays, and the file's colour can be taken", async () => {
    const before = new Set((await stored()).map((a) => a.id))
    await choose(page)
    const d = dialog(page)
    expect(await d.getByTestId("import-updates").textContent()).toBe("5 to update")
    expect(await d.getByTestId("import-creates").textContent()).toBe("0 to create")
    expect(await d.getByText("5 shapes came from this file before: Import updates them, Import as copies adds them again.").count()).toBe(1)
    // Every class exists now: no new labels.
    expect(await classRows(page)).toEqual(["Tumour3", "Stroma1", "uncategorized1"])
    await d.getByTestId("import-colour").getByRole("button", { name: "Take the file's" }).click()
    expect(await d.getByTestId("import-colour").getByRole("button", { name: "Take the file's" }).getAttribute("aria-pressed")).toBe("true")
    await snap(page, "import-03-again")
    await d.getByRole("button", { name: "Import", exact: true }).click()
    await expect.poll(async () => (await labelsOfSlide()).find((l) => l.name === "Tumour")?.color, { timeout: 15_000 }).toBe("#0080FF")
    const after = await stored()
    expect(after).toHaveLength(5)
    expect(new Set(after.map((a) => a.id))).toEqual(before)
    await expect.poll(() => dialog(page).count()).toBe(0)
  }, 60_000)

  it("Import as copies adds every shape again: the count doubles", async () => {
    await choose(page)
    await dialog(page).getByRole("button", { name: "Import as copies" }).click()
    await expect.poll(async () => (await stored()).length, { timeout: 15_000 }).toBe(10)
    await expect.poll(() => page.getByTestId("annotation-count").textContent()).toContain("10")
    await snap(page, "import-04-copies")
  }, 60_000)

  it("in Indonesian the preview speaks Indonesian, and Cancel stores nothing", async () => {
    await openSlide(page, "/id")
    await choose(page)
    const d = dialog(page)
    expect(await d.getByRole("heading", { name: "Impor anotasi" }).count()).toBe(1)
    expect(await d.getByTestId("import-summary").textContent()).toBe("5 dari 7 item dapat diimpor dari berkas QuPath GeoJSON ini.")
    expect(await notes(page, "import-skipped")).toContain("Item 6jenis objeknya tmaCore bukan anotasi")
    expect(await notes(page, "import-changed")).toContain("Item 3tanpa kelas: diberi label uncategorized")
    expect(await d.getByTestId("import-updates").textContent()).toBe("5 diperbarui")
    await snap(page, "import-05-indonesian")
    await d.getByRole("button", { name: "Batal" }).click()
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await stored()).toHaveLength(10)
  }, 60_000)

  it("on a phone (390 px) the preview fits the screen and its buttons can be reached", async () => {
    const phone = await (await newContext(world.browser, world.server.url)).newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await signIn(phone, ada)
    await openSlide(phone)
    await choose(phone)
    const box = (await dialog(phone).boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    for (const name of ["Cancel", "Import as copies", "Import"]) {
      const button = await dialog(phone).getByRole("button", { name, exact: true }).boundingBox()
      expect(button!.x + button!.width).toBeLessThanOrEqual(390)
    }
    await snap(phone, "import-06-phone")
    await dialog(phone).getByRole("button", { name: "Cancel", exact: true }).click()
    await phone.close()
  }, 90_000)
})
