// The billing e2e's page helpers: a screen looked at (screenshot, axe, no sideways scroll), a file the
// page saves, a transfer receipt as a phone would photograph it, and the question before cancelling.
import { readFile } from "node:fs/promises"
import type { Locator, Page } from "playwright-core"
import sharp from "sharp"
import { expectAccessible } from "./a11y.ts"
import { snap } from "./browser.ts"
import { expectNoSideScroll } from "./layout.ts"

export const look = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0))
  await snap(page, name)
  await expectAccessible(page, name)
  await expectNoSideScroll(page, name)
}

/**
 * Clicks the invoice page's cancel button (named `cancel` in the page's language) and answers the
 * dialog that asks first, checked to name `invoiceNumber`. Nothing is cancelled yet.
 */
export const askToCancel = async (page: Page, invoiceNumber: string, cancel: string): Promise<Locator> => {
  await page.getByRole("button", { name: cancel }).click()
  const dialog = page.getByRole("dialog", { name: new RegExp(invoiceNumber) })
  await dialog.waitFor()
  return dialog
}

/** Clicks `button` and answers the first bytes of the file the page saves. */
export const downloaded = async (page: Page, button: ReturnType<Page["getByRole"]>): Promise<{ name: string; head: string }> => {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()])
  const path = await download.path()
  const bytes = await readFile(path)
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString("latin1") }
}

/** A transfer receipt as a phone would photograph it: a real PNG with a few lines drawn on it. */
export const receiptPng = async (): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640"><rect width="100%" height="100%" fill="#f8fafc"/>` +
        `<rect x="24" y="24" width="432" height="72" rx="8" fill="#1d4ed8"/>` +
        `<text x="48" y="70" font-size="28" fill="#fff" font-family="sans-serif">Transfer berhasil</text>` +
        `<text x="48" y="160" font-size="22" fill="#111" font-family="sans-serif">BCA 1234567890</text>` +
        `<text x="48" y="210" font-size="30" fill="#111" font-family="sans-serif">Rp 150.xxx</text></svg>`
    )
  )
    .png()
    .toBuffer()
