// Who has the slide open, in Chromium against the real server (the slide's presence channel): Ada has
// the slide open; Grace (a reviewer) opens it and appears in Ada's top bar within moments; a second
// tab of Grace's is still one Grace, and closing it keeps her there; closing her last tab takes her
// off Ada's bar within moments, and so does leaving the slide for the labs list. The bounds asserted
// here are generous polls for a loaded machine; the figures measured are printed, and
// tests/bench/presence.bench.ts measures them properly (target: appear < 2 s, disappear < 10 s).
import type { Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createSignedIn, type SignedIn } from "../support/api.ts"
import { share } from "../server/support/labs-api.ts"
import { openSlide, signInAs, snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { startWorld, stopWorld, type World } from "./support/session.ts"

let world: World
let ada: SignedIn
let grace: SignedIn
let slideId = ""
let adaPage: Page
let gracePages: Page[] = []

/** How many times Grace is shown in Ada's top bar. */
const graceShown = () => adaPage.locator(`[data-testid=presence-viewer][data-email='${grace.email}']`).count()

/** Opens the slide in a new tab of Grace's (her session is shared by the context's storage). */
const graceOpens = async (): Promise<{ page: Page; shownAfterMs: number }> => {
  const context = gracePages[0]?.context() ?? (await newContext(world.browser, world.server.url))
  const page = await context.newPage()
  gracePages.push(page)
  if (gracePages.length === 1) await signInAs(page, grace)
  await page.goto(`/dashboard/labs/${slideId}/annotations`)
  // From the moment her viewer is open (the slide's first paint may take long on a loaded machine).
  await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
  const open = Date.now()
  await expect.poll(graceShown, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0)
  return { page, shownAfterMs: Date.now() - open }
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.presence@example.org" })
  grace = await createSignedIn(world.server, { name: "Grace Hopper", email: "grace.presence@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Presence", file: "Lymph node.jpg", dots: 20 })
  slideId = made.slideId
  await share(world.server, ada, made.folderId, grace, "reviewer")
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  await signInAs(adaPage, ada)
  await openSlide(adaPage, slideId)
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("presence", () => ({ ada: adaPage, grace: gracePages[0] }))

describe("presence on a slide", () => {
  it("Grace appears on Ada's screen as she opens the slide, once however many tabs she has", async () => {
    expect(await graceShown()).toBe(0)
    const box = await adaPage.getByTestId("slide-viewer").boundingBox()
    const first = await graceOpens()
    console.info(`presence: Grace shown on Ada's screen ${first.shownAfterMs} ms after her viewer opened`)
    expect(first.shownAfterMs).toBeLessThan(10_000)
    await adaPage.getByRole("list", { name: "Also on this slide" }).getByRole("img", { name: "Grace Hopper" }).waitFor()
    // Her avatar takes no room from the slide: the viewer keeps its size (a resize redraws every tile).
    expect(await adaPage.getByTestId("slide-viewer").boundingBox()).toEqual(box)
    // Ada is not listed to herself; Grace sees Ada.
    expect(await adaPage.locator(`[data-testid=presence-viewer][data-email='${ada.email}']`).count()).toBe(0)
    await expect
      .poll(() => first.page.locator(`[data-testid=presence-viewer][data-email='${ada.email}']`).count(), { timeout: 10_000 })
      .toBe(1)
    await snap(adaPage, "presence-01-ada-sees-grace")

    const second = await graceOpens()
    expect(await graceShown()).toBe(1)
    await second.page.close()
    gracePages = gracePages.filter((p) => p !== second.page)
    // One of her tabs closed: she still has the slide open.
    await adaPage.waitForTimeout(1_500)
    expect(await graceShown()).toBe(1)
  }, 120_000)

  it("Grace leaves Ada's screen when she closes her last tab, and when she leaves the slide", async () => {
    const [page] = gracePages
    if (page === undefined) throw new Error("Grace has no tab open")
    const context = page.context()
    const closing = Date.now()
    await page.close()
    await expect.poll(graceShown, { timeout: 15_000, interval: 50 }).toBe(0)
    const goneAfterClose = Date.now() - closing
    console.info(`presence: Grace gone from Ada's screen ${goneAfterClose} ms after her tab closed`)
    expect(goneAfterClose).toBeLessThan(15_000)
    await snap(adaPage, "presence-02-grace-gone")

    const again = await context.newPage()
    gracePages = [again]
    await again.goto(`/dashboard/labs/${slideId}/annotations`)
    await again.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
    await expect.poll(graceShown, { timeout: 10_000, interval: 50 }).toBe(1)
    const leaving = Date.now()
    await again.goto("/dashboard/labs")
    await expect.poll(graceShown, { timeout: 15_000, interval: 50 }).toBe(0)
    console.info(`presence: Grace gone from Ada's screen ${Date.now() - leaving} ms after she left the slide`)
  }, 120_000)
})
