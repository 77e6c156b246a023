// A collaborator's change, drawn on the other screen: Grace (a reviewer) has the slide open in
// headless Chromium; Ada (the owner) creates annotations one at a time over the API and then deletes
// them. Each change's latency runs from just before Ada's request leaves to the first overlay draw on
// Grace's screen that shows it (her overlay's count of shapes in view changes). The whole path is in
// it: the write and its event in one transaction, the publisher, the embedded Pusher server, pusher-js,
// the event's decoding, the store and the next animation frame.
// Target (issue 12): p99 under 150 ms. Beside it, in the same run, the baseline the machine sets: how
// long Ada's own request takes to be answered (the write alone, no delivery).
// Run: node tests/bench/co-annotation.bench.ts (part of npm run bench; builds the SPA if dist/ is
// missing). CHANGES=<n> sets the number of creates (and as many deletes); default 150.
// Then the p99 of plain requests alone and during bulk uploads, as a ratio (tests/bench/bulk-writes.ts).
import { randomUUID } from "node:crypto"
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { createLabel, newAnnotation, postAnnotations, rect } from "../server/support/annotations-api.ts"
import { share } from "../server/support/labs-api.ts"
import { launchBrowser } from "../e2e/support/browser.ts"
import { fillSignIn } from "../e2e/support/session.ts"
import { sharedSlide } from "../e2e/support/shared-slide.ts"
import { createSignedIn } from "../support/api.ts"
import { benchBulkWrites } from "./bulk-writes.ts"
import { startServer } from "../support/start-server.ts"

const CHANGES = Number(process.env.CHANGES ?? 150)
const TARGET_P99_MS = 150

const quantile = (values: ReadonlyArray<number>, q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** Wall-clock milliseconds with sub-millisecond resolution: comparable between Node and Chromium on one machine. */
const now = () => performance.timeOrigin + performance.now()

/** Installed before the app loads: every overlay draw records when it happened and how many shapes it showed. */
const recordDraws = () => {
  const draws: Array<readonly [number, number]> = []
  const hook = [] as Array<number>
  hook.push = () => {
    const host = document.querySelector<HTMLElement>("[data-annotations-visible]")
    draws.push([performance.timeOrigin + performance.now(), Number(host?.dataset.annotationsVisible ?? Number.NaN)])
    return 0
  }
  // When each annotation message reached the page, before pusher-js reads it (its onmessage is set
  // after this listener): the split between delivery and what the page does with it.
  const frames: Array<readonly [number, string]> = []
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args)
      this.addEventListener("message", (event) => {
        const text = String(event.data)
        if (text.includes("_annotation_")) frames.push([performance.timeOrigin + performance.now(), text])
      })
    }
  }
  // The page's long tasks (over 50 ms), to tell a busy page from a slow delivery.
  const longTasks: Array<readonly [number, number]> = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push([performance.timeOrigin + entry.startTime, entry.duration])
  }).observe({ type: "longtask", buffered: true })
  Object.assign(window, { __annotationDrawTimes: hook, __draws: draws, __frames: frames, __longTasks: longTasks })
}

const summary = (name: string, values: ReadonlyArray<number>) =>
  `${name.padEnd(34)} p50 ${quantile(values, 0.5).toFixed(1).padStart(6)} ms, p95 ${quantile(values, 0.95).toFixed(1).padStart(6)} ms, p99 ${quantile(values, 0.99).toFixed(1).padStart(6)} ms (${values.length})`

export const benchCoAnnotation = async (): Promise<boolean> => {
  if (!process.env.STATIC_DIR && !existsSync("dist/index.html")) spawnSync("npx", ["vite", "build"], { stdio: "inherit" })
  const server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
  const browser = await launchBrowser()
  try {
    const ada = await createSignedIn(server, { name: "Ada Owner" })
    const grace = await createSignedIn(server, { name: "Grace Reviewer" })
    const { folderId, slideId } = await sharedSlide(server, ada, { folder: "Latency", file: "latency.jpg", dots: 40 })
    await share(server, ada, folderId, grace, "reviewer")
    const label = await createLabel(server, ada, slideId, "Tumour", "#E11D48")

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: "en-US" })
    const page = await context.newPage()
    page.on("pageerror", (error) => console.warn(`[page error] ${error.message}`))
    await page.addInitScript(recordDraws)
    await page.goto("/login")
    await fillSignIn(page, grace.email)
    await page.waitForURL(/\/dashboard\/labs$/)
    await page.goto(`/dashboard/labs/${slideId}/annotations`)
    await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
    await page.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 30_000 })
    // Let the channel subscription settle before the first change, and let the slide finish its
    // first paint: until its tiles are in, each OpenSeadragon frame is a long task (headless Chromium
    // draws WebGL in software: 200-330 ms a frame here), and a message that arrives meanwhile waits
    // behind it. Measured that way, the first two or three creates took 550-1,000 ms (the page's
    // profile: drawImage under OpenSeadragon's draw), which was the whole of the missed p99.
    await page.locator('[data-testid="slide-viewer"][data-tiles="loaded"]').waitFor({ timeout: 30_000 })
    await page.waitForTimeout(1500)
    const quietSince = await page.waitForFunction(
      () => {
        const tasks = (window as unknown as { __longTasks: Array<readonly [number, number]> }).__longTasks
        const last = tasks.at(-1)
        const now = performance.timeOrigin + performance.now()
        return last === undefined || now - (last[0] + last[1]) > 1000 ? now : false
      },
      undefined,
      { polling: 100, timeout: 30_000 }
    )
    await quietSince.dispose()

    /** When Grace's overlay first drew `count` shapes in view after `since`. */
    const drawnAt = (count: number, since: number) =>
      page
        .waitForFunction(
          ([c, s]) =>
            (window as unknown as { __draws: Array<readonly [number, number]> }).__draws.find(([at, n]) => at >= s && n === c)?.[0] ??
            false,
          [count, since] as const,
          { polling: "raf", timeout: 10_000 }
        )
        .then((handle) => handle.jsonValue() as Promise<number>)

    const written: Array<number> = []
    const drawn: Array<number> = []
    const ids: Array<string> = []
    /** When each change was sent, by the id it changed, and when its create or delete was drawn. */
    const sentAt = new Map<string, { created: number; deleted: number }>()
    const drawnOf = new Map<string, { created: number; deleted: number }>()
    const settle = () => new Promise((r) => setTimeout(r, 40))
    for (let i = 0; i < CHANGES; i++) {
      const id = randomUUID()
      ids.push(id)
      const x = 100 + (i % 20) * 110
      const y = 100 + Math.floor(i / 20) * 110
      const sent = now()
      const waiting = drawnAt(i + 1, sent)
      const reply = await postAnnotations(server, ada, slideId, [newAnnotation(label.id, rect(x, y, 80, 80), id)])
      written.push(now() - sent)
      if (reply.status !== 201) throw new Error(`create answered ${reply.status}: ${JSON.stringify(reply.body)}`)
      const at = await waiting
      drawn.push(at - sent)
      sentAt.set(id, { created: sent, deleted: Number.NaN })
      drawnOf.set(id, { created: at, deleted: Number.NaN })
      await settle()
    }
    const created = [...drawn]
    drawn.length = 0
    for (let i = 0; i < CHANGES; i++) {
      const sent = now()
      const waiting = drawnAt(CHANGES - i - 1, sent)
      const reply = await fetch(`${server.url}/v2/labs/${slideId}/annotations/${ids[i]}/`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${ada.access}` }
      })
      written.push(now() - sent)
      if (reply.status !== 200 && reply.status !== 204) throw new Error(`delete answered ${reply.status}`)
      const at = await waiting
      drawn.push(at - sent)
      const id = ids[i] ?? ""
      sentAt.set(id, { created: sentAt.get(id)?.created ?? Number.NaN, deleted: sent })
      drawnOf.set(id, { created: drawnOf.get(id)?.created ?? Number.NaN, deleted: at })
      await settle()
    }
    const all = [...created, ...drawn]
    // Where the time went: sent -> the message reached Grace's page -> drawn.
    const frames = await page.evaluate(() => (window as unknown as { __frames: Array<readonly [number, string]> }).__frames)
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: Array<readonly [number, number]> }).__longTasks)
    /** The page's long tasks that overlapped the change, as "start+duration" from when it was sent. */
    const busy = (from: number, to: number) =>
      longTasks
        .filter(([start, duration]) => start < to && start + duration > from)
        .map(([start, duration]) => `${(start - from).toFixed(0)}+${duration.toFixed(0)}`)
        .join(",")
    const split = { delivered: [] as number[], afterAnswer: [] as number[], shown: [] as number[] }
    const slowest: Array<readonly [number, string]> = []
    for (const [id, sent] of sentAt) {
      for (const kind of ["created", "deleted"] as const) {
        const frame = frames.find(
          ([, text]) => text.includes(id) && text.includes(kind === "created" ? "create_annotation_" : "delete_annotation_")
        )
        const total = (drawnOf.get(id)?.[kind] ?? Number.NaN) - sent[kind]
        if (frame === undefined) continue
        split.delivered.push(frame[0] - sent[kind])
        // Ada's answer leaves after the commit, as the publisher starts: what delivery adds to the write.
        const answered = written[ids.indexOf(id) + (kind === "created" ? 0 : CHANGES)] ?? Number.NaN
        split.afterAnswer.push(frame[0] - sent[kind] - answered)
        split.shown.push(total - (frame[0] - sent[kind]))
        slowest.push([
          total,
          `${kind} #${ids.indexOf(id)}: ${total.toFixed(0)} ms = delivered ${(frame[0] - sent[kind]).toFixed(0)} + shown ${(total - (frame[0] - sent[kind])).toFixed(0)}` +
            ` (long tasks ${busy(sent[kind], sent[kind] + total) || "none"})`
        ])
      }
    }
    console.log(
      `  ${CHANGES} creates and ${CHANGES} deletes by Ada, drawn on Grace's screen (load average ${(await loadAverage()).trim()})`
    )
    console.log(`  ${summary("baseline: Ada's request answered", written)}`)
    console.log(`  ${summary("created, drawn on Grace's screen", created)}`)
    console.log(`  ${summary("deleted, gone from Grace's screen", drawn)}`)
    console.log(`  ${summary("  of which: message reached her page", split.delivered)}`)
    console.log(`  ${summary("  reached her page after Ada's answer", split.afterAnswer)}`)
    console.log(`  ${summary("  of which: drawn after it arrived", split.shown)}`)
    console.log(
      `  slowest: ${slowest
        .sort((a, b) => b[0] - a[0])
        .slice(0, 4)
        .map(([, text]) => text)
        .join("; ")}`
    )
    const p99 = quantile(all, 0.99)
    const ok = p99 < TARGET_P99_MS
    console.log(
      `  every change: p99 ${p99.toFixed(1)} ms, target < ${TARGET_P99_MS} ms: ${ok ? "met" : "MISSED"}; ` +
        `${(quantile(all, 0.5) / quantile(written, 0.5)).toFixed(2)}x the baseline at p50`
    )
    return ok
  } finally {
    await browser.close()
    await server.stop()
  }
}

const loadAverage = async () => (await import("node:fs/promises")).readFile("/proc/loadavg", "utf8")

// SCENARIO=bulk runs only the plain-requests-during-bulk-uploads part (tests/bench/bulk-writes.ts), no browser.
if (import.meta.main) {
  const drawn = process.env.SCENARIO === "bulk" ? true : await benchCoAnnotation()
  const bulk = await benchBulkWrites()
  process.exit(drawn && bulk ? 0 : 1)
}
