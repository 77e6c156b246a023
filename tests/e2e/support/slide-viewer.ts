// The slide viewer as the end-to-end tests see it: the viewer element, waiting for it to open, and
// whether its canvas shows a slide rather than its empty dark ground.
import type { Page } from "playwright-core"
import sharp from "sharp"

/** The viewer's dark ground (SlideViewer.css.ts), what an empty canvas shows. */
const GROUND = [0x16, 0x18, 0x1d] as const

export const viewerOf = (page: Page) => page.getByTestId("slide-viewer")

export const waitOpen = (page: Page) => page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })

/**
 * How much of the viewer shows the slide rather than the empty dark ground, and how many distinct
 * colours it shows (a blank or single-colour canvas has a handful).
 */
export const canvasContent = async (page: Page): Promise<{ painted: number; colours: number }> => {
  const png = await viewerOf(page).screenshot()
  // A quarter of the size is plenty to tell a slide from an empty ground, and much quicker to read.
  const { data, info } = await sharp(png).resize({ width: 360 }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let painted = 0
  const colours = new Set<number>()
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!]
    if (Math.abs(r - GROUND[0]) + Math.abs(g - GROUND[1]) + Math.abs(b - GROUND[2]) > 60) painted++
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3))
  }
  return { painted: painted / (info.width * info.height), colours: colours.size }
}

/** The side panel (labels, annotation list, details) starts closed below 1600 px: opens it if so. */
export const showSidePanel = async (page: Page): Promise<void> => {
  const panel = page.getByTestId("annotation-side-panel")
  if ((await panel.count()) === 0) await page.getByRole("button", { name: /^(Show slide details|Tampilkan detail slide)$/ }).click()
  await panel.waitFor()
}

/**
 * Opens a slide's Details tab (under `prefix`, "" or "/id") and waits until its label-and-macro list
 * has answered, so what the tab shows of a scanner's pictures is settled.
 */
export const openSlideDetails = async (page: Page, slideId: string, prefix = ""): Promise<void> => {
  const listed = page.waitForResponse((r) => r.url().endsWith(`/v2/labs/${slideId}/associated-images/`))
  await page.goto(`${prefix}/dashboard/labs/${slideId}/annotations`)
  await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
  await showSidePanel(page)
  await page.getByRole("tab", { name: prefix === "/id" ? "Detail" : "Details", exact: true }).click()
  await page.getByTestId("slide-details").waitFor()
  await listed
}

/** Keeps the text of every JSON or XML answer the page gets, to check that no secret reached it. */
export const keepAnswers = (page: Page, into: string[]): void => {
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? ""
    if (type.includes("json") || type.includes("xml")) into.push(await response.text().catch(() => ""))
  })
}
