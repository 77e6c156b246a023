// The slide viewer in Chromium against the real server, finding its way around a ready slide: it
// opens in OpenSeadragon with its tiles served from /v2/media/slides (authorised by the media cookie
// set at sign-in) and the navigator; zoom (indicator and scale bar follow), rotation, full screen and
// the keyboard. The slides and the server: tests/e2e/support/viewer-world.ts.
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { expectAccessible } from "./support/a11y.ts"
import { snap } from "./support/browser.ts"
import { canvasContent, viewerOf, waitOpen } from "./support/slide-viewer.ts"
import { viewerWorld } from "./support/viewer-world.ts"

const { w, signedInPage, watchTiles, slideUrl, zoomText, scaleText, micronsPerPixel, rotationOf } = viewerWorld("viewer", { webgl: true })

describe("slide viewer", () => {
  let owner: Page
  let tiles: Array<{ url: string; status: number }>

  it("a ready slide opens: tiles come from the media route, the canvas shows them, the navigator is there", async () => {
    owner = await signedInPage(w.ada.email)
    tiles = watchTiles(owner)
    await owner.goto(slideUrl(w.slides.ready))
    await waitOpen(owner)
    await expect.poll(() => tiles.filter((t) => t.status === 200).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    expect(tiles.filter((t) => t.status !== 200)).toEqual([])
    // Software WebGL in a loaded headless Chromium can take more than 30 s to paint the first
    // tiles it has (seen in clean-clone runs with other work on the machine, load average 11).
    await expect.poll(async () => (await canvasContent(owner)).painted, { timeout: 60_000 }).toBeGreaterThan(0.4)
    expect((await canvasContent(owner)).colours).toBeGreaterThan(50)

    const navigator = viewerOf(owner).locator(".navigator")
    await navigator.waitFor()
    const [box, frame] = [await navigator.boundingBox(), await viewerOf(owner).boundingBox()]
    expect(box && frame).toBeTruthy()
    // Small, in the bottom-right corner.
    expect(box!.width).toBeLessThan(frame!.width / 3)
    expect(box!.x + box!.width).toBeGreaterThan(frame!.x + frame!.width * 0.75)
    expect(box!.y + box!.height).toBeGreaterThan(frame!.y + frame!.height * 0.75)

    await expect.poll(() => owner.getByRole("heading", { name: "Liver H&E 40x.tif" }).count()).toBe(1)
    expect(await owner.getByTestId("slide-facts").textContent()).toBe("4,000 × 3,000 px · 0.2500 µm/px")
    expect(await owner.title()).toContain("Liver H&E 40x.tif")
    await snap(owner, "v01-ready-slide")
    await expectAccessible(owner, "v01-ready-slide")
  })

  it("the scale bar shows micrometres and the magnification; zooming in changes both", async () => {
    await expect.poll(() => scaleText(owner)).toMatch(/^\d+ (µm|mm)$/)
    expect(await scaleText(owner)).toContain("µm")
    const zoomBefore = await zoomText(owner)
    const scaleBefore = await micronsPerPixel(owner)
    expect(zoomBefore).toMatch(/^[\d.]+x$/)

    await owner.getByRole("button", { name: "Zoom in" }).click()
    await expect.poll(() => zoomText(owner)).not.toBe(zoomBefore)
    // Closer in, a screen pixel stands for fewer micrometres, and the objective is stronger.
    await owner.waitForTimeout(900)
    expect(Number.parseFloat((await zoomText(owner))!)).toBeGreaterThan(Number.parseFloat(zoomBefore!))
    expect(await micronsPerPixel(owner)).toBeLessThan(scaleBefore / 1.3)
    await snap(owner, "v02-zoomed-in")
    await expectAccessible(owner, "v02-zoomed-in")

    // The keyboard: - zooms back out, 0 shows the whole slide again.
    const zoomed = await zoomText(owner)
    await owner.keyboard.press("-")
    await expect.poll(() => zoomText(owner)).not.toBe(zoomed)
    await owner.keyboard.press("+")
    await owner.keyboard.press("+")
    await owner.waitForTimeout(900)
    await owner.keyboard.press("0")
    await expect.poll(() => zoomText(owner), { timeout: 5_000 }).toBe(zoomBefore)
    // More tiles arrived for the closer levels, all of them allowed.
    expect(tiles.filter((t) => t.status !== 200)).toEqual([])
  })

  it("rotates the viewport in 90° steps, by the buttons and by R / Shift+R", async () => {
    expect(await rotationOf(owner)).toBe("0")
    await owner.getByRole("button", { name: "Rotate right 90°" }).click()
    await expect.poll(() => rotationOf(owner)).toBe("90")
    await owner.waitForTimeout(800)
    await snap(owner, "v03-rotated")
    await expectAccessible(owner, "v03-rotated")
    await owner.getByRole("button", { name: "Rotate left 90°" }).click()
    await expect.poll(() => rotationOf(owner)).toBe("0")
    await owner.keyboard.press("Shift+R")
    await expect.poll(() => rotationOf(owner)).toBe("270")
    await owner.keyboard.press("r")
    await owner.keyboard.press("r")
    await expect.poll(() => rotationOf(owner)).toBe("90")
    // With the canvas focused, OpenSeadragon hears the keys first: it must leave them to the page,
    // or one press would turn twice (and F would mirror the slide).
    await viewerOf(owner).click()
    await owner.keyboard.press("r")
    await expect.poll(() => rotationOf(owner)).toBe("180")
    await owner.waitForTimeout(300)
    expect(await rotationOf(owner)).toBe("180")
    await owner.keyboard.press("Shift+R")
    await expect.poll(() => rotationOf(owner)).toBe("90")
  })

  it("goes full screen and back, by the button, by F and when the browser leaves it", async () => {
    const fullScreenElement = () => owner.evaluate(() => document.fullscreenElement?.tagName ?? null)
    const layout = owner.getByTestId("slide-layout")
    await owner.getByRole("button", { name: "Full screen" }).click()
    await expect.poll(fullScreenElement).toBe("HTML")
    await expect.poll(() => layout.getAttribute("data-full-screen")).toBe("true")
    await owner.waitForTimeout(500)
    await snap(owner, "v04-full-screen")
    await expectAccessible(owner, "v04-full-screen")
    await owner.getByRole("button", { name: "Exit full screen" }).click()
    await expect.poll(fullScreenElement).toBeNull()
    await expect.poll(() => layout.getAttribute("data-full-screen")).toBe("false")

    await owner.keyboard.press("f")
    await expect.poll(fullScreenElement).toBe("HTML")
    // The w.browser leaves full screen by itself (as on Escape): the page follows.
    await owner.evaluate(() => document.exitFullscreen())
    await expect.poll(() => layout.getAttribute("data-full-screen")).toBe("false")
    expect(await owner.getByRole("button", { name: "Full screen" }).count()).toBe(1)
  })

  it("Tab reaches the slide, which pans with the arrow keys and zooms with + and -", async () => {
    await owner.getByRole("button", { name: "Zoom in" }).click()
    await owner.getByRole("button", { name: "Zoom in" }).click()
    await owner.waitForTimeout(900)
    // From the top bar's way back, the first control of the viewer, onwards as a keyboard user goes.
    await owner
      .getByRole("link", { name: /^Back to/ })
      .first()
      .focus()
    const onCanvas = () => owner.evaluate(() => document.activeElement?.getAttribute("role") === "application")
    for (let i = 0; i < 40 && !(await onCanvas()); i++) await owner.keyboard.press("Tab")
    expect(await onCanvas()).toBe(true)
    const canvas = viewerOf(owner).getByRole("application", { name: "Slide" })
    expect(await canvas.getAttribute("aria-describedby")).toBeTruthy()
    // The navigator's frame shows where the view is: the arrows move it.
    const frame = () =>
      viewerOf(owner)
        .locator(".displayregion")
        .evaluate((e) => `${(e as HTMLElement).style.left},${(e as HTMLElement).style.top}`)
    const before = await frame()
    for (const key of ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"]) await owner.keyboard.press(key)
    await expect.poll(frame, { timeout: 20_000 }).not.toBe(before)
    // The zoom read once the view has come to rest: read mid-animation, "-" could land back on it.
    let zoom = await zoomText(owner)
    await expect
      .poll(async () => {
        const [was, now] = [zoom, await zoomText(owner)]
        zoom = now
        return now === was
      })
      .toBe(true)
    await owner.keyboard.press("-")
    await expect.poll(async () => Number.parseFloat((await zoomText(owner)) ?? "")).toBeLessThan(Number.parseFloat(zoom ?? ""))
    await expectAccessible(owner, "v04b-slide-focused")
    await owner.keyboard.press("0")
  })
})
