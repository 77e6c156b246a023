// What the landing page and the plans promise, opened one by one in the product: each feature the
// landing names is there for a signed-in user (the tools it lists on the rail, the chat beside the
// slide, the QuPath and W3C export and import, the roles of the share dialog, a lab made public),
// and nothing it does not do is named (no AI analyses, no notes or reports, on the landing page in
// both languages or on the plans). Each feature card's link is opened, signed out and signed in, in
// both languages, and must land where the feature is used. When a feature lands, its claim and its
// check here land with it.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { signIn, tool } from "./support/home-view.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"
import { showSidePanel } from "./support/slide-viewer.ts"

let world: World
let ada: SignedIn
let slideId = ""
let visitor: Page
let page: Page

/** The feature links' words and where they lead, per language. */
const FEATURE_LINKS = [
  {
    home: "/",
    signInLink: "Sign in to use it",
    openLink: "Open your labs",
    login: /\/login$/,
    signInTitle: "Sign in to Preparat",
    workspace: /\/dashboard\/labs$/,
    workspaceTitle: "All Files"
  },
  {
    home: "/id",
    signInLink: "Masuk untuk memakainya",
    openLink: "Buka lab Anda",
    login: /\/id\/login$/,
    signInTitle: "Masuk ke Preparat",
    workspace: /\/id\/dashboard\/labs$/,
    workspaceTitle: "Semua File"
  }
] as const

/** The labs workspace: its heading, and the folder whose slide has the viewer, the tools and the chat. */
const expectWorkspace = async (at: Page, lang: (typeof FEATURE_LINKS)[number]) => {
  await expectUrl(at, lang.workspace)
  await at.getByRole("heading", { level: 1, name: lang.workspaceTitle }).waitFor()
  await at.getByTestId("lab-item").filter({ hasText: "Claims" }).first().waitFor()
}

/** Words for what is not built: naming any of them on a public page would sell what is not there. */
const NOT_BUILT = {
  en: /\bAI\b|analys|auto.?tagging/i,
  id: /\bAI\b|analisis|penandaan otomatis/i
}

const headings = (at: Page, section: string) => at.locator(`#${section} h3`).allTextContents()

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.claims@example.org" })
  slideId = (await sharedSlide(world.server, ada, { folder: "Claims", file: "Lymph node.jpg", dots: 120 })).slideId
  visitor = await (await newContext(world.browser, world.server.url)).newPage()
  page = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("claims", () => ({ visitor, ada: page }))

describe("what the landing page and the plans promise", () => {
  it("the landing page names six features and how work flows, and nothing that is not built, in English and Indonesian", async () => {
    await visitor.goto("/")
    await expect
      .poll(() => headings(visitor, "features"))
      .toEqual([
        "Deep-zoom slide viewer",
        "Folders that match your lab",
        "Annotation together",
        "Chat, notes and reports",
        "Annotations that travel",
        "Sharing with roles"
      ])
    expect(await visitor.getByRole("navigation", { name: "Site navigation" }).getByRole("link").allTextContents()).toEqual([
      "Features",
      "How it works",
      "Slide scanning"
    ])
    expect(await visitor.locator("main").textContent()).not.toMatch(NOT_BUILT.en)
    expect(await visitor.title()).not.toMatch(NOT_BUILT.en)
    await snap(visitor, "claims-01-landing")
    await expectAccessible(visitor, "landing")

    await visitor.goto("/id")
    await expect.poll(() => headings(visitor, "features")).toHaveLength(6)
    await expect.poll(() => visitor.locator("#features h3").first().textContent()).toBe("Penampil slide deep-zoom")
    expect(await visitor.locator("main").textContent()).not.toMatch(NOT_BUILT.id)
    await snap(visitor, "claims-02-landing-id")
    // The sign-in page's panel says what Preparat is, in the same words (in Indonesian: the visit to
    // /id chose it).
    await visitor.goto("/login")
    await visitor.getByText("Anotasi dan diskusi bersama secara real time").waitFor()
    expect(await visitor.locator("body").textContent()).not.toMatch(NOT_BUILT.id)
  }, 60_000)

  it("the slide has the outlining tools the landing lists, the chat, notes and reports beside it, and QuPath and W3C export and import", async () => {
    await signIn(page, ada)
    await page.goto(`/dashboard/labs/${slideId}/annotations`)
    await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
    // "rectangle, ellipse, polygon, freehand, brush and wand tools ... count cells with points"
    for (const name of ["Rectangle", "Ellipse", "Polygon", "Freehand", "Freehand area", "Brush", "Wand", "Point", "Comment"])
      await expect.poll(() => tool(page, name).isEnabled(), { message: name }).toBe(true)
    await showSidePanel(page)
    // "Chat beside the slide"
    await page.getByRole("tab", { name: /^Chat/ }).click()
    // The message box is a combobox: @ offers the members to mention.
    await page.getByRole("combobox", { name: "Message" }).waitFor()
    // "keep notes on it, and write a structured report ... downloaded as a PDF"
    await page.getByRole("tab", { name: "Notes", exact: true }).click()
    await page.getByRole("button", { name: "New note" }).waitFor()
    await page.getByRole("button", { name: "Reports", exact: true }).click()
    await page.getByRole("button", { name: "New report" }).waitFor()
    // "Export and import annotations as QuPath GeoJSON or W3C Web Annotations"
    await page.getByRole("tab", { name: /^Annotations/ }).click()
    for (const name of ["Export QuPath GeoJSON", "Export W3C", "Import"]) await page.getByRole("button", { name, exact: true }).waitFor()
    await snap(page, "claims-03-slide")
  }, 90_000)

  it("the share dialog invites as admin or reviewer, and a lab can be made public", async () => {
    await page.goto("/dashboard/labs")
    await page.getByRole("button", { name: "More actions for Claims" }).first().click()
    await page.getByRole("menuitem", { name: "Share", exact: true }).click()
    const dialog = page.getByRole("dialog")
    expect(await dialog.getByLabel("Invite as").locator("option").allTextContents()).toEqual(["Reviewer", "Admin"])
    await snap(page, "claims-04-share")
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "detached" })
    // "make a lab publicly viewable": the folder's details hold the switch.
    await page.getByTestId("lab-item").filter({ hasText: "Claims" }).click()
    await page.getByRole("button", { name: "Details" }).click()
    await page.getByRole("switch", { name: "Public access" }).waitFor()
    await snap(page, "claims-05-public-switch")
  }, 60_000)

  it("each feature's link leads where it is used: through sign-in for a visitor, straight there when signed in, in both languages", async () => {
    for (const lang of FEATURE_LINKS) {
      // A visitor: every card's link is the sign-in page, which returns to the workspace.
      const stranger = await (await newContext(world.browser, world.server.url)).newPage()
      for (let i = 0; i < 6; i++) {
        await stranger.goto(lang.home)
        const card = stranger.locator("#features article").nth(i)
        await card.getByRole("link", { name: lang.signInLink }).click()
        await expectUrl(stranger, lang.login)
        await stranger.getByRole("heading", { level: 1, name: lang.signInTitle }).waitFor()
      }
      if (lang.home === "/") await snap(stranger, "claims-07-feature-sign-in")
      // Signing in there lands in the workspace, where the Claims folder (with its slide) is.
      await stranger.getByLabel("Email").fill(ada.email)
      await stranger.locator("input[type=password]").fill(ada.password)
      await stranger.locator("button[type=submit]").click()
      await expectWorkspace(stranger, lang)

      // Signed in: every card's link opens the workspace itself.
      for (let i = 0; i < 6; i++) {
        await stranger.goto(lang.home)
        const card = stranger.locator("#features article").nth(i)
        const title = (await card.locator("h3").textContent()) ?? ""
        // The link names its feature too (aria-describedby), so six links alike still say which is which.
        const link = card.getByRole("link", { name: lang.openLink })
        await expect
          .poll(() => link.getAttribute("aria-describedby").then((id) => stranger.locator(`[id="${id}"]`).textContent()))
          .toBe(title)
        await link.click()
        await expectWorkspace(stranger, lang)
      }
      await stranger.context().close()
    }
  }, 120_000)

  it("the plans offer storage and a period, not the analyses that are not built yet", async () => {
    await page.goto("/dashboard/pricing")
    const basic = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Basic" }) })
    await basic.getByText("50.00 GB").waitFor()
    expect(await basic.locator("dt").allTextContents()).toEqual(["Storage", "Period"])
    expect(await page.locator("main").textContent()).not.toMatch(NOT_BUILT.en)
    await snap(page, "claims-06-plans")
  }, 60_000)
})
