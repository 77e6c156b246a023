// A slide's notes and reports between two people, in Chromium against the real server: Ada (the
// owner) writes notes on the viewer's notes tab; they list five a page with "Show more"; Grace (a
// reviewer) sees Ada's without edit or delete and edits her own; after Ada deletes the five shown,
// the rest come on their own (the spec's step back of the next page), nothing shown twice; a report is written
// on the reports side; a save the server refuses keeps the draft and says why; and the tab works in
// Indonesian on a phone (390 px). Each step leaves a screenshot; axe checks the tab.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { openSlide, signInAs, snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { showSidePanel } from "./support/slide-viewer.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let slideId = ""
let adaPage: Page
let gracePage: Page

const cards = (page: Page) => page.getByTestId("note-card")
const titles = async (page: Page) => (await page.getByTestId("note-card").locator("h3").allTextContents()).map((s) => s.trim())
const openNotes = async (page: Page, tab = "Notes") => {
  await openSlide(page, slideId)
  await page.getByRole("tab", { name: tab, exact: true }).click()
  await page.getByTestId("notes-panel").waitFor()
}
const write = async (page: Page, title: string, text: string, button = "New note") => {
  await page.getByRole("button", { name: button }).click()
  await page.getByLabel("Title", { exact: true }).fill(title)
  // A report's text is its comment (tests/e2e/reports.test.ts writes its structured fields).
  await page
    .getByTestId("note-form")
    .getByLabel(button === "New report" ? "Comment" : "Text", { exact: true })
    .fill(text)
  await page.getByRole("button", { name: "Save", exact: true }).click()
  await page.getByTestId("note-form").waitFor({ state: "detached" })
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.notes@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.notes@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Notes cases", file: "Liver core.jpg", dots: 80 })
  slideId = made.slideId
  await share(world.server, ada, made.folderId, grace, "reviewer")
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  gracePage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("notes", () => ({ ada: adaPage, grace: gracePage }))

describe("notes and reports on a slide", () => {
  it("Ada writes notes: newest first, five a page, and the rest on Show more", async () => {
    await signInAs(adaPage, ada)
    await openNotes(adaPage)
    await adaPage.getByText("No notes on this slide yet.").waitFor()
    await write(adaPage, "Gross description", "Core, 1.2 cm, tan.\nThree levels cut.")
    await adaPage.getByText("Saved", { exact: true }).waitFor()
    // Six more through the API: the list is about paging, not typing.
    for (let i = 1; i <= 6; i++)
      expect(
        (await api(world.server).post(`/v2/slides/${slideId}/notes/`, { title: `Level ${i}`, value: "" }, { token: ada.access })).status
      ).toBe(200)
    await openNotes(adaPage)
    await expect.poll(() => titles(adaPage)).toEqual(["Level 6", "Level 5", "Level 4", "Level 3", "Level 2"])
    await adaPage.getByText("7 entries").waitFor()
    await adaPage.getByRole("button", { name: "Show more" }).click()
    await expect
      .poll(() => titles(adaPage))
      .toEqual(["Level 6", "Level 5", "Level 4", "Level 3", "Level 2", "Level 1", "Gross description"])
    await expect(adaPage.getByRole("button", { name: "Show more" }).count()).resolves.toBe(0)
    await expectAccessible(adaPage, "notes-ada")
    await snap(adaPage, "notes-01-ada-all-notes")
  }, 120_000)

  it("Grace reads Ada's notes without edit or delete, and edits her own", async () => {
    await signInAs(gracePage, grace)
    await openNotes(gracePage)
    await cards(gracePage).first().waitFor()
    await expect(gracePage.getByRole("button", { name: "Edit Level 6" }).count()).resolves.toBe(0)
    await expect(gracePage.getByRole("button", { name: "Delete Level 6" }).count()).resolves.toBe(0)
    await write(gracePage, "Second opinion", "Agree: no atypia.")
    await gracePage.getByRole("button", { name: "Edit Second opinion" }).click()
    await gracePage.getByLabel("Title", { exact: true }).fill("Second opinion, revised")
    await gracePage.getByRole("button", { name: "Save", exact: true }).click()
    await expect.poll(() => titles(gracePage)).toContain("Second opinion, revised")
    await gracePage.getByText("Grace Hopper · ", { exact: false }).first().waitFor()
    await snap(gracePage, "notes-02-grace-own-note")
  }, 90_000)

  it("after Ada deletes the five shown, the rest come on their own, each once", async () => {
    await openNotes(adaPage)
    await expect.poll(() => titles(adaPage)).toEqual(["Second opinion, revised", "Level 6", "Level 5", "Level 4", "Level 3"])
    for (const title of ["Second opinion, revised", "Level 6", "Level 5", "Level 4", "Level 3"]) {
      await adaPage.getByRole("button", { name: `Delete ${title}` }).click()
      await adaPage.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click()
      await expect.poll(() => titles(adaPage)).not.toContain(title)
    }
    // Five deletions moved the next page back by one: page 1 now holds the three left.
    await adaPage.getByText("3 entries").waitFor()
    await expect.poll(() => titles(adaPage)).toEqual(["Level 2", "Level 1", "Gross description"])
    await expect(adaPage.getByText("No notes on this slide yet.").count()).resolves.toBe(0)
    await snap(adaPage, "notes-03-after-five-deletions")
  }, 90_000)

  it("a report is written on the reports side, and a refused save keeps the draft and says why", async () => {
    await adaPage.getByRole("button", { name: "Reports", exact: true }).click()
    await adaPage.getByText("No reports on this slide yet.").waitFor()
    await write(adaPage, "Final report", "Chronic hepatitis, grade 2, stage 1.", "New report")
    await expect.poll(() => titles(adaPage)).toEqual(["Final report"])
    // The server refuses the next save: the form stays with what was typed, and the reason shows.
    await adaPage.route(`**/v2/slides/${slideId}/reports/`, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ detail: "down" }) })
        : route.continue()
    )
    await adaPage.getByRole("button", { name: "New report" }).click()
    await adaPage.getByLabel("Title", { exact: true }).fill("Addendum")
    await adaPage.getByRole("button", { name: "Save", exact: true }).click()
    await adaPage.getByText("It was not saved").first().waitFor()
    await expect(adaPage.getByLabel("Title", { exact: true }).inputValue()).resolves.toBe("Addendum")
    await adaPage.unroute(`**/v2/slides/${slideId}/reports/`)
    await adaPage.getByRole("button", { name: "Save", exact: true }).click()
    await expect.poll(() => titles(adaPage)).toEqual(["Addendum", "Final report"])
    await snap(adaPage, "notes-04-reports")
  }, 90_000)

  it("works in Indonesian on a phone", async () => {
    await gracePage.setViewportSize({ width: 390, height: 844 })
    await gracePage.goto(`/id/dashboard/labs/${slideId}/annotations`)
    await gracePage.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
    await showSidePanel(gracePage)
    await gracePage.getByRole("tab", { name: "Catatan", exact: true }).click()
    await gracePage.getByRole("button", { name: "Catatan baru" }).waitFor()
    await expect.poll(() => titles(gracePage)).toContain("Level 2")
    await expectAccessible(gracePage, "notes-grace-id-phone")
    await snap(gracePage, "notes-05-grace-indonesian-phone")
  }, 90_000)
})
