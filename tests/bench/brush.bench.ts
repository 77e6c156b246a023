// The brush's frame time (issue 29, "At 100,000": a brush stroke adds at most 10 % to the frame time
// of panning). Ada has a slide of SHAPES shapes open in headless Chromium. One gesture, the same
// mouse path at the same pace, is made with the pan tool and with the brush, in alternating rounds
// so the machine's drift falls on both alike; every animation frame is recorded while the button is
// down. The frame time is the interval between animation frames (what the eye sees), beside our
// overlay's own draw time per scene. Baseline: panning, in the same run.
// Run: node tests/bench/brush.bench.ts (part of npm run bench; builds the SPA if dist/ is missing).
// SHAPES=<n> (default 20000), ROUNDS=<n> (default 4).
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import type { Page } from "playwright-core"
import { createLabel, newAnnotation, postAnnotations, rect } from "../server/support/annotations-api.ts"
import { launchBrowser, snap } from "../e2e/support/browser.ts"
import { openSlideHome, signIn, tool } from "../e2e/support/home-view.ts"
import { sharedSlide } from "../e2e/support/shared-slide.ts"
import { createSignedIn } from "../support/api.ts"
import { startServer } from "../support/start-server.ts"

const SHAPES = Number(process.env.SHAPES ?? 20_000)
const ROUNDS = Number(process.env.ROUNDS ?? 4)
/** The most a brush stroke's frame time may exceed panning's. */
const TARGET_RATIO = 1.1

const quantile = (values: ReadonlyArray<number>, q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const mean = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)

interface Frames {
  readonly intervals: ReadonlyArray<number>
  readonly draws: ReadonlyArray<number>
}

/** A press, a sweep of 96 moves over the slide and back (about 1.6 s at 60 Hz), a release; frames recorded meanwhile. */
const gesture = async (page: Page): Promise<Frames> => {
  const box = (await page.getByTestId("slide-viewer").boundingBox())!
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  await page.mouse.move(cx - 200, cy - 120)
  await page.evaluate(() => {
    const w = window as unknown as { __frames: Array<number>; __recording: boolean; __annotationDrawTimes: Array<number> }
    w.__frames = []
    w.__annotationDrawTimes = []
    w.__recording = true
    const tick = (t: number) => {
      w.__frames.push(t)
      if (w.__recording) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  await page.mouse.down()
  for (let i = 1; i <= 48; i++) await page.mouse.move(cx - 200 + (400 * i) / 48, cy - 120 + (240 * i) / 48)
  for (let i = 1; i <= 48; i++) await page.mouse.move(cx + 200 - (400 * i) / 48, cy + 120 - (120 * i) / 48)
  const recorded = await page.evaluate(() => {
    const w = window as unknown as { __frames: Array<number>; __recording: boolean; __annotationDrawTimes: Array<number> }
    w.__recording = false
    return { frames: w.__frames, draws: w.__annotationDrawTimes }
  })
  await page.mouse.up()
  return { intervals: recorded.frames.slice(1).map((t, i) => t - recorded.frames[i]!), draws: recorded.draws }
}

const line = (name: string, f: Frames) =>
  `  ${name.padEnd(8)} frames ${String(f.intervals.length).padStart(4)}  interval p50 ${quantile(f.intervals, 0.5).toFixed(1)} ms, p95 ${quantile(f.intervals, 0.95).toFixed(1)} ms, mean ${mean(f.intervals).toFixed(1)} ms;  overlay draw p95 ${quantile(f.draws, 0.95).toFixed(1)} ms`

export const benchBrush = async (): Promise<boolean> => {
  if (!process.env.STATIC_DIR && !existsSync("dist/index.html")) spawnSync("npx", ["vite", "build"], { stdio: "inherit" })
  const server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
  const browser = await launchBrowser()
  try {
    const ada = await createSignedIn(server, { name: "Ada Owner" })
    const { slideId } = await sharedSlide(server, ada, { folder: "Brush", file: "brush.jpg", dots: 240 })
    const label = await createLabel(server, ada, slideId, "Tumour")
    // Cells over the whole slide, so the overlay has as much to draw while panning as while brushing.
    for (let at = 0; at < SHAPES; at += 5000) {
      const batch = Array.from({ length: Math.min(5000, SHAPES - at) }, (_, i) => {
        const n = at + i
        return newAnnotation(label.id, rect((n * 97) % 2360, (n * 61) % 1570, 30, 24))
      })
      const reply = await postAnnotations(server, ada, slideId, batch)
      if (reply.status !== 201) throw new Error(`seeding answered ${reply.status}`)
    }
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: "en-US" })
    const page = await context.newPage()
    await signIn(page, ada)
    await openSlideHome(page, slideId)
    await page.locator(`[data-annotations-drawn="${SHAPES}"]`).waitFor({ timeout: 120_000 })
    /** Waits until the slide holds `count` shapes on the server (a stroke saved, or its undo). */
    const until = async (count: number) => {
      for (let waited = 0; waited < 30_000; waited += 100) {
        const row = await server.withDb((db) =>
          db
            .selectFrom("annotations")
            .where("lab_id", "=", slideId)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        )
        if (Number(row.n) === count) return
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`the slide never held ${count} shapes: the brush did not paint, or its undo did not go through`)
    }
    const pan: Frames[] = []
    const brush: Frames[] = []
    for (let round = 0; round < ROUNDS; round++) {
      await tool(page, "Pan and zoom").click()
      pan.push(await gesture(page))
      await tool(page, "Brush").click()
      brush.push(await gesture(page))
      // The stroke made a region (the bench measures painting, not a tool that did nothing) ...
      await until(SHAPES + 1)
      if (round === 0 && process.env.BENCH_SHOTS === "1") await snap(page, "bench-brush-stroke")
      // ... which is one undo step: undone, the next round brushes over the same slide again.
      await page.keyboard.press("Control+z")
      await until(SHAPES)
    }
    const all = (list: Frames[]): Frames => ({ intervals: list.flatMap((f) => f.intervals), draws: list.flatMap((f) => f.draws) })
    const panned = all(pan)
    const brushed = all(brush)
    const ratio = mean(brushed.intervals) / mean(panned.intervals)
    const ratio95 = quantile(brushed.intervals, 0.95) / quantile(panned.intervals, 0.95)
    console.log(`brush against panning: ${SHAPES.toLocaleString("en-US")} shapes on the slide, ${ROUNDS} alternating rounds`)
    console.log(line("panning", panned))
    console.log(line("brush", brushed))
    const met = ratio <= TARGET_RATIO && ratio95 <= TARGET_RATIO
    console.log(
      `  brush / panning frame time: mean ${ratio.toFixed(2)}x, p95 ${ratio95.toFixed(2)}x, target <= ${TARGET_RATIO}x: ${met ? "met" : "MISSED"}`
    )
    return met
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.main) process.exit((await benchBrush()) ? 0 : 1)
