// Every screen at a phone (390x844), a tablet (768x1024), 200% zoom on a 1280 px screen and a desktop,
// in English and Indonesian, in Chromium against the real server: no page scrolls sideways, axe finds
// nothing serious, below 960 px the sidebar is a drawer closed by default that keeps focus inside and
// gives it back, long breadcrumbs fold into a menu, the landing bar becomes a menu, nothing covers a
// button (the contact button, notices), names cut by an ellipsis show in full on hover and focus,
// menus and dialogs answer the keyboard, and reduced motion is respected.
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { PASSWORD, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { createFolder, person } from "../server/support/labs-api.ts"
import { readySlide } from "../server/support/ready-slide.ts"
import { expectAccessible } from "./support/a11y.ts"
import { launchBrowser, snap } from "./support/browser.ts"
import { expectNoSideScroll, expectUncovered, overlaps } from "./support/layout.ts"
import { expectUrl } from "./support/session.ts"

const LONG = "Histology 2026 teaching collection of the pathology department"
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 }
] as const
const LANGUAGES = [
  { prefix: "", code: "en" },
  { prefix: "/id", code: "id" }
] as const

let server: StartedServer
let browser: Browser
let ada: SignedIn
const contexts: BrowserContext[] = []
const pages: Page[] = []
/** The folder chain All File > LONG > Liver > Biopsies 2026 > Week 12, and a slide in the last. */
const ids = { top: "", deep: "", slide: "" }

const open = async (viewport: { width: number; height: number }, options: { reducedMotion?: "reduce"; scale?: number } = {}) => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    deviceScaleFactor: options.scale ?? 1,
    ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {})
  })
  contexts.push(context)
  const page = await context.newPage()
  pages.push(page)
  return page
}

const signIn = async (page: Page, prefix = "") => {
  await page.goto(`${prefix}/login`)
  await page.locator("input[type=email]").fill(ada.email)
  await page.locator("input[type=password]").fill(PASSWORD)
  await page.locator("button[type=submit]").click()
  await expectUrl(page, /\/dashboard\/labs$/)
}

/** The element that has focus is inside the element the selector names. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector)

beforeAll(async () => {
  server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
  browser = await launchBrowser()
  ada = await person(server, "Ada Lovelace")
  const top = await createFolder(server, ada, LONG)
  const liver = await createFolder(server, ada, "Liver", top.id)
  const biopsies = await createFolder(server, ada, "Biopsies 2026", liver.id)
  const week = await createFolder(server, ada, "Week 12", biopsies.id)
  ids.top = top.id
  ids.deep = week.id
  ids.slide = (await readySlide(server, { ownerId: ada.id, parentId: week.id, name: "Liver H&E 40x.tif" })).labId
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    for (const [i, page] of pages.entries()) if (!page.isClosed()) await snap(page, `failed-screens-${i}-${task.name.replace(/\W+/g, "-")}`)
  }
  for (const context of contexts.splice(0)) await context.close()
  pages.splice(0)
})

describe("public pages on phones and tablets", () => {
  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`fit a ${size.name} in ${language.code}, and the landing bar is a menu`, async () => {
        const page = await open(size)
        for (const path of ["/", "/login", "/register", "/request-scan", "/reset-password", "/notfound"]) {
          await page.goto(`${language.prefix}${path}`)
          await page.locator("main").first().waitFor()
          await expectNoSideScroll(page, `${language.prefix}${path}`)
          await expectAccessible(page, `${size.name}-${language.code}${path.replaceAll("/", "-")}`)
        }
        await page.goto(`${language.prefix}/`)
        await snap(page, `s-${size.name}-${language.code}-landing`)
        // The sections are in the menu, reached and driven by the keyboard.
        const menuButton = page.getByTestId("public-menu")
        await menuButton.focus()
        await page.keyboard.press("Enter")
        const menu = page.getByRole("menu")
        await menu.waitFor()
        expect(await menu.getByRole("menuitem").count()).toBeGreaterThanOrEqual(4)
        await expectAccessible(page, `${size.name}-${language.code}-landing-menu`)
        await snap(page, `s-${size.name}-${language.code}-landing-menu`)
        await page.keyboard.press("ArrowDown")
        expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("menuitem")
        await page.keyboard.press("Escape")
        await menu.waitFor({ state: "detached" })
        expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true)
      })
    }
  }
})

describe("the workspace on phones and tablets", () => {
  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`fits a ${size.name} in ${language.code}: the sidebar is a drawer, closed by default`, async () => {
        const page = await open(size)
        await signIn(page, language.prefix)
        await page.getByTestId("lab-item").first().waitFor()
        // No sidebar beside the files: the list has the width of the window.
        expect(await page.getByTestId("nav-drawer").count()).toBe(0)
        const main = await page.locator("main").boundingBox()
        expect(main!.width).toBeGreaterThanOrEqual(size.width - 1)
        await expectNoSideScroll(page, "labs")
        await expectAccessible(page, `${size.name}-${language.code}-labs`)
        await snap(page, `s-${size.name}-${language.code}-labs`)

        // The drawer opens from the keyboard, keeps focus inside and gives it back on Escape.
        const toggle = page.getByTestId("nav-toggle")
        await toggle.focus()
        await page.keyboard.press("Enter")
        const drawer = page.getByTestId("nav-drawer")
        await drawer.waitFor()
        expect(await toggle.getAttribute("aria-expanded")).toBe("true")
        await expectAccessible(page, `${size.name}-${language.code}-drawer`)
        await snap(page, `s-${size.name}-${language.code}-drawer`)
        for (let i = 0; i < 16; i++) {
          await page.keyboard.press("Tab")
          expect(await focusInside(page, "[data-testid=nav-drawer]")).toBe(true)
        }
        await page.keyboard.press("Escape")
        await drawer.waitFor({ state: "detached" })
        expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true)

        // A link in the drawer goes there and closes it.
        await toggle.click()
        await drawer.getByRole("link", { name: language.code === "en" ? "Settings" : "Pengaturan" }).click()
        await expectUrl(page, /\/dashboard\/setting\/account$/)
        await drawer.waitFor({ state: "detached" })
        expect(await page.getByTestId("nav-drawer").count()).toBe(0)
        await expectNoSideScroll(page, "settings")

        // Deep in the folders the header's breadcrumb keeps the last segment, the rest in a menu.
        await page.goto(`${language.prefix}/dashboard/labs/${ids.deep}`)
        await page.getByTestId("lab-item").first().waitFor()
        const header = page.locator("header").first()
        await header.getByTestId("crumbs-more").click()
        await page.getByRole("menu").waitFor()
        await expectAccessible(page, `${size.name}-${language.code}-crumbs-menu`)
        await snap(page, `s-${size.name}-${language.code}-deep-folder-crumbs`)
        await page.keyboard.press("Escape")
        // The folder path above the title folds too, and its menu leads up the tree.
        const path = page.getByRole("navigation", { name: language.code === "en" ? "Folder path" : "Jalur folder" })
        await path.getByTestId("crumbs-more").click()
        await page.getByRole("menuitem", { name: LONG }).click()
        await expectUrl(page, new RegExp(`/dashboard/labs/${ids.top}$`))
        await expectNoSideScroll(page, "folder")

        // Profile: Save is never under the contact button, and a person's click reaches it.
        await page.goto(`${language.prefix}/dashboard/setting/profile`)
        const save = page.locator("form button[type=submit]")
        await save.waitFor()
        await expectNoSideScroll(page, "profile")
        await expectAccessible(page, `${size.name}-${language.code}-profile`)
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0))
        await expectUncovered(save, "Save")
        await save.click()
        const notice = page.getByRole("status").filter({ hasText: /.+/ }).first()
        await notice.waitFor()
        await expectUncovered(save, "Save, with a notice shown")
        await snap(page, `s-${size.name}-${language.code}-profile-saved`)

        // The slide viewer fits too.
        await page.goto(`${language.prefix}/dashboard/labs/${ids.slide}/annotations`)
        await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
        await expectNoSideScroll(page, "viewer")
        await expectAccessible(page, `${size.name}-${language.code}-viewer`)
        await snap(page, `s-${size.name}-${language.code}-viewer`)
      })
    }
  }
})

describe("200% zoom on a 1280 px screen", () => {
  it("loses no content: 640 CSS pixels wide, nothing scrolls sideways", async () => {
    const page = await open({ width: 640, height: 400 }, { scale: 2 })
    await signIn(page)
    for (const path of ["/dashboard/labs", `/dashboard/labs/${ids.deep}`, "/dashboard/setting/profile", "/dashboard/setting/2fa"]) {
      await page.goto(path)
      await page.locator("main h1").first().waitFor()
      await expectNoSideScroll(page, path)
    }
    // Every action of the labs page is still there, reachable and uncovered.
    await page.goto(`/dashboard/labs/${ids.deep}`)
    await page.getByTestId("lab-item").first().waitFor()
    await expectUncovered(page.getByTestId("new-folder"), "New folder")
    await expectUncovered(page.getByTestId("upload-button"), "Upload")
    await snap(page, "s-zoom-200-labs")
  })
})

describe("on a desktop", () => {
  it("a notice never covers the page's actions, and the contact button never covers Save", async () => {
    // Short enough that the form's end meets the window's bottom corner.
    const page = await open({ width: 1440, height: 760 })
    await signIn(page)
    await page.goto("/dashboard/setting/profile")
    const save = page.locator("form button[type=submit]")
    await save.waitFor()
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0))
    await expectUncovered(save, "Save")
    await save.click()
    const notice = page.getByRole("status").filter({ hasText: /.+/ }).first()
    await notice.waitFor()
    await expectUncovered(save, "Save, with a notice shown")
    expect(await overlaps(notice, page.getByRole("link", { name: /Contact us/ }))).toBe(false)
    await snap(page, "s-desktop-profile-saved")

    // On the labs page the notice stays off the title row's actions.
    await page.goto(`/dashboard/labs/${ids.deep}`)
    await page.getByTestId("new-folder").click()
    await page.getByLabel("Folder name").fill("Week 13")
    await page.getByRole("button", { name: "Create", exact: true }).click()
    await page.getByTestId("lab-item").filter({ hasText: "Week 13" }).waitFor()
    for (const action of [page.getByTestId("new-folder"), page.getByTestId("upload-button")])
      await expectUncovered(action, "a title-row action")
  })

  it("names cut by an ellipsis show in full on hover and on focus", async () => {
    const page = await open({ width: 1440, height: 900 })
    await signIn(page)
    await page.goto(`/dashboard/labs/${ids.deep}`)
    const cut = page.getByRole("link", { name: LONG }).first()
    await cut.waitFor()
    expect(await cut.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(true)
    await cut.hover()
    const tip = page.getByTestId("truncation-tip")
    await expect.poll(() => tip.textContent()).toBe(LONG)
    await page.mouse.move(0, 0)
    await tip.waitFor({ state: "detached" })
    await cut.focus()
    await expect.poll(() => tip.textContent()).toBe(LONG)
    await snap(page, "s-truncation-tip")
    await page.keyboard.press("Escape")
    await tip.waitFor({ state: "detached" })
  })

  it("menus move with the arrow keys, dialogs keep and give back focus, and Escape closes both", async () => {
    const page = await open({ width: 1440, height: 900 })
    await signIn(page)
    // The account menu: Enter opens it on its first item, arrows move, Escape closes and returns.
    const account = page.getByRole("button", { name: "Account menu" })
    await account.focus()
    await page.keyboard.press("Enter")
    const menu = page.getByRole("menu")
    await menu.waitFor()
    await expectAccessible(page, "account-menu")
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "")
    expect(await focusedText()).toBe("Manage Account")
    await page.keyboard.press("ArrowDown")
    expect(await focusedText()).toBe("Change Password")
    await page.keyboard.press("End")
    expect(await focusedText()).toBe("Logout")
    await page.keyboard.press("ArrowDown")
    expect(await focusedText()).toBe("Manage Account")
    await page.keyboard.press("Escape")
    await menu.waitFor({ state: "detached" })
    expect(await account.evaluate((button) => button === document.activeElement)).toBe(true)

    // The create-folder dialog: focus starts in its field, Tab stays inside, Escape gives it back.
    const newFolder = page.getByTestId("new-folder")
    await newFolder.focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog")
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT")
    await expectAccessible(page, "create-folder-dialog")
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab")
      expect(await focusInside(page, "dialog[open]")).toBe(true)
    }
    await page.keyboard.press("Escape")
    await dialog.waitFor({ state: "detached" })
    expect(await newFolder.evaluate((button) => button === document.activeElement)).toBe(true)

    // Every control shows where focus is: a visible ring (outline or box shadow) on each Tab stop.
    await page.goto(`/dashboard/labs/${ids.deep}`)
    await page.getByTestId("lab-item").first().waitFor()
    await page.locator("body").focus()
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab")
      const ring = await page.evaluate(() => {
        const element = document.activeElement
        if (element === null || element === document.body) return "none"
        const style = getComputedStyle(element)
        const outlined = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0
        return outlined || style.boxShadow !== "none" ? "shown" : element.outerHTML.slice(0, 120)
      })
      expect(ring, `Tab stop ${i + 1} has no focus ring`).toBe("shown")
    }
  })

  it("respects reduced motion: dialogs and notices appear without animating", async () => {
    const page = await open({ width: 1440, height: 900 }, { reducedMotion: "reduce" })
    await signIn(page)
    await page.getByTestId("new-folder").click()
    const dialog = page.locator("dialog[open]")
    await dialog.waitFor()
    const duration = await dialog.evaluate((element) => Number.parseFloat(getComputedStyle(element).animationDuration))
    expect(duration).toBeLessThan(0.001)
    await page.keyboard.press("Escape")
  })
})
