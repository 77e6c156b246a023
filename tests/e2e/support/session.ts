// Shared steps of the end-to-end tests: a server with the built SPA, a browser, and helpers that act
// as a person would (type, click, read mail).
import { TOTP } from "otpauth"
import type { Browser, Page } from "playwright-core"
import { PASSWORD } from "../../support/api.ts"
import { type StartedServer, startServer } from "../../support/start-server.ts"
import { type BrowserOptions, launchBrowser } from "./browser.ts"

export interface World {
  readonly server: StartedServer
  readonly browser: Browser
}

export const startWorld = async (options: BrowserOptions = {}): Promise<World> => {
  // STATIC_DIR lets a run use an SPA build of its own, as the viewer and uploads tests allow.
  // DEV_ROUTES=1 as `npm start` sets it without SMTP_URL: the outbox pages are part of a first visit.
  const server = await startServer({ env: { DEV_ROUTES: "1", ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}) } })
  const browser = await launchBrowser(options)
  return { server, browser }
}

export const stopWorld = async (world: World | undefined): Promise<void> => {
  await world?.browser.close()
  await world?.server.stop()
}

/** The current 6-digit code for a base32 secret, as an authenticator app would show it. */
export const totpNow = (secret: string, at = Date.now()): string =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: at })

/** The next step's code: the server refuses a code twice, so a second sign-in needs a fresh step. */
export const totpNextStep = async (secret: string, previous: string): Promise<string> => {
  for (;;) {
    const code = totpNow(secret)
    if (code !== previous) return code
    await new Promise((r) => setTimeout(r, 1000))
  }
}

export const linkIn = (text: string, fragment: string): string => {
  const link = text.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes(fragment))
  if (!link) throw new Error(`no link containing ${fragment} in mail:\n${text}`)
  return link
}

export const expectUrl = async (page: Page, pattern: RegExp): Promise<void> => {
  await page.waitForURL(pattern, { timeout: 15_000 })
}

/** The sign-in form's words in each language, for fillSignIn. */
export const SIGN_IN_WORDS = {
  en: { email: "Email", password: "Password", submit: "Sign in" },
  id: { email: "Email", password: "Kata sandi", submit: "Masuk" }
} as const

/** Fills the sign-in form (the test accounts' shared password unless told) and submits it. */
export const fillSignIn = async (
  page: Page,
  email: string,
  words: { readonly email: string; readonly password: string; readonly submit: string } = SIGN_IN_WORDS.en,
  password = PASSWORD
): Promise<void> => {
  await page.getByLabel(words.email).fill(email)
  await page.getByLabel(words.password, { exact: true }).fill(password)
  await page.getByRole("button", { name: words.submit }).click()
}
