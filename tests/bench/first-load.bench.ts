// The JavaScript a first visit downloads before its page is usable, as a real Chromium loads it from
// the real server: every script the page fetched until the sign-in form is shown and the network is
// quiet, each counted at its gzip size (level 9, as a build would precompress it).
// Run: npm run bench (not part of CI; builds the SPA first when dist/ is missing).
// Target (issue 10): /login at most 150 KB of gzipped JavaScript, React alone being about 68 KB.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { gzipSync } from "node:zlib"
import { launchBrowser } from "../e2e/support/browser.ts"
import { startServer } from "../support/start-server.ts"

const BUDGET_KB = 150

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

export const benchFirstLoad = async (): Promise<boolean> => {
  if (!existsSync("dist/index.html")) spawnSync("npx", ["vite", "build"], { stdio: "inherit" })
  const server = await startServer()
  const browser = await launchBrowser()
  try {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage()
    const scripts = new Map<string, { raw: number; gzip: number }>()
    const pending: Array<Promise<void>> = []
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return
      pending.push(
        response.body().then((body) => {
          scripts.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
        })
      )
    })
    await page.goto("/login", { waitUntil: "networkidle" })
    await page.locator("input[type=email]").waitFor()
    await Promise.all(pending)
    const rows = [...scripts].sort((a, b) => b[1].gzip - a[1].gzip)
    for (const [path, size] of rows)
      console.log(`  ${path.padEnd(48)} ${kb(size.raw).padStart(7)} KB raw  ${kb(size.gzip).padStart(6)} KB gzip`)
    const total = rows.reduce((sum, [, size]) => sum + size.gzip, 0)
    const met = total / 1024 <= BUDGET_KB
    console.log(`/login: ${rows.length} scripts, ${kb(total)} KB gzip; target <= ${BUDGET_KB} KB: ${met ? "met" : "MISSED"}`)
    return met
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (import.meta.main) process.exit((await benchFirstLoad()) ? 0 : 1)
