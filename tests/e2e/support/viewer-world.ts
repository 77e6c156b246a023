// The world both viewer files open: one real server, one Chromium, Ada and Bob, a folder with three
// slides built by the real upload API and slide worker (a generated 4000x3000 TIFF that records
// 0.25 µm per pixel, twice, one of them public; a JPEG that records nothing) and a lab row left
// "processing", which a test flips to ready with a copy of a built pyramid and its upload.status
// event, as the worker does: so the test decides when it becomes ready, not the worker's speed.
// The viewer's tests are two files so that they run side by side (each file has its own world).
import { randomUUID } from "node:crypto"
import { cp } from "node:fs/promises"
import { join } from "node:path"
import type { Browser, BrowserContext, Page, Response } from "playwright-core"
import sharp from "sharp"
import { afterAll, afterEach, beforeAll, expect } from "vitest"
import { api, createAccount, PASSWORD, type SignedIn, signIn } from "../../support/api.ts"
import { type StartedServer, startServer } from "../../support/start-server.ts"
import { uploadWhole, waitForStatus } from "../../server/support/slides-api.ts"
import { snap } from "./browser.ts"
import { type BrowserOptions, launchBrowser } from "./browser.ts"
import { viewerOf } from "./slide-viewer.ts"
import { expectUrl } from "./session.ts"

export const WIDTH = 4000
export const HEIGHT = 3000

export interface ViewerWorld {
  server: StartedServer
  browser: Browser
  ada: SignedIn
  bob: SignedIn
  folderId: string
  readonly slides: { ready: string; noScale: string; processing: string; public: string }
  /** The ready slide's Deep Zoom descriptor address. */
  readyTileSource: string
  /** DATA_DIR/slides/<key> of a slide the worker built, copied for the slide flipped to ready. */
  builtPyramid: string
  readonly contexts: BrowserContext[]
  readonly pages: Page[]
}

export const TILE = /\/v2\/media\/slides\/[^/]+\/[0-9a-f]{32}\/slide_files\/\d+\/\d+_\d+\.jpe?g$/

/** Registers the file's hooks and returns the world they fill in before the first test. */
export const viewerWorld = (screenshotPrefix: string, browserOptions: BrowserOptions = {}) => {
  const w = {
    slides: { ready: "", noScale: "", processing: "", public: "" },
    folderId: "",
    readyTileSource: "",
    builtPyramid: "",
    contexts: [],
    pages: []
  } as unknown as ViewerWorld
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
    await cp(w.builtPyramid, join(w.server.dataDir, "slides", key), { recursive: true })
    return key
  }

  /** Uploads a file into the folder and waits for the worker to make it a ready slide. */
  const uploadSlide = async (name: string, bytes: Uint8Array): Promise<{ id: string; tileSource: string }> => {
    const reply = await uploadWhole(w.server, w.ada, w.folderId, name, bytes)
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const lab = await waitForStatus(w.server, w.ada, reply.body.data.lab.id, ["ready", "failed"], 90_000)
    expect(lab.status).toBe("ready")
    return { id: lab.id, tileSource: lab.tile_source }
  }

  /** A file lab row in a state of our choosing (no upload behind it). */
  const insertSlide = async (name: string, fields: { status: string; key: string | null; mpp: number | null }): Promise<string> => {
    const id = randomUUID()
    await w.server.withDb(async (db) => {
      const now = new Date().toISOString()
      await db
        .insertInto("labs")
        .values({
          id,
          owner_id: w.ada.id,
          parent_id: w.folderId,
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
    await w.server.withDb(async (db) => {
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
          payload: JSON.stringify({ status: "ready", thumbnail: null, thumbnail_url: null, parent_id: w.folderId }),
          created_at: now,
          published_at: null
        })
        .execute()
    })
  }

  const newPage = async (viewport = { width: 1440, height: 900 }, locale = "en-US"): Promise<Page> => {
    const context = await w.browser.newContext({ baseURL: w.server.url, viewport, locale })
    w.contexts.push(context)
    const page = await context.newPage()
    w.pages.push(page)
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
    w.server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
    w.browser = await launchBrowser(browserOptions)

    w.ada = await signIn(w.server, await createAccount(w.server, { email: "ada@viewer.example", name: "Ada Lovelace", password: PASSWORD }))
    w.bob = await signIn(w.server, await createAccount(w.server, { email: "bob@viewer.example", name: "Bob Marley", password: PASSWORD }))
    const folder = await api(w.server).post("/v2/labs/", { name: "Histology 2026", parent: null }, { token: w.ada.access })
    expect(folder.status).toBe(201)
    w.folderId = folder.body.data.data.results[0].id

    const tissue = sharp(Buffer.from(tissueSvg()))
    // sharp's xres is pixels per mm: 4000 px/mm is 0.25 µm per pixel, a 40x scan.
    const tiff = await tissue
      .clone()
      .tiff({ compression: "jpeg", quality: 85, tile: true, xres: 4000, yres: 4000, resolutionUnit: "cm" })
      .toBuffer()
    const jpeg = await tissue.clone().jpeg({ quality: 85 }).toBuffer()
    const ready = await uploadSlide("Liver H&E 40x.tif", tiff)
    w.slides.ready = ready.id
    w.slides.noScale = (await uploadSlide("Kidney photo.jpg", jpeg)).id
    w.slides.public = (await uploadSlide("Teaching case.tif", tiff)).id
    w.readyTileSource = ready.tileSource
    const key = /\/([0-9a-f]{32})\/slide\.dzi$/.exec(ready.tileSource)?.[1]
    expect(key).toBeDefined()
    w.builtPyramid = join(w.server.dataDir, "slides", key!)
    w.slides.processing = await insertSlide("Lung biopsy.svs", { status: "processing", key: null, mpp: null })
    const published = await api(w.server).put(
      "/v2/labs/metadata/",
      { lab_id: w.slides.public, name: "mylab-is_public", value: "true" },
      { token: w.ada.access }
    )
    expect(published.status, JSON.stringify(published.body)).toBe(200)
  }, 240_000)

  afterAll(async () => {
    await w.browser?.close()
    await w.server?.stop()
  })

  afterEach(async ({ task }) => {
    if (task.result?.state === "fail") {
      for (const [i, page] of w.pages.entries())
        if (!page.isClosed()) await snap(page, `failed-${screenshotPrefix}-${i}-${task.name.replace(/\W+/g, "-")}`)
    }
  })

  return {
    w,
    newPage,
    signedInPage,
    watchTiles,
    slideUrl,
    zoomText,
    scaleText,
    micronsPerPixel,
    rotationOf,
    installPyramid,
    markReady
  }
}
