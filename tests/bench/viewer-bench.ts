// What the viewer benches share (annotations.bench.ts, detections.bench.ts): a tissue-like slide's
// pyramid inserted as a ready slide, a signed-in page, and the measure of one slide in the viewer:
// navigation start to the overlay's first complete draw (with where the time went), then frame
// intervals while a scripted mouse pans and zooms.
import { randomUUID } from "node:crypto"
import { cpSync, existsSync, mkdirSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "playwright-core"
import sharp from "sharp"
import { PASSWORD, type SignedIn } from "../support/api.ts"
import type { StartedServer } from "../support/start-server.ts"
import { snap } from "../e2e/support/browser.ts"

export const WIDTH = 16_384
export const HEIGHT = 12_288
const SCRIPT_SECONDS = 8

export const quantile = (values: ReadonlyArray<number>, q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** A stained-tissue look-alike, small, scaled up by the pyramid build. */
export const tissue = (): Buffer => {
  let seed = 11
  const next = () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  const w = 2048
  const h = 1536
  const blobs = Array.from(
    { length: 60 },
    () =>
      `<ellipse cx="${next() * w}" cy="${next() * h}" rx="${40 + next() * 160}" ry="${30 + next() * 120}" fill="#e58fb8" fill-opacity="0.5"/>`
  )
  const nuclei = Array.from(
    { length: 4000 },
    () => `<circle cx="${next() * w}" cy="${next() * h}" r="${1 + next() * 3}" fill="#5b2d8e" fill-opacity="0.8"/>`
  )
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7dbe8"/><stop offset="1" stop-color="#c9a3dc"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#g)"/>${blobs.join("")}${nuclei.join("")}</svg>`)
}

/** The Deep Zoom pyramid, built once per machine (tmp) and copied into the server's slides directory. */
export const pyramid = async (server: StartedServer): Promise<string> => {
  const cache = join(tmpdir(), `preparat-bench-pyramid-${WIDTH}x${HEIGHT}`)
  if (!existsSync(join(cache, "slide.dzi"))) {
    mkdirSync(cache, { recursive: true })
    const started = performance.now()
    await sharp(tissue())
      .resize(WIDTH, HEIGHT)
      .jpeg({ quality: 80 })
      .tile({ layout: "dz", size: 256, overlap: 1 })
      .toFile(join(cache, "slide.dz"))
    console.log(`  pyramid ${WIDTH}x${HEIGHT} built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  const key = randomUUID().replaceAll("-", "")
  cpSync(cache, join(server.dataDir, "slides", key), { recursive: true })
  return key
}

export const insertSlide = async (server: StartedServer, owner: SignedIn, name: string, key: string): Promise<string> => {
  const id = randomUUID()
  await server.withDb(async (db) => {
    const now = new Date().toISOString()
    await db
      .insertInto("labs")
      .values({
        id,
        owner_id: owner.id,
        parent_id: null,
        name,
        name_lower: name.toLowerCase(),
        is_dir: 0,
        status: "ready",
        size: 1,
        description: null,
        thumbnail: null,
        blob_key: null,
        is_public: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        trash_id: null,
        width: WIDTH,
        height: HEIGHT,
        mpp: 0.25,
        slide_key: key
      })
      .execute()
  })
  return id
}

export const signInPage = async (page: Page, email: string) => {
  await page.goto("/login")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByRole("button", { name: "Sign in" }).click()
  await page.waitForURL(/\/dashboard\/labs$/)
}

export interface Figures {
  /** Our overlay's own time per scene draw, p95 (inside the frame). */
  readonly drawP95: number
  readonly openToDrawnMs: number
  readonly p50: number
  readonly p95: number
  readonly frames: number
}

/** Pans and zooms with the mouse for SCRIPT_SECONDS while the page records every animation frame. */
export const script = async (page: Page): Promise<ReadonlyArray<number>> => {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: Array<number>; __recording: boolean }
    w.__frames = []
    w.__recording = true
    const tick = (t: number) => {
      w.__frames.push(t)
      if (w.__recording) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  const box = (await page.getByTestId("slide-viewer").boundingBox())!
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const ends = Date.now() + SCRIPT_SECONDS * 1000
  let round = 0
  while (Date.now() < ends) {
    const zoomIn = round % 4 < 2
    await page.mouse.move(cx + (round % 3) * 60, cy - (round % 2) * 40)
    for (let i = 0; i < 3; i++) {
      await page.mouse.wheel(0, zoomIn ? -240 : 240)
      await page.waitForTimeout(120)
    }
    await page.mouse.move(cx, cy)
    await page.mouse.down()
    for (let i = 1; i <= 24 && Date.now() < ends; i++) await page.mouse.move(cx - (260 * i) / 24, cy - (160 * i) / 24)
    for (let i = 1; i <= 24 && Date.now() < ends; i++) await page.mouse.move(cx - 260 + (380 * i) / 24, cy - 160 + (220 * i) / 24)
    await page.mouse.up()
    round++
  }
  await page.waitForTimeout(700)
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: Array<number>; __recording: boolean }
    w.__recording = false
    return w.__frames
  })
  return frames.slice(1).map((t, i) => t - frames[i]!)
}

export const measure = async (page: Page, labId: string, expected: number, shot: string | null): Promise<Figures> => {
  await page.goto(`/dashboard/labs/${labId}/annotations`)
  await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 60_000 })
  let openToDrawnMs = 0
  if (expected > 0) {
    await page.locator(`[data-annotations-drawn="${expected}"]`).waitFor({ timeout: 120_000 })
    openToDrawnMs = await page.evaluate(() => performance.getEntriesByName("annotations-drawn")[0]?.startTime ?? Number.NaN)
    const phases = await page.evaluate(() => {
      // The viewer's read of the annotations: the compact answer (the W3C list before it).
      const list = performance.getEntriesByType("resource").find((e) => /\/annotations\/compact\/|\/v2\/annotations\/\?/.test(e.name)) as
        | PerformanceResourceTiming
        | undefined
      // Read on a worker's thread (src/effects/worker-fetch.ts), it is the worker's measure instead.
      const viaWorker = performance.getEntriesByName("worker-fetch").at(-1) as
        | (PerformanceMeasure & { detail: { firstByte: number; bytes: number } })
        | undefined
      const at = (name: string) => performance.getEntriesByName(name)[0]
      const loaded = at("annotations-loaded")?.startTime ?? Number.NaN
      const stored = at("annotations-store-load")?.duration ?? Number.NaN
      const drawn = at("annotations-drawn")?.startTime ?? Number.NaN
      return {
        requestStart: list?.requestStart ?? viaWorker?.startTime ?? Number.NaN,
        firstByte: list?.responseStart ?? viaWorker?.detail.firstByte ?? Number.NaN,
        lastByte: list?.responseEnd ?? (viaWorker === undefined ? Number.NaN : viaWorker.startTime + viaWorker.duration),
        bytes: list?.encodedBodySize ?? viaWorker?.detail.bytes ?? Number.NaN,
        loaded,
        stored,
        drawn
      }
    })
    const f = (n: number) => `${n.toFixed(0)} ms`
    console.log(
      `    open -> drawn ${f(openToDrawnMs)}, where: annotations request sent at ${f(phases.requestStart)}, server answered its first byte after ${f(phases.firstByte - phases.requestStart)}, ` +
        `${(phases.bytes / 1e6).toFixed(1)} MB received in ${f(phases.lastByte - phases.firstByte)}, parsed and decoded in ${f(phases.loaded - phases.lastByte)}, ` +
        `store load ${f(phases.stored)}, first complete draw ${f(phases.drawn - phases.loaded - phases.stored)} later`
    )
  }
  await page.waitForTimeout(1500)
  const shoot = async (name: string) => {
    // A screenshot waits for a free main thread; at 100k it may not get one soon. The figures matter more.
    await snap(page, name).catch((error: Error) => console.warn(`  screenshot ${name} skipped: ${error.message.split("\n")[0]}`))
  }
  if (shot !== null) await shoot(shot)
  await page.evaluate(() => {
    ;(window as { __annotationDrawTimes?: Array<number> }).__annotationDrawTimes = []
  })
  const intervals = await script(page)
  const draws = await page.evaluate(() => (window as { __annotationDrawTimes?: Array<number> }).__annotationDrawTimes ?? [])
  if (shot !== null) await shoot(`${shot}-after-script`)
  return {
    openToDrawnMs,
    p50: quantile(intervals, 0.5),
    p95: quantile(intervals, 0.95),
    frames: intervals.length,
    drawP95: quantile(draws, 0.95)
  }
}

export const verdict = (ok: boolean) => (ok ? "met" : "MISSED")

/** The machine's 1, 5 and 15 minute load averages: the two cores are shared, and the figures move with them. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")
