// A selection of many shapes deleted, brought back and relabelled in one call each, in Chromium
// against the real server (issue 29, "At 100,000"). Ada (the owner) and Bea (an admin of the folder)
// have the same slide open, with 300 cells Ada drew (seeded through the API). Ada selects them all
// and deletes them: one request, and Bea's screen empties (the message cannot name 300 ids, so her
// viewer reads the slide again). Ctrl+Z: one restore request, the 300 come back with the same ids,
// author and creation times, on both screens. Ada relabels all 300: one request, and Bea's screen
// shows the new label's count.
import type { Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { share } from "../server/support/labs-api.ts"
import { api, createSignedIn, type SignedIn } from "../support/api.ts"
import { snapWhenFailed } from "./support/annotating.ts"
import { newContext, snap } from "./support/browser.ts"
import { sharedSlide } from "./support/shared-slide.ts"
import { showSidePanel } from "./support/slide-viewer.ts"
import { expectUrl, startWorld, stopWorld, type World } from "./support/session.ts"

const CELLS = 300

let world: World
let ada: SignedIn
let bea: SignedIn
let slideId = ""
const labels = { tumour: "", stroma: "" }
let adaPage: Page
let beaPage: Page
const ids = Array.from({ length: CELLS }, () => crypto.randomUUID())

interface Stored {
  id: string
  version: number
  created_at: string
  user: { id: string }
  data: { body: Array<{ label: { id: string } }> }
}

const stored = async (): Promise<Array<Stored>> => {
  const reply = await api(world.server).get(`/v2/labs/${slideId}/v2/annotations/?page=1&limit=999999`, { token: ada.access })
  expect(reply.status).toBe(200)
  return reply.body.data.results
}

const signIn = async (page: Page, who: SignedIn) => {
  await page.goto("/login")
  await page.locator("input[type=email]").fill(who.email)
  await page.locator("input[type=password]").fill(who.password)
  await page.locator("button[type=submit]").click()
  await expectUrl(page, /\/dashboard\/labs$/)
}

const openSlide = async (page: Page) => {
  await page.goto(`/dashboard/labs/${slideId}/annotations`)
  await page.locator('[data-testid="slide-viewer"][data-state="open"]').waitFor({ timeout: 30_000 })
  await page.locator('[data-testid="annotation-count"][data-phase="ready"]').waitFor({ timeout: 15_000 })
  await showSidePanel(page)
  await page.locator("[data-testid=slide-viewer][data-annotations-drawn]").waitFor({ timeout: 15_000 })
}

const countOn = (page: Page) => page.getByTestId("annotation-count").textContent()

/**
 * The annotation writes `page` sends while `act` runs (presence left out), and its reads of the whole
 * slide (the compact read).
 */
const writesDuring = async (page: Page, act: () => Promise<void>, reads: Array<string> = []) => {
  const writes: Array<string> = []
  const seen = (request: Request) => {
    const url = new URL(request.url())
    if (request.method() !== "GET" && /\/annotations\//.test(url.pathname)) writes.push(`${request.method()} ${url.pathname}`)
    if (request.method() === "GET" && url.pathname.endsWith("/annotations/compact/")) reads.push(url.pathname)
  }
  page.on("request", seen)
  try {
    await act()
  } finally {
    page.off("request", seen)
  }
  return writes
}

beforeAll(async () => {
  world = await startWorld()
  ada = await createSignedIn(world.server, { name: "Ada Lovelace", email: "ada.bulk@example.org" })
  bea = await createSignedIn(world.server, { name: "Bea Admin", email: "bea.bulk@example.org" })
  const made = await sharedSlide(world.server, ada, { folder: "Bulk cases", file: "Bulk node.jpg", dots: 120 })
  slideId = made.slideId
  for (const [key, color] of [
    ["tumour", "#e11d48"],
    ["stroma", "#22d3ee"]
  ] as const) {
    const created = await api(world.server).post("/v2/labs/label-slide/", { lab_id: slideId, name: key, color }, { token: ada.access })
    expect(created.status).toBe(201)
    labels[key] = created.body.data.id
  }
  await share(world.server, ada, made.folderId, bea, "admin")
  // A grid of small squares over the slide (2400 x 1600).
  const reply = await api(world.server).post(
    `/v2/labs/${slideId}/v2/annotations/`,
    {
      data: ids.map((id, i) => ({
        id,
        data: {
          type: "Annotation",
          body: [{ type: "TextualBody", purpose: "tagging", value: "tumour", label: { id: labels.tumour } }],
          target: {
            source: slideId,
            selector: { type: "FragmentSelector", value: `xywh=pixel:${100 + (i % 20) * 110},${100 + Math.floor(i / 20) * 90},40,40` }
          }
        }
      }))
    },
    { token: ada.access }
  )
  expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(201)
  adaPage = await (await newContext(world.browser, world.server.url)).newPage()
  beaPage = await (await newContext(world.browser, world.server.url)).newPage()
}, 180_000)

afterAll(() => stopWorld(world))

snapWhenFailed("bulk", () => ({ ada: adaPage, bea: beaPage }))

describe("a selection of many shapes, in one call", () => {
  let before: Array<Stored> = []

  it("deletes 300 selected shapes with one request, and a second screen sees them vanish", async () => {
    await signIn(adaPage, ada)
    await signIn(beaPage, bea)
    await openSlide(adaPage)
    await openSlide(beaPage)
    await expect.poll(() => countOn(beaPage)).toBe(`${CELLS} annotations`)
    before = await stored()
    await adaPage.keyboard.press("Control+a")
    await expect.poll(() => adaPage.getByTestId("selection-bar-count").textContent()).toBe(`${CELLS} selected`)
    await snap(adaPage, "bulk-01-all-selected")
    await adaPage.keyboard.press("Delete")
    const dialog = adaPage.getByRole("dialog")
    await dialog.getByRole("heading", { name: `Delete ${CELLS} annotations?` }).waitFor()
    const reads: Array<string> = []
    const writes = await writesDuring(
      adaPage,
      async () => {
        await dialog.getByRole("button", { name: "Delete", exact: true }).click()
        await adaPage.getByText(`${CELLS} annotations deleted`).waitFor({ timeout: 15_000 })
        // Bea's screen read the slide again (the message could not name 300 ids)...
        await expect.poll(() => countOn(beaPage), { timeout: 10_000 }).toBe("0 annotations")
      },
      reads
    )
    expect(writes).toEqual([`POST /v2/labs/${slideId}/annotations/bulk-delete/`])
    // ...Ada's, which made the change and shows it, did not.
    expect(reads).toEqual([])
    expect(await stored()).toHaveLength(0)
    await expect.poll(() => countOn(adaPage)).toBe("0 annotations")
    await expect.poll(() => countOn(beaPage), { timeout: 10_000 }).toBe("0 annotations")
    await snap(beaPage, "bulk-02-second-screen-emptied")
  }, 120_000)

  it("one Ctrl+Z brings all 300 back with one request: the same ids, author and creation times, on both screens", async () => {
    const writes = await writesDuring(adaPage, async () => {
      await adaPage.keyboard.press("Control+z")
      await expect.poll(async () => (await stored()).length, { timeout: 15_000 }).toBe(CELLS)
    })
    expect(writes).toEqual([`POST /v2/labs/${slideId}/annotations/restore/`])
    const back = await stored()
    expect(back.map((a) => [a.id, a.user.id, a.created_at, a.version])).toEqual(
      before.map((a) => [a.id, a.user.id, a.created_at, a.version + 1])
    )
    await expect.poll(() => countOn(adaPage)).toBe(`${CELLS} annotations`)
    await expect.poll(() => countOn(beaPage), { timeout: 10_000 }).toBe(`${CELLS} annotations`)
    await snap(beaPage, "bulk-03-second-screen-restored")
  }, 60_000)

  it("relabels all 300 with one request, and the second screen shows the new label", async () => {
    await adaPage.keyboard.press("Control+a")
    await expect.poll(() => adaPage.getByTestId("selection-bar-count").textContent()).toBe(`${CELLS} selected`)
    // Too many to name in one message: Bea's screen reads the compact header alone, not every shape.
    const beaReads: string[] = []
    beaPage.on("request", (request) => {
      if (request.url().includes("/annotations/compact/")) beaReads.push(new URL(request.url()).search)
    })
    const writes = await writesDuring(adaPage, async () => {
      await adaPage.getByLabel("Label of the selected annotations").selectOption({ label: "stroma" })
      await expect
        .poll(async () => (await stored()).filter((a) => a.data.body[0]!.label.id === labels.stroma).length, { timeout: 15_000 })
        .toBe(CELLS)
    })
    expect(writes).toEqual([`POST /v2/labs/${slideId}/annotations/bulk-update/`])
    const labelCount = (page: Page, name: string) =>
      page.locator(`[data-testid="label-row"][data-label="${name}"] [data-testid="label-count"]`).first().textContent()
    await expect.poll(() => labelCount(beaPage, "stroma"), { timeout: 10_000 }).toBe(String(CELLS))
    await expect.poll(() => labelCount(beaPage, "tumour"), { timeout: 10_000 }).toBe("0")
    expect(beaReads).toEqual(["?parts=header"])
    await snap(beaPage, "bulk-04-second-screen-relabelled")
  }, 60_000)
})
