// Launches the system Chromium through playwright-core. Without a Chromium the e2e tests fail with
// instructions; they never skip silently.
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"

/**
 * Debian's headless shell where installed: the same Blink and V8 without the full browser's layers
 * (Playwright's own choice for headless runs), about 10 % less time per e2e file on two cores.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"

export const chromiumPath = (): string => {
  const path = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium")
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install Debian's: \`apt-get update && apt-get install -y chromium-headless-shell\`, or set CHROMIUM_PATH to a Chromium binary.`
    )
  }
  return path
}

export interface BrowserOptions {
  /**
   * WebGL on, as a pathologist's browser has it: OpenSeadragon then draws with its WebGL drawer. Here
   * there is no GPU, and software WebGL (SwiftShader) costs about a third of a viewer file's time, so
   * only the files about what the drawer shows (the viewer, the wand reading its pixels) turn it on;
   * the rest run on OpenSeadragon's canvas drawer, its own fallback where WebGL is missing.
   */
  readonly webgl?: boolean
}

export const launchBrowser = ({ webgl = false }: BrowserOptions = {}): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // The machine has no outside network: background services would only fail and slow the start.
    args: [
      ...(webgl ? [] : ["--disable-webgl"]),
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage"
    ]
  })

export const SCREENSHOT_DIR = join(process.cwd(), "test-results", "screenshots")

/**
 * Waits for the page to be as a person would look at it: its requests settled, the top loading bar
 * finished (it lives only while the next page loads) and entrance transitions over.
 */
export const settled = async (page: Page): Promise<void> => {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined)
  await page
    .waitForFunction(() => document.querySelector("[data-testid=page-progress][data-phase=running]") === null, undefined, {
      timeout: 10_000
    })
    .catch(() => undefined)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined))
    )
  )
}

/** Saves a full-page screenshot named after the step, kept as a test artifact. */
export const snap = async (page: Page, name: string): Promise<string> => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/** A page's errors and warnings go to the test's output, so a failing step shows what the page said. */
const forwardConsole = (context: BrowserContext) =>
  context.on("page", (page) => {
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") console.warn(`[page ${message.type()}] ${message.text()}`)
    })
    page.on("pageerror", (error) => console.warn(`[page error] ${error.message}`))
    page.on("response", (response) => {
      const method = response.request().method()
      if (method === "GET") return
      const log = writes.get(page) ?? []
      log.push(`${new Date().toISOString().slice(11, 23)} ${method} ${new URL(response.url()).pathname} ${response.status()}`)
      writes.set(page, log.slice(-40))
    })
  })

/** Each page's last writes (method, path, status), kept so that a failed test can say what was sent. */
const writes = new WeakMap<Page, string[]>()

/** The page's last forty writes to the server, oldest first: what a failed step's screenshot cannot show. */
export const recentWrites = (page: Page): ReadonlyArray<string> => writes.get(page) ?? []

export const newContext = async (browser: Browser, baseURL: string): Promise<BrowserContext> => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: "en-US" })
  forwardConsole(context)
  return context
}
