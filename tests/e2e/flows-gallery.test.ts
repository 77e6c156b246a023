// /dev/flows in Chromium against the real server: every machine of src/machines is drawn without an
// error, a click on a state lists its transitions, and the largest machine (the annotation tools)
// is photographed to be looked at.
import { globSync, readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type StartedServer, startServer } from "../support/start-server.ts"
import { launchBrowser, settled, snap } from "./support/browser.ts"

/** Machines the sources declare, counted independently of the gallery's own catalog. */
const declared = globSync("src/machines/**/*.machine.ts").flatMap((file) => [
  ...readFileSync(file, "utf8").matchAll(/^export const \w+\s*=\s*(?:setup\(|createMachine\()/gm)
])

let server: StartedServer
let browser: Browser
let page: Page

beforeAll(async () => {
  // STATIC_DIR lets a run use an SPA build of its own; `npm run test:e2e` builds ./dist.
  server = await startServer(process.env.STATIC_DIR ? { env: { STATIC_DIR: process.env.STATIC_DIR } } : {})
  browser = await launchBrowser()
  page = await browser.newPage({ baseURL: server.url, viewport: { width: 1400, height: 900 } })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("flow gallery", () => {
  it("draws every machine without an error", async () => {
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto("/dev/flows")
    const flows = page.locator("[data-flow]")
    const drawn = page.locator("[data-diagram] svg")
    const failed = page.getByRole("alert")
    await expect.poll(() => flows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(declared.length)
    const total = await flows.count()
    await expect.poll(async () => (await drawn.count()) + (await failed.count()), { timeout: 60_000 }).toBe(total)
    expect(await failed.allTextContents()).toEqual([])
    expect(await drawn.count()).toBe(await flows.count())
    expect(errors).toEqual([])
  })

  it("lists a state's transitions when it is clicked", async () => {
    const tools = page.locator('[data-flow="annotation.toolsMachine"]')
    await tools.locator("[data-diagram] svg g.node", { hasText: "select" }).first().click()
    const chosen = tools.locator("[data-chosen-state]")
    await expect.poll(() => chosen.getAttribute("data-chosen-state")).toMatch(/select/)
    expect(await chosen.locator("[data-transitions] li").count()).toBeGreaterThan(0)
    await tools.scrollIntoViewIfNeeded()
    await settled(page)
    await snap(page, "flows-annotation-tools")
    const shot = await tools.screenshot({ path: "test-results/screenshots/flows-annotation-tools-machine.png" })
    expect(shot.length).toBeGreaterThan(10_000)
  })
})
