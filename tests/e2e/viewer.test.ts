// The slide viewer in Chromium against the real server: a ready slide opens in OpenSeadragon with
// its tiles served from /v2/media/slides (authorised by the media cookie set at sign-in), the
// navigator, zoom (indicator and scale bar follow), rotation, full screen and keyboard shortcuts; a
// slide without microns per pixel says its scale is unknown; a slide still processing shows the
// preparing panel and opens by itself when its status event says ready; a stranger gets the
// not-found page; a visitor without an account opens a public slide read-only.
//
// The ready slides come in through the upload API (POST /v2/slides/upload/{folder}) and the real
// slide worker: a generated 4000x3000 TIFF that records 0.25 µm per pixel, and a JPEG that records
// nothing. The slide "still processing" is a lab row left in that state, then given a copy of a
// built pyramid and flipped to ready with its upload.status event, as the worker does: so the test
// decides when it becomes ready, not the worker's speed.
import { randomUUID } from "node:crypto"
import { cp } from "node:fs/promises"
import { join } from "node:path"
import type { Browser, BrowserContext, Page, Response } from "playwright-core"
import sharp from "sharp"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { api, createAccount, PASSWORD, type SignedIn, signIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { uploadWhole, waitForStatus } from "../server/support/slides-api.ts"
import { expectAccessible } from "./support/a11y.ts"
import { launchBrowser, snap } from "./support/browser.ts"
import { canvasContent, viewerOf, waitOpen } from "./support/slide-viewer.ts"
import { expectUrl } from "./support/session.ts"

const WIDTH = 4000
const HEIGHT = 3000

let server: StartedServer
let browser: Browser
/** DATA_DIR/slides/<key> of a slide the worker built, copied for the slide flipped to ready. */
let builtPyramid = ""
const contexts: BrowserContext[] = []
const pages: Page[] = []
let ada: SignedIn
let bob: SignedIn
let folderId = ""
const slides = { ready: "", noScale: "", processing: "", public: "" }

/** A stained-tissue look-alike: a pink-to-violet gradient with nuclei and larger pink blobs. */
const tissueSvg = (): string => {
  let seed = 7
  const next = () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  const blobs = Array.from(
    { length: 40 },
    () =>
      `<ellipse cx="${next() * WIDTH}" cy="${next() * HEIGHT}" rx="${80 + next() * 220}" ry="${60 + next() * 160}" fill="#e58fb8" fill-opacity="0.55"/>`
  )
  const nuclei = Array.from(
    { length: 900 },
    () => `<circle cx="${next() * WIDTH}" cy="${next() * HEIGHT}" r="${6 + next() * 18}" fill="#5b2d8e" fill-opacity="0.85"/>`
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7dbe8"/><stop offset="1" stop-color="#c9a3dc"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
    ${blobs.join("")}${nuclei.join("")}
    <rect x="40" y="40" width="${WIDTH - 80}" height="${HEIGHT - 80}" fill="none" stroke="#7b4b98" stroke-width="24"/>
  </svg>`
}

/** A copy of the built pyramid under a fresh build key, as the worker would leave it. */
const installPyramid = async (): Promise<string> => {
  const key = randomUUID().replaceAll("-", "")
  await cp(builtPyramid, join(server.dataDir, "slides", key), { recursive: true })
  return key
}

/** Uploads a file into the folder and waits for the worker to make it a ready slide. */
const uploadSlide = async (name: string, bytes: Uint8Array): Promise<{ id: string; tileSource: string }> => {
  const reply = await uploadWhole(server, ada, folderId, name, bytes)
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  const lab = await waitForStatus(server, ada, reply.body.data.lab.id, ["ready", "failed"], 90_000)
  expect(lab.status).toBe("ready")
  return { id: lab.id, tileSource: lab.tile_source }
}

/** A file lab row in a state of our choosing (no upload behind it). */
const insertSlide = async (name: string, fields: { status: string; key: string | null; mpp: number | null }): Promise<string> => {
  const id = randomUUID()
  await server.withDb(async (db) => {
    const now = new Date().toISOString()
    await db
      .insertInto("labs")
      .values({
        id,
        owner_id: ada.id,
        parent_id: folderId,
        name,
        name_lower: name.toLowerCase(),
        is_dir: 0,
        status: fields.status,
        size: 2_400_000,
        description: null,
        thumbnail: null,
        blob_key: null,
        is_public: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        trash_id: null,
        width: fields.key === null ? null : WIDTH,
        height: fields.key === null ? null : HEIGHT,
        mpp: fields.mpp,
        slide_key: fields.key
      })
      .execute()
  })
  return id
}

/** What the slide worker does when a pyramid is done: the lab becomes ready, with its event. */
const markReady = async (labId: string, key: string) => {
  await server.withDb(async (db) => {
    const now = new Date().toISOString()
    await db
      .updateTable("labs")
      .set({ status: "ready", slide_key: key, width: WIDTH, height: HEIGHT, mpp: 0.25, updated_at: now })
      .where("id", "=", labId)
      .execute()
    await db
      .insertInto("events")
      .values({
        id: randomUUID(),
        actor_id: null,
        kind: "upload.status",
        lab_id: labId,
        payload: JSON.stringify({ status: "ready", thumbnail: null, thumbnail_url: null, parent_id: folderId }),
        created_at: now,
        published_at: null
      })
      .execute()
  })
}

const newPage = async (viewport = { width: 1440, height: 900 }, locale = "en-US"): Promise<Page> => {
  const context = await browser.newContext({ baseURL: server.url, viewport, locale })
  contexts.push(context)
  const page = await context.newPage()
  pages.push(page)
  return page
}

const signedInPage = async (email: string, viewport?: { width: number; height: number }): Promise<Page> => {
  const page = await newPage(viewport)
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expectUrl(page, /\/dashboard\/labs$/)
  return page
}

const TILE = /\/v2\/media\/slides\/[^/]+\/[0-9a-f]{32}\/slide_files\/\d+\/\d+_\d+\.jpe?g$/

/** Every tile answer the page receives from now on. */
const watchTiles = (page: Page) => {
  const answers: Array<{ url: string; status: number }> = []
  page.on("response", (response: Response) => {
    if (TILE.test(new URL(response.url()).pathname)) answers.push({ url: response.url(), status: response.status() })
  })
  return answers
}

const slideUrl = (id: string) => `/dashboard/labs/${id}/annotations`

const zoomText = (page: Page) => page.getByTestId("zoom-indicator").textContent()
const scaleText = (page: Page) => page.getByTestId("scale-bar-label").textContent()
/** What one screen pixel stands for: the bar's length over its width (the bar picks round lengths). */
const micronsPerPixel = async (page: Page): Promise<number> => {
  const text = (await scaleText(page)) ?? ""
  const microns = Number.parseFloat(text) * (text.endsWith("mm") ? 1000 : 1)
  const width = (await page.getByTestId("scale-bar").locator("span").last().boundingBox())?.width ?? 0
  return width > 0 ? microns / width : Number.NaN
}
const rotationOf = (page: Page) => viewerOf(page).getAttribute("data-rotation")

beforeAll(async () => {
  // STATIC_DIR lets a run use an SPA build of its own; `npm run test:e2e` builds ./dist.
  server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
  browser = await launchBrowser()

  ada = await signIn(server, await createAccount(server, { email: "ada@viewer.example", name: "Ada Lovelace", password: PASSWORD }))
  bob = await signIn(server, await createAccount(server, { email: "bob@viewer.example", name: "Bob Marley", password: PASSWORD }))
  const folder = await api(server).post("/v2/labs/", { name: "Histology 2026", parent: null }, { token: ada.access })
  expect(folder.status).toBe(201)
  folderId = folder.body.data.data.results[0].id

  const tissue = sharp(Buffer.from(tissueSvg()))
  // sharp's xres is pixels per mm: 4000 px/mm is 0.25 µm per pixel, a 40x scan.
  const tiff = await tissue
    .clone()
    .tiff({ compression: "jpeg", quality: 85, tile: true, xres: 4000, yres: 4000, resolutionUnit: "cm" })
    .toBuffer()
  const jpeg = await tissue.clone().jpeg({ quality: 85 }).toBuffer()
  const ready = await uploadSlide("Liver H&E 40x.tif", tiff)
  slides.ready = ready.id
  slides.noScale = (await uploadSlide("Kidney photo.jpg", jpeg)).id
  slides.public = (await uploadSlide("Teaching case.tif", tiff)).id
  const key = /\/([0-9a-f]{32})\/slide\.dzi$/.exec(ready.tileSource)?.[1]
  expect(key).toBeDefined()
  builtPyramid = join(server.dataDir, "slides", key!)
  slides.processing = await insertSlide("Lung biopsy.svs", { status: "processing", key: null, mpp: null })
  const published = await api(server).put(
    "/v2/labs/metadata/",
    { lab_id: slides.public, name: "mylab-is_public", value: "true" },
    { token: ada.access }
  )
  expect(published.status, JSON.stringify(published.body)).toBe(200)
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    for (const [i, page] of pages.entries()) if (!page.isClosed()) await snap(page, `failed-viewer-${i}-${task.name.replace(/\W+/g, "-")}`)
  }
})

describe("slide viewer", () => {
  let owner: Page
  let tiles: Array<{ url: string; status: number }>

  it("a ready slide opens: tiles come from the media route, the canvas shows them, the navigator is there", async () => {
    owner = await signedInPage(ada.email)
    tiles = watchTiles(owner)
    await owner.goto(slideUrl(slides.ready))
    await waitOpen(owner)
    await expect.poll(() => tiles.filter((t) => t.status === 200).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    expect(tiles.filter((t) => t.status !== 200)).toEqual([])
    await expect.poll(async () => (await canvasContent(owner)).painted, { timeout: 15_000 }).toBeGreaterThan(0.4)
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
    // The browser leaves full screen by itself (as on Escape): the page follows.
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
    await expect.poll(frame, { timeout: 5_000 }).not.toBe(before)
    const zoom = await zoomText(owner)
    await owner.keyboard.press("-")
    await expect.poll(() => zoomText(owner)).not.toBe(zoom)
    await expectAccessible(owner, "v04b-slide-focused")
    await owner.keyboard.press("0")
  })

  it("a slide without microns per pixel shows its zoom as a percentage and says the scale is unknown", async () => {
    await owner.goto(slideUrl(slides.noScale))
    await waitOpen(owner)
    await owner.getByTestId("scale-unknown").waitFor()
    expect(await owner.getByTestId("scale-bar").count()).toBe(0)
    await expect.poll(() => zoomText(owner)).toMatch(/^[\d.]+%$/)
    await snap(owner, "v05-scale-unknown")
    await expectAccessible(owner, "v05-scale-unknown")
  })

  it("a slide still processing shows the preparing panel and opens live when it is ready", async () => {
    await owner.goto(slideUrl(slides.processing))
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
    await markReady(slides.processing, await installPyramid())
    await waitOpen(owner)
    expect(await owner.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    await expect.poll(async () => (await canvasContent(owner)).painted, { timeout: 15_000 }).toBeGreaterThan(0.4)
    await snap(owner, "v07-opened-live")
    await expectAccessible(owner, "v07-opened-live")
  })

  it("a stranger gets the not-found page and no tiles", async () => {
    const stranger = await signedInPage(bob.email)
    const strangerTiles = watchTiles(stranger)
    await stranger.goto(slideUrl(slides.ready))
    await stranger.getByTestId("slide-missing").waitFor()
    expect(await stranger.getByRole("heading", { name: "Slide not found" }).count()).toBe(1)
    expect(await stranger.getByRole("link", { name: "Back to All Files" }).count()).toBe(1)
    expect(strangerTiles).toEqual([])
    // Even with the tile address in hand, the media route refuses.
    const tileUrl = tiles[0]!.url
    const refused = await stranger.evaluate(async (url) => (await fetch(url)).status, tileUrl)
    expect(refused).toBe(404)
    await snap(stranger, "v08-stranger-not-found")
    await expectAccessible(stranger, "v08-stranger-not-found")
  })

  it("a visitor without an account opens a public slide read-only, and not a private one", async () => {
    const guest = await newPage()
    const guestTiles = watchTiles(guest)
    await guest.goto(slideUrl(slides.public))
    await waitOpen(guest)
    await expect.poll(() => guestTiles.filter((t) => t.status === 200).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    expect(guestTiles.filter((t) => t.status !== 200)).toEqual([])
    await expect.poll(async () => (await canvasContent(guest)).painted, { timeout: 15_000 }).toBeGreaterThan(0.4)
    await guest.getByTestId("view-only").waitFor()
    expect(await guest.getByRole("link", { name: "Sign in" }).count()).toBeGreaterThan(0)
    // Nothing to draw with: every drawing tool is unavailable.
    const tools = guest.getByRole("toolbar", { name: "Tools" }).getByRole("button")
    expect(await tools.count()).toBe(7)
    expect(await guest.getByRole("toolbar", { name: "Tools" }).locator('[aria-disabled="true"]').count()).toBe(6)
    await guest.getByRole("button", { name: "Zoom in" }).click()
    await expect.poll(() => scaleText(guest)).toMatch(/µm$/)
    await snap(guest, "v09-guest-public-slide")
    await expectAccessible(guest, "v09-guest-public-slide")

    // A private slide's link goes to sign-in, keeping the slide to come back to.
    await guest.goto(slideUrl(slides.ready))
    await guest.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === slideUrl(slides.ready))
    await snap(guest, "v10-guest-private-slide")
    await expectAccessible(guest, "v10-guest-private-slide")
  })

  it("gives the slide the room at 1440x900: the sidebar folds to its rail, the side panel starts closed, tiles show progress", async () => {
    const page = await signedInPage(ada.email)
    const sidebar = page.locator('aside[aria-label="Main navigation"]')
    // The labs page keeps the sidebar open (the default on a wide window).
    expect(await sidebar.getAttribute("data-expanded")).toBe("true")
    // Tiles answer slowly: the stage says they are coming rather than staying an empty grey ground.
    await page.route(TILE, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await route.continue()
    })
    await page.goto(slideUrl(slides.ready))
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
    await page.goto(slideUrl(slides.noScale))
    await waitOpen(page)
    await page.getByTestId("annotation-side-panel").waitFor()
    await page.getByRole("link", { name: "Back to Histology 2026" }).click()
    await expectUrl(page, /\/dashboard\/labs\/[^/]+$/)
    await expect.poll(() => sidebar.getAttribute("data-expanded")).toBe("true")
    await page.close()
  })

  it("fits a 1024x768 screen, and speaks Indonesian", async () => {
    const small = await signedInPage(ada.email, { width: 1024, height: 768 })
    await small.goto(slideUrl(slides.ready))
    await waitOpen(small)
    await expect.poll(async () => (await canvasContent(small)).painted, { timeout: 15_000 }).toBeGreaterThan(0.3)
    // The layout fills the window under the header without a page scroll bar.
    expect(await small.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true)
    await snap(small, "v11-1024x768")
    await expectAccessible(small, "v11-1024x768")

    await small.goto(`/id${slideUrl(slides.ready)}`)
    await waitOpen(small)
    expect(await small.getByRole("button", { name: "Perbesar", exact: true }).count()).toBe(1)
    await snap(small, "v12-indonesian")
    await expectAccessible(small, "v12-indonesian")
  })
})
