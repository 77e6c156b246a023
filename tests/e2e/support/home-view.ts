// A seeded slide opened and fitted whole in the viewer ("home"), so that image pixels map to page
// pixels by the viewer's box alone: the selection and region tests click and drag on seeded shapes
// by their image coordinates.
import type { Page } from "playwright-core"
import type { SignedIn } from "../../support/api.ts"
import { expectUrl } from "./session.ts"
import { showSidePanel } from "./slide-viewer.ts"

/** The slide sharedSlide makes, in image pixels. */
export const SLIDE = { width: 2400, height: 1600 }

export const signIn = async (page: Page, who: SignedIn) => {
  await page.goto("/login")
  await page.locator("input[type=email]").fill(who.email)
  await page.locator("input[type=password]").fill(who.password)
  await page.locator("button[type=submit]").click()
  await expectUrl(page, /\/dashboard\/labs$/)
}

/** The whole slide in view, fitted to the viewer as it is now (the side panel open), and settled. */
export const home = async (page: Page) => {
  await page.locator("[data-testid=slide-viewer][data-annotations-drawn]").waitFor({ timeout: 15_000 })
  await page.keyboard.press("0")
  await page.waitForTimeout(1200)
}

/** The slide's annotation page, its shapes loaded, the side panel open, the whole slide in view. */
export const openSlideHome = async (page: Page, slideId: string, prefix = "") => {
  await page.goto(`${prefix}/dashboard/labs/${slideId}/annotations`)
  await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
  await page.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
  await showSidePanel(page)
  await home(page)
}

/**
 * Image pixels to page pixels in the home view: OpenSeadragon fits the whole slide in the viewer,
 * centred. (A test's first step checks it: a click on a seeded shape selects that shape.)
 */
export const toPage = async (page: Page, x: number, y: number) => {
  const box = await page.getByTestId("slide-viewer").boundingBox()
  if (box === null) throw new Error("the viewer has no box")
  const scale = Math.min(box.width / SLIDE.width, box.height / SLIDE.height)
  const left = box.x + (box.width - SLIDE.width * scale) / 2
  const top = box.y + (box.height - SLIDE.height * scale) / 2
  return { x: left + x * scale, y: top + y * scale }
}

export const click = async (page: Page, at: readonly [number, number], shift = false) => {
  const p = await toPage(page, ...at)
  if (shift) await page.keyboard.down("Shift")
  await page.mouse.click(p.x, p.y)
  if (shift) await page.keyboard.up("Shift")
}

/** A press at `from`, a drag in ten steps, a release at `to`, in image pixels. */
export const dragOn = async (page: Page, from: readonly [number, number], to: readonly [number, number]) => {
  const a = await toPage(page, ...from)
  const b = await toPage(page, ...to)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 10, a.y + ((b.y - a.y) * i) / 10)
  await page.mouse.up()
}

export const tool = (page: Page, name: string) => page.getByRole("toolbar", { name: "Tools" }).getByRole("button", { name, exact: true })
