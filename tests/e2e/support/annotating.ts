// The steps the annotation tests share, as a person takes them on the slide page: sign in, open the
// slide with its annotations loaded and the side panel shown, pick a tool on the rail, a point of the
// viewer as fractions of its box, a mouse drag; and what the server and the viewer's chip say.
import type { Page } from "playwright-core"
import { afterEach, expect } from "vitest"
import { api, type SignedIn } from "../../support/api.ts"
import type { StartedServer } from "../../support/start-server.ts"
import { expectUrl, fillSignIn, SIGN_IN_WORDS } from "./session.ts"
import { recentWrites, snap } from "./browser.ts"
import { showSidePanel } from "./slide-viewer.ts"

/** An annotation as `GET /v2/labs/{id}/v2/annotations/` answers it: its label's tag first, then its comments. */
export interface Stored {
  id: string
  version: number
  visible: boolean
  user: { id: string; email: string; name: string }
  data: {
    body: [
      { type: string; purpose: "tagging"; value: string; label: { id: string; name?: string; color?: string } },
      ...Array<{ type: string; purpose: "commenting"; value: string }>
    ]
    target: { selector: { type: string; value: string } }
  }
}

/** Signs in through the sign-in page (in English) and waits for the file list. */
export const signInAs = async (page: Page, who: SignedIn): Promise<void> => {
  await page.goto("/login")
  await fillSignIn(page, who.email, SIGN_IN_WORDS.en, who.password)
  await expectUrl(page, /\/dashboard\/labs$/)
}

/** Opens the slide's viewer and waits for it and its annotations; opens the side panel if closed. */
export const openSlide = async (page: Page, slideId: string): Promise<void> => {
  await page.goto(`/dashboard/labs/${slideId}/annotations`)
  await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 20_000 })
  await page.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
  await showSidePanel(page)
}

/** A button of the tool rail, by its name ("Rectangle", "Pan and zoom", ...). */
export const tool = (page: Page, name: string) => page.getByRole("toolbar", { name: "Tools" }).getByRole("button", { name, exact: true })

/** A point of the viewer, as fractions of its box, in page pixels. */
export const at = async (page: Page, fx: number, fy: number): Promise<{ x: number; y: number }> => {
  const box = await page.getByTestId("slide-viewer").boundingBox()
  if (box === null) throw new Error("the viewer has no box")
  return { x: box.x + box.width * fx, y: box.y + box.height * fy }
}

/** Presses at `from`, moves to `to` in `steps` even steps, releases. */
export const drag = async (page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 10): Promise<void> => {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let i = 1; i <= steps; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps)
  await page.mouse.up()
}

/** The number the viewer's annotation chip shows. */
export const shownCount = async (page: Page): Promise<number> =>
  Number(((await page.getByTestId("annotation-count").textContent()) ?? "").replace(/[^0-9]/g, "") || "0")

/** Every annotation of the slide, as the server holds it now. */
export const storedAnnotations = async (server: Pick<StartedServer, "url">, slideId: string, who: SignedIn): Promise<Array<Stored>> => {
  const reply = await api(server).get(`/v2/labs/${slideId}/v2/annotations/?page=1&limit=999999`, { token: who.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}

/** After a failed test, a screenshot of each person's page, named after the file's prefix and the test. */
export const snapWhenFailed = (prefix: string, pages: () => Readonly<Record<string, Page | undefined>>): void => {
  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail") return
    for (const [who, page] of Object.entries(pages()))
      if (page !== undefined) {
        console.warn(`[${who}'s last writes]\n${recentWrites(page).join("\n")}`)
        await snap(page, `failed-${prefix}-${who}-${task.name.replace(/\W+/g, "-")}`)
      }
  })
}
