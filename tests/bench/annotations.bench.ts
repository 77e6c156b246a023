// The annotation overlay under load, in headless Chromium against the real server: a slide with
// 10,000 and one with 100,000 polygons of 32 vertices (seeded through the API, 5,000 per POST), opened
// in the viewer, then panned and zoomed by a scripted mouse for several seconds. Figures:
//   open -> drawn   from the page's navigation start to the overlay's first draw of every shape
//                   (the `annotations-drawn` performance mark): page load, the list request, its
//                   decoding, the store's parse and index build, the first frame
//   frame p50/p95   intervals between requestAnimationFrame callbacks during the script
// A slide with no annotations runs the same script first: what OpenSeadragon alone costs here.
// Targets (issue 12): 100k p95 <= 50 ms and <= half of Annotorious', 10k p95 <= 20 ms, open -> drawn at
// 100k < 3 s. The machine's software GL makes absolute frame times measure the machine: each is also
// printed as a ratio to OpenSeadragon alone in the same run. Then the same slides, shapes and script in
// @annotorious/openseadragon (a devDependency for this bench only), printed beside ours.
// Run: node tests/bench/annotations.bench.ts (part of npm run bench; builds the SPA if dist/ is missing).
// BENCH_ONLY=ours leaves out Annotorious, BENCH_ONLY=100k the 10k slide (BENCH_ONLY=ours,100k: both);
// a third slide of 100,000 cells each with a hole (an even-odd <path>) is measured by ours alone
// unless BENCH_ONLY names noholes.
// SCREENSHOTS=1 also saves the viewer at each size in test-results/screenshots/.
import { randomUUID } from "node:crypto"
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import type { Page } from "playwright-core"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { launchBrowser, snap } from "../e2e/support/browser.ts"
import {
  type Figures,
  HEIGHT,
  insertSlide,
  loadAverage,
  measure,
  pyramid,
  quantile,
  script,
  signInPage,
  verdict,
  WIDTH
} from "./viewer-bench.ts"

const PER_POST = 5000

/** An irregular cell outline of 32 vertices; holed, it also has an inner ring (a nucleus cut out) of 16. */
const cell = (next: () => number, holed = false): string => {
  const cx = 60 + next() * (WIDTH - 120)
  const cy = 60 + next() * (HEIGHT - 120)
  const r = 12 + next() * 30
  const wobble = next() * 0.25
  const points: Array<string> = []
  for (let i = 0; i < 32; i++) {
    const angle = (2 * Math.PI * i) / 32
    const radius = r * (1 + wobble * Math.sin(3 * angle + cx))
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`)
  }
  if (!holed) return `<svg><polygon points='${points.join(" ")}'/></svg>`
  const inner: Array<string> = []
  for (let i = 0; i < 16; i++) {
    const angle = (2 * Math.PI * i) / 16
    inner.push(`${(cx + r * 0.4 * Math.cos(angle)).toFixed(1)},${(cy + r * 0.4 * Math.sin(angle)).toFixed(1)}`)
  }
  return `<svg><path fill-rule='evenodd' d='M${points.join(" L")} Z M${inner.join(" L")} Z'/></svg>`
}

const seed = async (server: StartedServer, owner: SignedIn, labId: string, count: number, holed = false) => {
  const client = api(server)
  const labels: Array<{ id: string; name: string }> = []
  for (const [name, color] of [
    ["Tumour cell", "#F43F5E"],
    ["Lymphocyte", "#22D3EE"],
    ["Stroma", "#FACC15"]
  ] as const) {
    const reply = await client.post("/v2/labs/label-slide/", { lab_id: labId, name, color }, { token: owner.access })
    if (reply.status !== 201) throw new Error(`label: ${reply.status} ${JSON.stringify(reply.body)}`)
    labels.push(reply.body.data as { id: string; name: string })
  }
  let s = count + 7
  const next = () => {
    s = (s * 16807) % 2147483647
    return s / 2147483647
  }
  const started = performance.now()
  for (let done = 0; done < count; done += PER_POST) {
    const data = Array.from({ length: Math.min(PER_POST, count - done) }, () => {
      const label = labels[Math.floor(next() * labels.length)]!
      return {
        id: randomUUID(),
        data: {
          type: "Annotation",
          body: [{ type: "TextualBody", purpose: "tagging", value: label.name, label: { id: label.id } }],
          target: { source: labId, selector: { type: "SvgSelector", value: cell(next, holed) } }
        }
      }
    })
    const reply = await client.post(`/v2/labs/${labId}/v2/annotations/`, { data }, { token: owner.access })
    if (reply.status !== 201) throw new Error(`seed: ${reply.status} ${JSON.stringify(reply.body).slice(0, 500)}`)
  }
  console.log(
    `  seeded ${count.toLocaleString()} ${holed ? "holed " : ""}polygons through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`
  )
}

/**
 * The same slide, shapes and script in @annotorious/openseadragon 3 (PixiJS, one Graphics per
 * annotation), on a bare page of the same origin (so the media cookie authorises the tiles), with
 * OpenSeadragon set up as the slide viewer sets it up. Open -> drawn: navigation start to the frame
 * after setAnnotations, including the list request and turning the server's SVG selectors into
 * Annotorious polygons. Null, with why, when it cannot run here.
 */
const ANNOTORIOUS_PAGE = "/bench-annotorious/"
const routeAnnotorious = async (page: Page, baseURL: string) => {
  const files: Record<string, readonly [string, string]> = {
    "osd.js": ["node_modules/openseadragon/build/openseadragon/openseadragon.min.js", "text/javascript"],
    "anno.js": ["node_modules/@annotorious/openseadragon/dist/annotorious-openseadragon.js", "text/javascript"],
    "anno.css": ["node_modules/@annotorious/openseadragon/dist/annotorious-openseadragon.css", "text/css"]
  }
  await page.route(`${baseURL}${ANNOTORIOUS_PAGE}**`, async (route) => {
    const url = new URL(route.request().url())
    const name = url.pathname.slice(ANNOTORIOUS_PAGE.length)
    const file = files[name]
    if (file !== undefined) return route.fulfill({ body: readFileSync(file[0]), contentType: file[1] })
    const tileSource = url.searchParams.get("dzi") ?? ""
    return route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><link rel="stylesheet" href="${ANNOTORIOUS_PAGE}anno.css">
<style>html,body{margin:0;height:100%;background:#0d0f13}#v{position:absolute;inset:0}</style></head>
<body><div id="v" data-testid="slide-viewer"></div>
<script src="${ANNOTORIOUS_PAGE}osd.js"></script><script src="${ANNOTORIOUS_PAGE}anno.js"></script>
<script>
const q = new URLSearchParams(location.search)
const viewer = OpenSeadragon({ element: document.getElementById("v"), tileSources: q.get("dzi"), showNavigationControl: false,
  showNavigator: true, navigatorPosition: "BOTTOM_RIGHT", navigatorSizeRatio: 0.16, constrainDuringPan: true, visibilityRatio: 0.5,
  minZoomImageRatio: 0.8, maxZoomPixelRatio: 2, animationTime: 0.6, springStiffness: 9, zoomPerScroll: 1.25, zoomPerClick: 1.6,
  blendTime: 0.15, immediateRender: false, gestureSettingsMouse: { clickToZoom: false } })
let anno
try { anno = AnnotoriousOSD.createOSDAnnotator(viewer, { drawingEnabled: false }) } catch (e) { window.__annotoriousError = String(e && e.stack || e) }
const colors = {}
viewer.addOnceHandler("open", async () => {
  try {
    const reply = await fetch(q.get("list"), { headers: { authorization: "Bearer " + q.get("token") } })
    const list = (await reply.json()).data.results
    const items = list.map((a) => {
      const tag = a.data.body[0]
      colors[a.id] = tag.label.color
      const nums = /points='([^']*)'/.exec(a.data.target.selector.value)[1].split(/[ ,]+/).map(Number)
      const points = []
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity
      for (let i = 0; i < nums.length; i += 2) {
        const x = nums[i], y = nums[i + 1]
        points.push([x, y])
        if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y
      }
      return { id: a.id, bodies: [], target: { annotation: a.id, selector: { type: "POLYGON", geometry: { bounds: { minX, minY, maxX, maxY }, points } } } }
    })
    anno.setStyle((a) => ({ stroke: colors[a.id], strokeWidth: 1, fill: colors[a.id], fillOpacity: 0.14 }))
    anno.setAnnotations(items)
    requestAnimationFrame(() => requestAnimationFrame(() => {
      performance.mark("annotations-drawn")
      document.getElementById("v").dataset.annotationsDrawn = String(items.length)
    }))
  } catch (e) { window.__annotoriousError = String(e && e.stack || e) }
})
</script></body></html>`.replace("__DZI__", tileSource)
    })
  })
}

const measureAnnotorious = async (
  page: Page,
  dzi: string,
  labId: string,
  token: string,
  expected: number
): Promise<Figures | { readonly failed: string }> => {
  const list = `/v2/labs/${labId}/v2/annotations/?page=1&limit=999999`
  await page.goto(`${ANNOTORIOUS_PAGE}?dzi=${encodeURIComponent(dzi)}&list=${encodeURIComponent(list)}&token=${encodeURIComponent(token)}`)
  const drawn = page.locator(`[data-annotations-drawn="${expected}"]`)
  const failed = page.waitForFunction(() => (window as { __annotoriousError?: string }).__annotoriousError, null, { timeout: 180_000 })
  const outcome = await Promise.race([
    drawn.waitFor({ timeout: 180_000 }).then(() => null),
    failed.then(async (handle) => String(await handle.jsonValue()))
  ]).catch((error: Error) => `not drawn: ${error.message.split("\n")[0]}`)
  if (outcome !== null) return { failed: outcome }
  const openToDrawnMs = await page.evaluate(() => performance.getEntriesByName("annotations-drawn")[0]?.startTime ?? Number.NaN)
  await page.waitForTimeout(1500)
  if (process.env.SCREENSHOTS === "1") await snap(page, `annotorious-${expected / 1000}k`).catch(() => undefined)
  const intervals = await script(page)
  return { openToDrawnMs, p50: quantile(intervals, 0.5), p95: quantile(intervals, 0.95), frames: intervals.length, drawP95: Number.NaN }
}

export const benchAnnotations = async (): Promise<boolean> => {
  // STATIC_DIR: an SPA build of this run's own (as the e2e tests allow); otherwise ./dist.
  if (!process.env.STATIC_DIR && !existsSync("dist/index.html")) spawnSync("npx", ["vite", "build"], { stdio: "inherit" })
  // BENCH_ONLY=ours skips Annotorious, BENCH_ONLY=100k the 10k slide; BENCH_ONLY=ours,100k both.
  const only = new Set((process.env.BENCH_ONLY ?? "").split(",").map((word) => word.trim()))
  const withTen = !only.has("100k")
  // Issue 29: 100,000 shapes with holes open in under 3 s too; BENCH_ONLY=noholes leaves them out.
  const withHoles = !only.has("noholes")
  const withAnnotorious = !only.has("ours")
  console.log(`  load average at the start: ${loadAverage()}`)
  const server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
  const browser = await launchBrowser()
  const shots = process.env.SCREENSHOTS === "1"
  try {
    const ada = await createSignedIn(server, { name: "Ada Bench" })
    const key = await pyramid(server)
    const empty = await insertSlide(server, ada, "No annotations", key)
    const small = await insertSlide(server, ada, "10k cells", key)
    const large = await insertSlide(server, ada, "100k cells", key)
    if (withTen) await seed(server, ada, small, 10_000)
    await seed(server, ada, large, 100_000)
    const holedSlide = withHoles ? await insertSlide(server, ada, "100k holed cells", key) : null
    if (holedSlide !== null) await seed(server, ada, holedSlide, 100_000, true)
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: "en-US" })
    const page = await context.newPage()
    page.on("pageerror", (error) => console.warn(`[page error] ${error.message}`))
    await signInPage(page, ada.email)

    const base = await measure(page, empty, 0, null)
    console.log(
      `  no annotations (OpenSeadragon alone): frame p50 ${base.p50.toFixed(1)} ms, p95 ${base.p95.toFixed(1)} ms (${base.frames} frames)`
    )
    const ten = withTen ? await measure(page, small, 10_000, shots ? "annotations-10k" : null) : null
    if (ten !== null)
      console.log(
        `  10k: open -> drawn ${ten.openToDrawnMs.toFixed(0)} ms, frame p50 ${ten.p50.toFixed(1)} ms, p95 ${ten.p95.toFixed(1)} ms, overlay draw p95 ${ten.drawP95.toFixed(1)} ms`
      )
    console.log(`  load average before 100k: ${loadAverage()}`)
    const hundred = await measure(page, large, 100_000, shots ? "annotations-100k" : null)
    const holed = holedSlide === null ? null : await measure(page, holedSlide, 100_000, shots ? "annotations-100k-holed" : null)
    const rows: ReadonlyArray<readonly [string, number, number, string]> = [
      ...(ten === null
        ? []
        : ([
            [
              "10k  frame p95",
              ten.p95,
              20,
              `p50 ${ten.p50.toFixed(1)} ms, ${ten.frames} frames, ${(ten.p95 / base.p95).toFixed(2)}x OpenSeadragon alone`
            ],
            ["10k  open -> drawn", ten.openToDrawnMs, Number.POSITIVE_INFINITY, ""]
          ] as const)),
      [
        "100k frame p95",
        hundred.p95,
        50,
        `p50 ${hundred.p50.toFixed(1)} ms, ${hundred.frames} frames, ${(hundred.p95 / base.p95).toFixed(2)}x OpenSeadragon alone`
      ],
      ["100k open -> drawn", hundred.openToDrawnMs, 3000, ""],
      ...(holed === null
        ? []
        : ([
            [
              "100k holed open -> drawn",
              holed.openToDrawnMs,
              3000,
              `${(holed.openToDrawnMs / hundred.openToDrawnMs).toFixed(2)}x the plain 100k`
            ],
            ["100k holed frame p95", holed.p95, 50, `${(holed.p95 / base.p95).toFixed(2)}x OpenSeadragon alone`]
          ] as const)),
      ...(ten === null
        ? []
        : ([["10k  overlay draw p95", ten.drawP95, Number.POSITIVE_INFINITY, "our scene draw inside each frame"]] as const)),
      ["100k overlay draw p95", hundred.drawP95, Number.POSITIVE_INFINITY, "our scene draw inside each frame"]
    ]
    let met = true
    for (const [name, value, target, note] of rows) {
      const ok = value <= target
      if (!ok) met = false
      const goal = Number.isFinite(target) ? `target <= ${target} ms: ${verdict(ok)}` : "(no target)"
      console.log(`  ${name.padEnd(20)} ${value.toFixed(1).padStart(8)} ms   ${goal}   ${note}`)
    }
    console.log(`  load average at the end of ours: ${loadAverage()}`)
    if (!withAnnotorious) return met
    // The same slides, shapes and script in Annotorious.
    await routeAnnotorious(page, server.url)
    const detail = await api(server).get(`/v2/labs/${large}/`, { token: ada.access })
    const dzi = (detail.body.data as { tile_source: string }).tile_source
    const theirs: Array<readonly [string, Figures | { readonly failed: string }, Figures]> = []
    for (const [name, labId, count, ours] of [
      ...(ten === null ? [] : ([["10k ", small, 10_000, ten]] as const)),
      ["100k", large, 100_000, hundred]
    ] as const) {
      const figures = await measureAnnotorious(page, dzi, labId, ada.access, count)
      theirs.push([name, figures, ours])
      if ("failed" in figures) console.log(`  Annotorious ${name}: could not run here: ${figures.failed.slice(0, 400)}`)
    }
    console.log("  @annotorious/openseadragon 3.8 beside ours (same slide, shapes and script):")
    for (const [name, figures, ours] of theirs) {
      if ("failed" in figures) continue
      console.log(
        `    ${name} frame p50 ${figures.p50.toFixed(1)} ms (ours ${ours.p50.toFixed(1)}), p95 ${figures.p95.toFixed(1)} ms (ours ${ours.p95.toFixed(1)}, ` +
          `${(ours.p95 / figures.p95).toFixed(2)}x theirs; ${(figures.p95 / base.p95).toFixed(2)}x OpenSeadragon alone), ` +
          `open -> drawn ${figures.openToDrawnMs.toFixed(0)} ms (ours ${ours.openToDrawnMs.toFixed(0)}), ${figures.frames} frames`
      )
    }
    const at100k = theirs.at(-1)![1]
    if (!("failed" in at100k)) {
      const ok = hundred.p95 <= at100k.p95 / 2
      if (!ok) met = false
      console.log(
        `  100k frame p95 vs Annotorious: ours ${hundred.p95.toFixed(1)} ms, half of theirs ${(at100k.p95 / 2).toFixed(1)} ms: ${verdict(ok)}`
      )
    } else {
      met = false
      console.log(
        `  100k frame p95 vs Annotorious: theirs not measurable (${at100k.failed.slice(0, 120)}); ours ${hundred.p95.toFixed(1)} ms`
      )
    }
    return met
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.main) process.exit((await benchAnnotations()) ? 0 : 1)
