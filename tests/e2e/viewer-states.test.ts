// The slide viewer in Chromium against the real server, in its other states and for other people: a
// slide without microns per pixel says its scale is unknown; a slide still processing shows the
// preparing panel and opens by itself when its status event says ready; a stranger gets the not-found
// page; a visitor without an account opens a public slide read-only; the layout at 1440x900 and
// 1024x768, in Indonesian. The slides and the server: tests/e2e/support/viewer-world.ts.
import type { Page } from "playwright-core"
import { beforeAll, describe, expect, it } from "vitest"
import { expectAccessible } from "./support/a11y.ts"
import { snap } from "./support/browser.ts"
import { canvasContent, viewerOf, waitOpen } from "./support/slide-viewer.ts"
import { expectUrl } from "./support/session.ts"
import { TILE, viewerWorld } from "./support/viewer-world.ts"

const { w, newPage, signedInPage, watchTiles, slideUrl, zoomText, scaleText, installPyramid, markReady } = viewerWorld("viewer-states")

describe("slide viewer, other states and other people", () => {
  let owner: Page
  beforeAll(async () => {
    owner = await signedInPage(w.ada.email)
  })

  it("a slide without microns per pixel shows its zoom as a percentage and says the scale is unknown", async () => {
    await owner.goto(slideUrl(w.slides.noScale))
    await waitOpen(owner)
    await owner.getByTestId("scale-unknown").waitFor()
    expect(await owner.getByTestId("scale-bar").count()).toBe(0)
    await expect.poll(() => zoomText(owner)).toMatch(/^[\d.]+%$/)
    await snap(owner, "v05-scale-unknown")
    await expectAccessible(owner, "v05-scale-unknown")
  })

  it("a slide still processing shows the preparing panel and opens live when it is ready", async () => {
    await owner.goto(slideUrl(w.slides.processing))
    await owner.getByTestId("slide-preparing").waitFor()
    expect(await owner.getByTestId("slide-preparing").textContent()).toContain("Preparing the slide…")
    expect(await owner.getByTestId("slide-viewer").count()).toBe(0)
    await snap(owner, "v06-preparing")
    await expectAccessible(owner, "v06-preparing")
    // Marks this document: a reload would lose the mark.
    await owner.evaluate(() => {
      ;(window as unknown as { stillHere: boolean }).stillHere = true
    })
    // Give the page time to join the lab's channel before the event is sent.
    await owner.waitForTimeout(1500)
    await markReady(w.slides.processing, await installPyramid())
    await waitOpen(owner)
    expect(await owner.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    await expect.poll(async () => (await canvasContent(owner)).painted, { timeout: 15_000 }).toBeGreaterThan(0.4)
    await snap(owner, "v07-opened-live")
    await expectAccessible(owner, "v07-opened-live")
  })

  it("a stranger gets the not-found page and no tiles", async () => {
    const stranger = await signedInPage(w.bob.email)
    const strangerTiles = watchTiles(stranger)
    await stranger.goto(slideUrl(w.slides.ready))
    await stranger.getByTestId("slide-missing").waitFor()
    expect(await stranger.getByRole("heading", { name: "Slide not found" }).count()).toBe(1)
    expect(await stranger.getByRole("link", { name: "Back to All Files" }).count()).toBe(1)
    expect(strangerTiles).toEqual([])
    // Even with the tile address in hand, the media route refuses.
    const tileUrl = `${w.server.url}${w.readyTileSource.replace(/slide\.dzi$/, "slide_files/0/0_0.jpeg")}`
    const refused = await stranger.evaluate(async (url) => (await fetch(url)).status, tileUrl)
    expect(refused).toBe(404)
    await snap(stranger, "v08-stranger-not-found")
    await expectAccessible(stranger, "v08-stranger-not-found")
  })

  it("a visitor without an account opens a public slide read-only, and not a private one", async () => {
    const guest = await newPage()
    const guestTiles = watchTiles(guest)
    await guest.goto(slideUrl(w.slides.public))
    await waitOpen(guest)
    await expect.poll(() => guestTiles.filter((t) => t.status === 200).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    expect(guestTiles.filter((t) => t.status !== 200)).toEqual([])
    await expect.poll(async () => (await canvasContent(guest)).painted, { timeout: 15_000 }).toBeGreaterThan(0.4)
    await guest.getByTestId("view-only").waitFor()
    expect(await guest.getByRole("link", { name: "Sign in" }).count()).toBeGreaterThan(0)
    // Nothing to draw with: every drawing tool is unavailable.
    const tools = guest.getByRole("toolbar", { name: "Tools" }).getByRole("button")
    expect(await tools.count()).toBe(11)
    expect(await guest.getByRole("toolbar", { name: "Tools" }).locator('[aria-disabled="true"]').count()).toBe(10)
    await guest.getByRole("button", { name: "Zoom in" }).click()
    await expect.poll(() => scaleText(guest)).toMatch(/µm$/)
    await snap(guest, "v09-guest-public-slide")
    await expectAccessible(guest, "v09-guest-public-slide")

    // A private slide's link goes to sign-in, keeping the slide to come back to.
    await guest.goto(slideUrl(w.slides.ready))
    await guest.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === slideUrl(w.slides.ready))
    await snap(guest, "v10-guest-private-slide")
    await expectAccessible(guest, "v10-guest-private-slide")
  })

  it("gives the slide the room at 1440x900: the sidebar folds to its rail, the side panel starts closed, tiles show progress", async () => {
    const page = await signedInPage(w.ada.email)
    const sidebar = page.locator('aside[aria-label="Main navigation"]')
    // The labs page keeps the sidebar open (the default on a wide window).
    // Read once the shell has settled it: under load the first paint can still carry the folded default.
    await expect.poll(() => sidebar.getAttribute("data-expanded")).toBe("true")
    // Tiles answer slowly: the stage says they are coming rather than staying an empty grey ground.
    await page.route(TILE, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await route.continue()
    })
    await page.goto(slideUrl(w.slides.ready))
    await page.getByTestId("tiles-loading").waitFor()
    expect(await page.getByTestId("tiles-loading").textContent()).toBe("Loading tiles…")
    await snap(page, "v01b-tiles-loading")
    await waitOpen(page)
    await page.getByTestId("tiles-loading").waitFor({ state: "detached", timeout: 30_000 })
    expect(await viewerOf(page).getAttribute("data-tiles")).toBe("loaded")
    await page.unroute(TILE)

    // The rail, no side panel: the stage takes at least 80 % of the window's width.
    await expect.poll(() => sidebar.getAttribute("data-expanded")).toBe("false")
    expect(await page.getByTestId("annotation-side-panel").count()).toBe(0)
    await expect.poll(async () => (await page.getByTestId("slide-stage").boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(0.8 * 1440)
    await snap(page, "v01c-room-for-the-slide")
    await expectAccessible(page, "v01c-room-for-the-slide")

    // Opened once, the panel stays open for the next slide; back in the labs the sidebar is open again.
    await page.getByRole("button", { name: "Show slide details" }).click()
    await page.getByTestId("annotation-side-panel").waitFor()
    await page.goto(slideUrl(w.slides.noScale))
    await waitOpen(page)
    await page.getByTestId("annotation-side-panel").waitFor()
    await page.getByRole("link", { name: "Back to Histology 2026" }).click()
    await expectUrl(page, /\/dashboard\/labs\/[^/]+$/)
    await expect.poll(() => sidebar.getAttribute("data-expanded")).toBe("true")
    await page.close()
  })

  it("fits a 1024x768 screen, and speaks Indonesian", async () => {
    const small = await signedInPage(w.ada.email, { width: 1024, height: 768 })
    await small.goto(slideUrl(w.slides.ready))
    await waitOpen(small)
    await expect.poll(async () => (await canvasContent(small)).painted, { timeout: 15_000 }).toBeGreaterThan(0.3)
    // The layout fills the window under the header without a page scroll bar.
    expect(await small.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true)
    await snap(small, "v11-1024x768")
    await expectAccessible(small, "v11-1024x768")

    await small.goto(`/id${slideUrl(w.slides.ready)}`)
    await waitOpen(small)
    expect(await small.getByRole("button", { name: "Perbesar", exact: true }).count()).toBe(1)
    await snap(small, "v12-indonesian")
    await expectAccessible(small, "v12-indonesian")
  })
})
