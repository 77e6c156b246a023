// The bytes a first visit costs on the wire, as a real Chromium loads three pages from the real server
// (the built SPA, its precompressed copies): /login signed out, the file list and a slide in the viewer
// signed in, each in a fresh browser (nothing cached). For every file: what went over the wire (body as
// sent, so brotli or gzip where the server had a copy) against its raw size.
// Run: npm run bench (not part of CI; builds the SPA first when dist/ is missing).
// Target: the scripts, styles and page of each load go out at most a third of their raw size.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { launchBrowser } from "../e2e/support/browser.ts"
import { createFolder } from "../server/support/labs-api.ts"
import { readySlide } from "../server/support/ready-slide.ts"
import { createSignedIn, PASSWORD } from "../support/api.ts"
import { type StartedServer, startServer } from "../support/start-server.ts"

const TARGET_RATIO = 1 / 3
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

interface Sent {
  readonly path: string
  readonly type: string
  readonly encoding: string
  readonly wire: number
  readonly raw: number
}

/** Loads `path` in a fresh context (signed in as `email` first, when given) and lists what it fetched. */
const load = async (browser: Browser, server: StartedServer, path: string, ready: (page: Page) => Promise<unknown>, email?: string) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  if (email) {
    await page.goto("/login")
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.waitForURL(/\/dashboard\/labs$/)
    // The measured load starts from an empty cache, as a colleague's link opened in a new browser would.
    const session = await context.storageState()
    await context.close()
    const fresh = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, storageState: session })
    return measure(await fresh.newPage(), path, ready)
  }
  return measure(page, path, ready)
}

const measure = async (page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<Sent[]> => {
  const pending: Array<Promise<Sent | null>> = []
  page.on("requestfinished", (request) => {
    const type = request.resourceType()
    if (!["document", "script", "stylesheet", "fetch", "xhr"].includes(type)) return
    pending.push(
      (async () => {
        const response = await request.response()
        if (!response) return null
        const [sizes, body, headers] = await Promise.all([
          request.sizes(),
          response.body().catch(() => Buffer.alloc(0)),
          response.allHeaders()
        ])
        return {
          path: new URL(request.url()).pathname,
          type,
          encoding: headers["content-encoding"] ?? "-",
          wire: sizes.responseBodySize,
          raw: body.length
        }
      })()
    )
  })
  await page.goto(path, { waitUntil: "networkidle" })
  await ready(page)
  const rows = (await Promise.all(pending)).filter((row): row is Sent => row !== null)
  await page.context().close()
  return rows
}

const report = (name: string, rows: ReadonlyArray<Sent>): boolean => {
  console.log(`\n${name}`)
  const sorted = [...rows].sort((a, b) => b.raw - a.raw)
  for (const row of sorted)
    console.log(
      `  ${row.path.slice(0, 52).padEnd(52)} ${row.type.padEnd(10)} ${row.encoding.padEnd(5)} ${kb(row.wire).padStart(8)} KB sent ${kb(row.raw).padStart(8)} KB raw`
    )
  const code = rows.filter((row) => row.type !== "fetch" && row.type !== "xhr")
  const wire = code.reduce((sum, row) => sum + row.wire, 0)
  const raw = code.reduce((sum, row) => sum + row.raw, 0)
  const met = raw > 0 && wire / raw <= TARGET_RATIO
  console.log(
    `${name}: page, scripts and styles ${kb(wire)} KB sent of ${kb(raw)} KB raw (${((wire / raw) * 100).toFixed(0)}%); target <= ${(TARGET_RATIO * 100).toFixed(0)}%: ${met ? "met" : "MISSED"}`
  )
  return met
}

export const benchTransfer = async (): Promise<boolean> => {
  if (!existsSync("dist/index.html")) spawnSync("npx", ["vite", "build"], { stdio: "inherit" })
  const server = await startServer()
  const browser = await launchBrowser()
  try {
    const ada = await createSignedIn(server, { name: "Ada Lovelace" })
    const folder = await createFolder(server, ada, "Liver biopsies")
    const slide = await readySlide(server, { ownerId: ada.id, parentId: folder.id, name: "Biopsy 12.png" })
    const login = await load(browser, server, "/login", (page) => page.locator("input[type=email]").waitFor())
    const list = await load(
      browser,
      server,
      `/dashboard/labs/${folder.id}`,
      (page) => page.getByTestId("lab-item").first().waitFor(),
      ada.email
    )
    const viewer = await load(
      browser,
      server,
      `/dashboard/labs/${slide.labId}/annotations`,
      (page) => page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 }),
      ada.email
    )
    const results = [report("/login", login), report("the file list", list), report("the viewer", viewer)]
    return results.every(Boolean)
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.main) process.exit((await benchTransfer()) ? 0 : 1)
