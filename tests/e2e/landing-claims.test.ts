// What the landing page and the plans promise, opened one by one in the product: each feature the
// landing names is there for a signed-in user (the tools it lists on the rail, the chat, notes and
// reports beside the slide, the QuPath and W3C export and import, the roles of the share dialog, a lab
// made public, the seven analyses of the AI tab), and nothing it does not do is named (on the landing
// page in both languages or on the plans; the plans name auto tagging, which
// tests/e2e/auto-tagging.test.ts runs). Each feature card's link is opened, signed out and signed in, in both languages, and
// must land where the feature is used. When a feature lands, its claim and its check here land with it.
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
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
    openSlideLink: "Open your last slide",
    login: /\/login(\?next=[^&]+)?$/,
    signInTitle: "Sign in to Preparat",
    workspace: /\/dashboard\/labs$/,
    workspaceTitle: "All Files",
    chatTab: /^Chat/,
    annotationsTab: /^Annotations/,
    exportLabel: "Export QuPath GeoJSON"
  },
  {
    home: "/id",
    signInLink: "Masuk untuk memakainya",
    openLink: "Buka lab Anda",
    openSlideLink: "Buka slide terakhir Anda",
    login: /\/id\/login(\?next=[^&]+)?$/,
    signInTitle: "Masuk ke Preparat",
    workspace: /\/id\/dashboard\/labs$/,
    workspaceTitle: "Semua File",
    chatTab: /^Obrolan/,
    annotationsTab: /^Anotasi/,
    exportLabel: "Ekspor QuPath GeoJSON"
  }
] as const

/** The labs workspace: its heading, and the folder whose slide has the viewer, the tools and the chat. */
const expectWorkspace = async (at: Page, lang: (typeof FEATURE_LINKS)[number]) => {
  await expectUrl(at, lang.workspace)
  await at.getByRole("heading", { level: 1, name: lang.workspaceTitle }).waitFor()
  await at.getByTestId("lab-item").filter({ hasText: "Claims" }).first().waitFor()
}

/** Where each landing card leads, in the cards' order: the labs, or Ada's last slide (on a side-panel tab). */
const PLACES = ["slide", "labs", "slide", "chat", "annotations", "labs", "analysis", "labs"] as const
/** The place sign-in returns to, per card: the feature's page, or none for the labs (sign-in's default). */
const NEXT = [
  "/dashboard/open/viewer",
  null,
  "/dashboard/open/annotate",
  "/dashboard/open/discuss",
  "/dashboard/open/interchange",
  null,
  "/dashboard/open/analyse",
  null
]

/** Ada's slide, open in the viewer; on the tab the card asks for, which shows what the card names. */
const expectSlide = async (at: Page, lang: (typeof FEATURE_LINKS)[number], place: "slide" | "chat" | "annotations" | "analysis") => {
  const path = `${lang.home === "/" ? "" : "/id"}/dashboard/labs/${slideId}/annotations`
  await expectUrl(at, new RegExp(`${path}${place === "slide" ? "" : `\\?panel=${place}`}$`))
  await at.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
  if (place === "chat") {
    await expect.poll(() => at.getByRole("tab", { name: lang.chatTab }).getAttribute("aria-selected")).toBe("true")
    await at.getByRole("combobox").first().waitFor()
  }
  // "Ki67 ..., Fasciola egg counts ..., comet assay tail moments, stroke infarct size, carotid IMT ..., periodontal bone loss ... and cell counting": the seven it offers.
  if (place === "analysis") {
    await expect.poll(() => at.getByRole("tab", { name: "AI", exact: true }).getAttribute("aria-selected")).toBe("true")
    await expect
      .poll(() => at.locator("[data-analysis]").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("data-analysis"))))
      .toEqual(expect.arrayContaining(["ki67", "fasciola", "comet", "stroke", "imt", "periodontitis", "counting"]))
  }
  if (place === "annotations") {
    await expect.poll(() => at.getByRole("tab", { name: lang.annotationsTab }).getAttribute("aria-selected")).toBe("true")
    await at.getByRole("button", { name: lang.exportLabel, exact: true }).waitFor()
  }
}

/** Words for what is not built: naming any of them on a public page would sell what is not there. */
const NOT_BUILT = {
  en: /\bAI\b/i,
  id: /\bAI\b/i
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
  it("the landing page names eight features and how work flows, and nothing that is not built, in English and Indonesian", async () => {
    await visitor.goto("/")
    await expect
      .poll(() => headings(visitor, "features"))
      .toEqual([
        "Deep-zoom slide viewer",
        "Folders that match your lab",
        "Annotation together",
        "Chat, notes and reports",
        "Annotations that travel",
        "Sharing with roles",
        "Image analysis",
        "Scanners' own files"
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
    await expect.poll(() => headings(visitor, "features")).toHaveLength(8)
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
    // Ada opened her slide (the server keeps it in her Recently Access): the slide's features open it.
    expect((await api(world.server).get(`/v2/labs/${slideId}/`, { token: ada.access })).status).toBe(200)
    for (const lang of FEATURE_LINKS) {
      // A visitor: every card's link is the sign-in page, which returns to the card's place.
      const stranger = await (await newContext(world.browser, world.server.url)).newPage()
      for (let i = 0; i < PLACES.length; i++) {
        await stranger.goto(lang.home)
        const card = stranger.locator("#features article").nth(i)
        await card.getByRole("link", { name: lang.signInLink }).click()
        await expectUrl(stranger, lang.login)
        // Sign-in keeps the card's place: the feature on the last slide, or (the default) the labs.
        expect(new URL(stranger.url()).searchParams.get("next")).toBe(NEXT[i])
        await stranger.getByRole("heading", { level: 1, name: lang.signInTitle }).waitFor()
      }
      if (lang.home === "/") await snap(stranger, "claims-07-feature-sign-in")
      // Signing in there (from the last card, Sharing) lands in the workspace, where the Claims folder is.
      await stranger.getByLabel("Email").fill(ada.email)
      await stranger.locator("input[type=password]").fill(ada.password)
      await stranger.locator("button[type=submit]").click()
      await expectWorkspace(stranger, lang)

      // Signed in: each card's link opens its place, the slide's features on Ada's last slide.
      for (const [i, place] of PLACES.entries()) {
        await stranger.goto(lang.home)
        const card = stranger.locator("#features article").nth(i)
        const title = (await card.locator("h3").textContent()) ?? ""
        // The link names its feature too (aria-describedby), so links alike still say which is which.
        const link = card.getByRole("link", { name: place === "labs" ? lang.openLink : lang.openSlideLink })
        await expect
          .poll(() => link.getAttribute("aria-describedby").then((id) => stranger.locator(`[id="${id}"]`).textContent()))
          .toBe(title)
        await link.click()
        if (place === "labs") await expectWorkspace(stranger, lang)
        else await expectSlide(stranger, lang, place)
        if (place === "chat") {
          if (lang.home === "/") await snap(stranger, "claims-08-feature-chat")
          // Back from the slide returns to the landing page, not to the page that looked the slide up.
          await stranger.goBack()
          await expect.poll(() => new URL(stranger.url()).pathname).toBe(lang.home)
        }
      }
      await stranger.context().close()
    }
  }, 180_000)

  it("a visitor who signs in from the chat card lands in the chat of their last slide", async () => {
    const stranger = await (await newContext(world.browser, world.server.url)).newPage()
    await stranger.goto("/id")
    await stranger.locator("#features article").nth(3).getByRole("link", { name: "Masuk untuk memakainya" }).click()
    await stranger.getByLabel("Email").fill(ada.email)
    await stranger.locator("input[type=password]").fill(ada.password)
    await stranger.locator("button[type=submit]").click()
    await expectSlide(stranger, FEATURE_LINKS[1], "chat")
    await stranger.context().close()
  }, 60_000)

  it("with no slide opened yet, a slide's feature says how to get one, on a phone in Indonesian", async () => {
    const grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.claims@example.org" })
    const phone = await (await newContext(world.browser, world.server.url)).newPage()
    await phone.setViewportSize({ width: 390, height: 844 })
    await signIn(phone, grace)
    await phone.goto("/id")
    await phone.locator("#features article").nth(0).getByRole("link", { name: "Buka slide terakhir Anda" }).click()
    await expectUrl(phone, /\/id\/dashboard\/open\/viewer$/)
    await phone.getByRole("heading", { level: 2, name: "Belum ada slide untuk dibuka" }).waitFor()
    await phone.getByText("Penampil slide deep-zoom dipakai pada sebuah slide").waitFor()
    await snap(phone, "claims-09-no-slide-id-phone")
    await expectAccessible(phone, "no slide yet")
    // Both ways on fit the phone's width.
    for (const name of ["Ke lab Anda", "Dibagikan kepada Anda"]) {
      const box = await phone.getByRole("link", { name }).boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 390, name).toBe(true)
    }
    await phone.getByRole("link", { name: "Ke lab Anda" }).click()
    await expectUrl(phone, /\/id\/dashboard\/labs$/)
    await phone.context().close()
  }, 60_000)

  it("the plans offer storage, a period, the analyses that run today and auto tagging, not what does not run", async () => {
    await page.goto("/dashboard/pricing")
    const basic = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Basic" }) })
    await basic.getByText("50.00 GB").waitFor()
    expect(await basic.locator("dt").allTextContents()).toEqual(["Storage", "Period", "Image analyses", "Auto tagging"])
    expect(await basic.locator("dd").nth(2).textContent()).toBe(
      "100 per period: Ki67, Fasciola, comet assay, stroke infarct size (TTC), carotid IMT, periodontitis bone loss, cell counting"
    )
    const free = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Free" }) })
    expect(await free.locator("dd").nth(2).textContent()).toBe("Not included")
    expect(await basic.locator("dd").nth(3).textContent()).toBe(
      "Every new slide tagged: stain (H&E, IHC-DAB, fluorescence, TTC, grayscale), magnification, tissue %"
    )
    expect(await free.locator("dd").nth(3).textContent()).toBe("Not included")
    expect(await page.locator("main").textContent()).not.toMatch(NOT_BUILT.en)
    await snap(page, "claims-06-plans")
  }, 60_000)
})
