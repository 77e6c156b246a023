// Reading the analysis panel and the viewer in the analysis e2e tests: the panel's state, a summary
// cell's text and its number in the page's language, the annotations shown, and how many pixels of
// a result label's colour the viewer draws (the detections as the user sees them).
import type { Browser, Page } from "playwright-core"
import sharp from "sharp"
import { expect } from "vitest"
import type { AnalysisKind } from "../../../src/contract/analysis.ts"
import type { SignedIn } from "../../support/api.ts"
import { openSlide, signInAs, tool } from "./annotating.ts"

export const shownCount = async (page: Page): Promise<number> =>
  Number(((await page.getByTestId("annotation-count").textContent()) ?? "").replace(/[^\d]/g, ""))

export const panelState = (page: Page): Promise<string | null> => page.getByTestId("analysis-panel").getAttribute("data-state")

export const summaryText = async (page: Page, field: string): Promise<string> =>
  ((await page.locator(`[data-testid="analysis-summary"] tr[data-field="${field}"] td`).nth(1).textContent()) ?? "").trim()

/** A formatted number read back: "1,234.5" with a decimal point, "1.234,5" with a comma (Indonesian). */
export const numberIn = (text: string, decimal: "." | ","): number =>
  Number(
    text
      .replace(decimal === "," ? /\./g : /,/g, "")
      .replace(",", ".")
      .replace(/[^\d.]/g, "")
  )

/** Pixels of the viewer's screenshot for which `match(r, g, b)` holds. */
export const viewerPixels = async (page: Page, match: (r: number, g: number, b: number) => boolean): Promise<number> => {
  const { data, info } = await sharp(await page.getByTestId("slide-viewer").screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true })
  let n = 0
  for (let i = 0; i < data.length; i += info.channels) if (match(data[i]!, data[i + 1]!, data[i + 2]!)) n++
  return n
}

/** The slide open in the viewer, the AI panel opened and the analysis `kind` chosen in its form. */
export const chooseAnalysis = async (page: Page, who: SignedIn, labId: string, kind: AnalysisKind): Promise<void> => {
  await signInAs(page, who)
  await openSlide(page, labId)
  await tool(page, "AI analysis").click()
  await expect.poll(() => panelState(page), { timeout: 10_000 }).toBe("idle")
  await page.locator(`[data-analysis="${kind}"]`).click()
}

/** A phone (390 px) signed in as `who`, on the slide's analysis panel in Indonesian, its result shown. */
export const indonesianPhone = async (browser: Browser, baseURL: string, who: SignedIn, labId: string): Promise<Page> => {
  const phone = await (await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "en-US" })).newPage()
  await signInAs(phone, who)
  await phone.goto(`/id/dashboard/labs/${labId}/annotations?panel=analysis`)
  await phone.getByTestId("analysis-results").waitFor({ timeout: 20_000 })
  return phone
}
